/**
 * `@socio/ui/testing`: clock-free helpers for stories and tests (never published: the packed package
 * exports only `dist`). A story checks what was scheduled and fires it itself, instead of waiting for a
 * real delay that a busy machine stretches.
 */

export interface HeldTimeouts {
  /** Timers of the held delay set and not yet fired nor cleared. */
  readonly pending: number;
  /** Runs every pending held timer (in the order they were set). */
  fire(): void;
  /** Puts `setTimeout` and `clearTimeout` back; pending held timers are dropped. */
  restore(): void;
}

/**
 * Holds the timers of exactly `delay` ms set from now on (`setTimeout(fn, delay)` on the page): they run
 * only when `fire()` is called. Timers of any other delay run as usual (testing-library's polling,
 * user-event, React Query), so pick a delay only the code under test uses (an auto-close, a debounce).
 */
export function holdTimeouts(delay: number): HeldTimeouts {
  const realSet = globalThis.setTimeout;
  const realClear = globalThis.clearTimeout;
  const held = new Map<number, () => void>();
  // Ids far above the browser's own, so clearing one never clears a real timer.
  let nextId = 1_000_000_000;
  const fakeSet = (handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
    if (timeout === delay && typeof handler === 'function') {
      nextId += 1;
      held.set(nextId, () => handler(...args));
      return nextId;
    }
    return realSet(handler, timeout, ...args);
  };
  const fakeClear = (id?: number) => {
    if (id !== undefined && held.delete(id)) return;
    realClear(id);
  };
  globalThis.setTimeout = fakeSet as typeof globalThis.setTimeout;
  globalThis.clearTimeout = fakeClear as typeof globalThis.clearTimeout;
  return {
    get pending() {
      return held.size;
    },
    fire() {
      const due = [...held.values()];
      held.clear();
      for (const run of due) run();
    },
    restore() {
      held.clear();
      globalThis.setTimeout = realSet;
      globalThis.clearTimeout = realClear;
    },
  };
}

/**
 * Lets what is already under way run to its end: promise callbacks, the 0 ms timers they schedule
 * (React Query's notifications), React's commit and the next frames. It counts turns of the event loop
 * rather than milliseconds, so a slow machine only makes it slower. Use it before checking that
 * something did NOT happen (a stale answer that must not land, a second download that must not start).
 */
export async function settled(turns = 3): Promise<void> {
  for (let i = 0; i < turns; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
  }
}

/**
 * The screen sizes of the Storybook viewport toolbar, on every story (the Vitest browser run resizes
 * the page to the one a story picks): the two sizes staff use, a 1366×768 laptop and a 390×844 phone.
 */
export const STORY_VIEWPORTS = {
  laptop1366: { name: 'Laptop 1366×768', styles: { width: '1366px', height: '768px' }, type: 'desktop' },
  movil390: { name: 'Móvil 390 px', styles: { width: '390px', height: '844px' }, type: 'mobile' },
} as const;

/**
 * Story `parameters` for components that open over the page (modals, dialogs): on the docs page each
 * story renders in its own frame, so one open on render does not cover the whole page.
 */
export const DOCS_IN_FRAMES = { docs: { story: { inline: false, height: '480px' } } };
