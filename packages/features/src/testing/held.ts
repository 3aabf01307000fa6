/**
 * A promise the test (or story) settles when it chooses: `release(value)` or `fail(error)`. What lets a fake port
 * answer in the order a test wants and a story hold a step on screen.
 */
export function held<T = void>() {
  let release: (value: T) => void = () => undefined;
  let fail: (error: unknown) => void = () => undefined;
  const promise = new Promise<T>((resolve, reject) => {
    release = resolve;
    fail = reject;
  });
  return { promise, release, fail };
}

/** A `held` promise: its type, for arrays and maps of them. */
export type Held<T = void> = ReturnType<typeof held<T>>;
