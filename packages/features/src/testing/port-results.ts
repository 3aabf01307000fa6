import { InvalidResponseError, NetworkError } from '../errors';

/** A port call that never settles: freezes a screen in its loading state. */
export function pending<T>(): Promise<T> {
  return new Promise<T>(() => {});
}

/** A port call that fails like an unreachable server. */
export function offline<T>(): Promise<T> {
  return Promise.reject(new NetworkError(new TypeError('Failed to fetch')));
}

/** A port call whose answer broke its contract (what the HTTP adapters throw on a malformed body). */
export function invalidResponse<T>(call = 'GET /prueba'): Promise<T> {
  return Promise.reject(new InvalidResponseError(call, new Error('cuerpo con forma inesperada')));
}

/**
 * `port` whose `method` fails (with `failure()`) on its first call and answers from `port` after: an
 * error state with a working 'Intentar de nuevo'. Call it once per story so each starts failing.
 */
export function failingFirst<P extends object, K extends keyof P>(
  port: P,
  method: K,
  failure: () => Promise<never>,
): P {
  const answer = port[method] as (...args: unknown[]) => unknown;
  let calls = 0;
  return { ...port, [method]: (...args: unknown[]) => (++calls === 1 ? failure() : answer(...args)) };
}
