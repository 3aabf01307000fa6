import type { RowData } from '@tanstack/react-table';
import {
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { DataTableRow } from './use-data-table';

export interface RowFocusOptions<TData extends RowData> {
  /** Rows of the body in display order. */
  rows: DataTableRow<TData>[];
  /** Rows are focusable (the table has `onRowClick` or `onRowFocus`). */
  enabled: boolean;
  /** The row marked as current; when it changes it takes the tab stop. */
  activeRowId: string | null | undefined;
  onRowClick?: (row: TData, rowId: string) => void;
  onRowFocus?: (row: TData, rowId: string) => void;
  /** The scrolling container and the header that sticks on top of it. */
  scrollRef: RefObject<HTMLElement | null>;
  headRef: RefObject<HTMLElement | null>;
  /** The container caps the height: a focused row is revealed inside it, below the sticky header. */
  contained: boolean;
  /** Virtualised body: the indexes in the DOM now, and how to bring another index into view. */
  virtual?: { indexes: readonly number[]; scrollToIndex: (index: number) => void };
}

export interface RowFocus<TData extends RowData> {
  /** The row with `tabIndex=0` (roving tabindex); null when rows are not focusable. */
  tabbableId: string | null;
  /** Stable handlers for the rows (memoised rows keep them across renders). */
  onActivate: ((row: DataTableRow<TData>) => void) | undefined;
  onNavigate: (event: KeyboardEvent<HTMLTableRowElement>, row: DataTableRow<TData>) => void;
  onFocusRow: (row: DataTableRow<TData>) => void;
}

/** The body row with this id inside the container. */
function findRow(container: HTMLElement | null, rowId: string): HTMLElement | null {
  return (
    container?.querySelector<HTMLElement>(
      `tr[data-slot="data-table-row"][data-row-id="${CSS.escape(rowId)}"]`,
    ) ?? null
  );
}

/** Scrolls the container the least needed to show the row below its sticky header. */
function revealRow(container: HTMLElement, head: HTMLElement | null, row: HTMLElement) {
  const frame = container.getBoundingClientRect();
  const box = row.getBoundingClientRect();
  const top = frame.top + container.clientTop + (head?.offsetHeight ?? 0);
  const bottom = frame.top + container.clientTop + container.clientHeight;
  if (box.top < top) container.scrollTop -= top - box.top;
  else if (box.bottom > bottom) container.scrollTop += box.bottom - bottom;
}

/** Index the key moves to from `from`, or null when the key does not move. */
function targetIndex(key: string, from: number, count: number): number | null {
  switch (key) {
    case 'ArrowDown':
      return Math.min(count - 1, from + 1);
    case 'ArrowUp':
      return Math.max(0, from - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * Keyboard access to the rows of a DataTable: one row in the tab order (the last focused, else the
 * active one, else the first; a new active row takes it), ArrowUp/ArrowDown/Home/End move the focus
 * between rows, and in a virtualised body the target row is scrolled into view first, then focused
 * once rendered.
 */
export function useRowFocus<TData extends RowData>(options: RowFocusOptions<TData>): RowFocus<TData> {
  const { rows, enabled, activeRowId, onRowClick, virtual } = options;

  // Row id → display index (only for focusable rows); shared by the tab stop and the arrow keys.
  const indexById = useMemo(
    () => (enabled ? new Map(rows.map((row, index) => [row.id, index])) : null),
    [rows, enabled],
  );
  const latest = useRef({ ...options, indexById });
  latest.current = { ...options, indexById };

  // The last focused row; the parent choosing another active row takes the tab stop back.
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const [lastActiveId, setLastActiveId] = useState(activeRowId);
  if (activeRowId !== lastActiveId) {
    setLastActiveId(activeRowId);
    setFocusedId(null);
  }

  /** A row to focus as soon as it is rendered (virtualised rows appear after the scroll). */
  const pendingFocus = useRef<string | null>(null);
  const focusElement = useCallback((element: HTMLElement) => {
    const { contained, scrollRef, headRef } = latest.current;
    const container = scrollRef.current;
    if (contained && container) {
      element.focus({ preventScroll: true });
      revealRow(container, headRef.current, element);
    } else {
      element.focus();
    }
  }, []);
  useLayoutEffect(() => {
    const rowId = pendingFocus.current;
    if (rowId === null) return;
    const element = findRow(latest.current.scrollRef.current, rowId);
    if (element) {
      pendingFocus.current = null;
      focusElement(element);
    }
  });

  const onNavigate = useCallback(
    (event: KeyboardEvent<HTMLTableRowElement>, row: DataTableRow<TData>) => {
      const { rows: current, indexById: indices, virtual: body, scrollRef } = latest.current;
      const from = indices?.get(row.id);
      if (from === undefined) return;
      const to = targetIndex(event.key, from, current.length);
      if (to === null) return;
      event.preventDefault();
      const target = current[to];
      if (!target || to === from) return;
      setFocusedId(target.id);
      const element = findRow(scrollRef.current, target.id);
      if (element) {
        focusElement(element);
        return;
      }
      pendingFocus.current = target.id;
      body?.scrollToIndex(to);
    },
    [focusElement],
  );

  const onFocusRow = useCallback((row: DataTableRow<TData>) => {
    setFocusedId(row.id);
    latest.current.onRowFocus?.(row.original, row.id);
  }, []);

  const activate = useCallback((row: DataTableRow<TData>) => {
    latest.current.onRowClick?.(row.original, row.id);
  }, []);

  let tabbableId: string | null = null;
  if (indexById) {
    const preferred = [focusedId, activeRowId].find(
      (rowId): rowId is string => rowId !== null && rowId !== undefined && indexById.has(rowId),
    );
    let index = preferred === undefined ? 0 : (indexById.get(preferred) ?? 0);
    // A virtualised body keeps a tab stop among the rows it renders.
    if (virtual && virtual.indexes.length > 0 && !virtual.indexes.includes(index)) {
      index = virtual.indexes[0] ?? 0;
    }
    tabbableId = rows[index]?.id ?? null;
  }

  return { tabbableId, onActivate: onRowClick ? activate : undefined, onNavigate, onFocusRow };
}
