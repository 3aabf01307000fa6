import { afterEach, describe, expect, it, vi } from 'vitest';
import { installPreloadRecovery, PRELOAD_RELOAD_KEY } from './preload-recovery';

/** A window stand-in: its own event target and storage, a spied reload. */
function fakeWindow() {
  const events = new EventTarget();
  return {
    addEventListener: events.addEventListener.bind(events) as Window['addEventListener'],
    dispatch: () => {
      const event = new Event('vite:preloadError', { cancelable: true });
      events.dispatchEvent(event);
      return event;
    },
    sessionStorage: window.sessionStorage,
    location: { reload: vi.fn() },
  };
}

describe('chunk that fails to load after a deploy (issue 19 item 12)', () => {
  afterEach(() => window.sessionStorage.clear());

  it('reloads the page once by itself, then lets the next failure reach the error screen', () => {
    const win = fakeWindow();
    installPreloadRecovery(win);

    const first = win.dispatch();
    expect(first.defaultPrevented).toBe(true);
    expect(win.location.reload).toHaveBeenCalledTimes(1);
    expect(window.sessionStorage.getItem(PRELOAD_RELOAD_KEY)).not.toBeNull();

    // The page after the reload: the chunk fails again — no loop, the error goes on.
    const reloaded = fakeWindow();
    installPreloadRecovery(reloaded);
    const second = reloaded.dispatch();
    expect(second.defaultPrevented).toBe(false);
    expect(reloaded.location.reload).not.toHaveBeenCalled();
    // A later deploy in the same tab gets its own reload.
    expect(window.sessionStorage.getItem(PRELOAD_RELOAD_KEY)).toBeNull();
  });
});
