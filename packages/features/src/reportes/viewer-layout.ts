/**
 * How the reportes screen shares its width between the list and the PDF viewer when they sit side by
 * side (xl and up): the list's share, and whether the viewer is hidden. Pure: the app's storage adapter
 * keeps it as text through `parseViewerLayout` / `JSON.stringify`.
 */
export interface ViewerLayout {
  /** Width of the list, in percent of the two panes. */
  listPercent: number;
  /** The viewer is hidden ('Ocultar visor'); the list takes the whole width. */
  collapsed: boolean;
}

/** The list's share: default 60 % (3 : 2, where the table fits 1366 px), limits and arrow-key step. */
export const VIEWER_LAYOUT_LIMITS = { min: 40, max: 80, step: 5 } as const;
export const DEFAULT_VIEWER_LAYOUT: ViewerLayout = { listPercent: 60, collapsed: false };

/** The layout kept as text (JSON), or the default for anything missing, malformed or out of range. */
export function parseViewerLayout(raw: string | null | undefined): ViewerLayout {
  if (!raw) return DEFAULT_VIEWER_LAYOUT;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return DEFAULT_VIEWER_LAYOUT;
  }
  if (typeof value !== 'object' || value === null) return DEFAULT_VIEWER_LAYOUT;
  const { listPercent, collapsed } = value as Record<string, unknown>;
  const { min, max } = VIEWER_LAYOUT_LIMITS;
  return {
    listPercent:
      typeof listPercent === 'number' && Number.isFinite(listPercent)
        ? Math.min(max, Math.max(min, Math.round(listPercent)))
        : DEFAULT_VIEWER_LAYOUT.listPercent,
    collapsed: collapsed === true,
  };
}
