/**
 * Long work on one request (a 100,000-row save, a big PDF) lets every other request run between its pieces.
 */

/** Lets pending I/O (other requests) run: on PGlite a query can settle without returning to the event loop. */
export const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));
