import { DEFAULT_VIEWER_LAYOUT, parseViewerLayout, type ViewerLayout } from '@socio/features/reportes';

/** The key under which Reportes keeps how its list and PDF viewer share the width (JSON). */
export const VIEWER_LAYOUT_KEY = 'socio.reportes.visor';

/**
 * The Reportes layout (splitter share, viewer hidden) in localStorage, so it survives a reload and the
 * next sign-in on this browser. Unreadable or foreign data reads as the default; a storage that
 * refuses writes (private mode, quota) only forgets the choice.
 */
export function createViewerLayoutStore(storage: Storage = window.localStorage) {
  return {
    read(): ViewerLayout {
      try {
        return parseViewerLayout(storage.getItem(VIEWER_LAYOUT_KEY));
      } catch {
        return DEFAULT_VIEWER_LAYOUT;
      }
    },
    write(layout: ViewerLayout): void {
      try {
        storage.setItem(VIEWER_LAYOUT_KEY, JSON.stringify(layout));
      } catch {
        // Not kept: the screen goes on with the layout it shows.
      }
    },
  };
}
