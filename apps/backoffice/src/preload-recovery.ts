/**
 * After a new deploy, an open tab still points at the old build's chunk files, which are gone: the
 * next lazy screen fails to load ('Failed to fetch dynamically imported module'). Vite fires
 * `vite:preloadError` then; reloading once picks up the new build, before any error screen shows.
 * A mark in sessionStorage keeps it to one reload: if the chunk fails again right after that reload,
 * the error goes on to the error screen (and the mark is cleared, so a later deploy gets its reload).
 */
export const PRELOAD_RELOAD_KEY = 'socio.preload-reload';

export interface PreloadRecoveryTarget {
  addEventListener: Window['addEventListener'];
  sessionStorage: Storage;
  location: { reload: () => void };
}

export function installPreloadRecovery(target: PreloadRecoveryTarget = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    if (target.sessionStorage.getItem(PRELOAD_RELOAD_KEY) !== null) {
      target.sessionStorage.removeItem(PRELOAD_RELOAD_KEY);
      return;
    }
    target.sessionStorage.setItem(PRELOAD_RELOAD_KEY, '1');
    event.preventDefault();
    target.location.reload();
  });
}
