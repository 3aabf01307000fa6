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
