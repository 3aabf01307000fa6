/**
 * The pause of an in-memory port (stories and tests): resolves after `ms`, or at once when `ms` is 0
 * or less; rejects with the signal's reason if the call is aborted meanwhile, or already was (as fetch does).
 */
export function fakeDelay(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}
