/** mulberry32: a small, fast, deterministic PRNG (the same seed always gives the same sequence). */
export function createRng(seed: number) {
  let a = seed >>> 0;
  /** A number in [0, 1). */
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  /** A whole number from 0 to `max - 1`. */
  const below = (max: number) => Math.floor(next() * max);
  return {
    next,
    below,
    /** A whole number from `min` to `max`, both included. */
    int: (min: number, max: number) => min + below(max - min + 1),
    pick: <T>(items: readonly T[]): T => items[below(items.length)] as T,
    /** True with probability `p`. */
    chance: (p: number) => next() < p,
  };
}

export type Rng = ReturnType<typeof createRng>;
