/**
 * Requests of the wizard sent with a few in flight: while the server answers one batch (or stores one part of
 * the lote), the next is already compressed and on its way instead of waiting for that answer.
 */

/**
 * Runs `task(0)` … `task(count - 1)`, each started in index order, at most `limit` running at once. The first
 * failure aborts the others (the `signal` each task gets) and is thrown once every started task has settled;
 * no task starts after a failure or after `signal` aborts.
 */
export async function runInFlight(
  count: number,
  limit: number,
  task: (index: number, signal: AbortSignal) => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  signal.throwIfAborted();
  const inner = new AbortController();
  const onAbort = () => inner.abort(signal.reason);
  signal.addEventListener('abort', onAbort, { once: true });
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async () => {
    while (next < count && !inner.signal.aborted) {
      const index = next++;
      try {
        await task(index, inner.signal);
      } catch (error) {
        if (!failure) {
          failure = { error };
          inner.abort(error);
        }
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(0, Math.min(limit, count)) }, lane));
  } finally {
    signal.removeEventListener('abort', onAbort);
  }
  if (failure) throw (failure as { error: unknown }).error;
  signal.throwIfAborted();
}

/**
 * `runInFlight` of requests whose bodies take a while to make (written, compressed): `prepare(index)` makes task
 * `index`'s body and `send(index, body)` sends it, at most `limit` sends at once. Task `index + limit`'s body is
 * made as soon as task `index`'s is sent, so a send that ends is followed at once by the next one (its body
 * ready) instead of by the making of it: at most `limit` bodies wait made ahead. A failure (of a `prepare` or a
 * `send`) or `signal` aborting stops everything as in `runInFlight`: nothing is sent after it, and it is thrown
 * once every started `prepare` and `send` has settled.
 */
export async function runPrepared<P>(
  count: number,
  limit: number,
  prepare: (index: number, signal: AbortSignal) => Promise<P>,
  send: (index: number, prepared: P, signal: AbortSignal) => Promise<void>,
  signal: AbortSignal,
): Promise<void> {
  const ahead = new Map<number, Promise<P>>();
  // The preparations not settled yet (never the bodies made: those are dropped once sent).
  const making = new Set<Promise<void>>();
  const start = (index: number, taskSignal: AbortSignal) => {
    const body = prepare(index, taskSignal);
    // Awaited by its task (which sees a failure); a body made for a task never taken after an abort is dropped.
    const settled = body.then(
      () => undefined,
      () => undefined,
    );
    making.add(settled);
    void settled.then(() => making.delete(settled));
    return body;
  };
  try {
    await runInFlight(
      count,
      limit,
      async (index, taskSignal) => {
        const made = ahead.get(index) ?? start(index, taskSignal);
        ahead.delete(index);
        const prepared = await made;
        taskSignal.throwIfAborted();
        const sent = send(index, prepared, taskSignal);
        if (index + limit < count) ahead.set(index + limit, start(index + limit, taskSignal));
        await sent;
      },
      signal,
    );
  } finally {
    await Promise.all(making);
  }
}

/** Takes one of the shared slots (`createSlots`), resolved with the function that gives it back. */
export type TakeSlot = (signal: AbortSignal) => Promise<() => void>;

/**
 * `limit` slots shared by requests started apart (the lote's parts, offered together once processing ends):
 * each waits for a free one, in the order asked. A request whose signal aborts while waiting stops waiting
 * (rejects with the reason) and takes none.
 */
export function createSlots(limit: number): TakeSlot {
  let free = limit;
  const waiting: (() => void)[] = [];
  const give = () => {
    const wake = waiting.shift();
    if (wake) wake();
    else free++;
  };
  return (signal) => {
    signal.throwIfAborted();
    let given = false;
    const release = () => {
      if (given) return;
      given = true;
      give();
    };
    if (free > 0) {
      free--;
      return Promise.resolve(release);
    }
    return new Promise((resolve, reject) => {
      const wake = () => {
        signal.removeEventListener('abort', onAbort);
        resolve(release);
      };
      const onAbort = () => {
        waiting.splice(waiting.indexOf(wake), 1);
        reject(signal.reason);
      };
      waiting.push(wake);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  };
}
