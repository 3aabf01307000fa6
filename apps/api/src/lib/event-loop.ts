/**
 * Long work on one request (a 100,000-row save, a big PDF) lets every other request run between its pieces.
 */

/** Lets pending I/O (other requests) run: on PGlite a query can settle without returning to the event loop. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs the jobs given to `run` one at a time, in the order given, the event loop turning between two. Several
 * long tasks made of pieces share one: they take turns piece by piece. On PGlite a statement runs in this thread
 * and the next one queued for its connection starts as soon as it settles, in the same turn: three big uploads
 * each writing a part of its own held the loop for three parts at a time (issue 22.4). Sharing one of these,
 * they hold it for one part per turn, and a request arriving meanwhile waits for one part, not one per upload.
 */
export class OneAtATime {
  #last: Promise<unknown> = Promise.resolve();

  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.#last.then(job);
    this.#last = result.then(yieldToEventLoop, yieldToEventLoop);
    return result;
  }
}
