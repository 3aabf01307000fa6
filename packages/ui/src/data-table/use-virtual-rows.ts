import { useVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { type RefObject, useLayoutEffect, useState } from 'react';

/** Rows above which `virtualize="auto"` renders only the visible rows. */
export const DATA_TABLE_VIRTUALIZE_THRESHOLD = 200;
/** Height cap of a virtualised table without `maxHeight`. */
export const DEFAULT_VIRTUAL_HEIGHT = 480;
export const DEFAULT_ROW_HEIGHT = 37;

export interface VirtualRowsOptions {
  /** Whether to virtualise at all. */
  enabled: boolean;
  /** Rows in the body. */
  count: number;
  /** Stable key of the row at an index. */
  getItemKey: (index: number) => string | number;
  estimateRowHeight: number;
  /** The scrolling container. */
  scrollRef: RefObject<HTMLElement | null>;
  /** The table header, which scrolls with the rows and so offsets them. */
  headRef: RefObject<HTMLElement | null>;
}

export interface VirtualRows {
  /** Indexes of the rows to render now. */
  indexes: number[];
  /** Height of the empty space above and below the rendered rows (spacer rows keep the scroll height). */
  paddingTop: number;
  paddingBottom: number;
  /** Ref of each rendered row, so that its real height is measured. */
  measureElement: Virtualizer<HTMLElement, Element>['measureElement'];
  /** Scrolls the least needed to show the row at an index below the sticky header. */
  scrollToIndex: (index: number) => void;
}

/** Only the rows in view (plus a few), for bodies of thousands of rows. */
export function useVirtualRows({
  enabled,
  count,
  getItemKey,
  estimateRowHeight,
  scrollRef,
  headRef,
}: VirtualRowsOptions): VirtualRows {
  const [headerHeight, setHeaderHeight] = useState(0);
  useLayoutEffect(() => {
    if (!enabled) return;
    const head = headRef.current;
    if (head) setHeaderHeight(head.offsetHeight);
  }, [enabled, headRef]);
  const virtualizer = useVirtualizer({
    count: enabled ? count : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateRowHeight,
    overscan: 8,
    scrollMargin: headerHeight,
    // Rows scrolled to stop below the sticky header, not under it.
    scrollPaddingStart: headerHeight,
    getItemKey,
    enabled,
  });
  const items = enabled ? virtualizer.getVirtualItems() : [];
  const first = items[0];
  const last = items[items.length - 1];
  return {
    indexes: items.map((item) => item.index),
    paddingTop: first ? Math.max(0, first.start - headerHeight) : 0,
    paddingBottom: last ? Math.max(0, virtualizer.getTotalSize() - (last.end - headerHeight)) : 0,
    measureElement: virtualizer.measureElement,
    scrollToIndex: (index) => virtualizer.scrollToIndex(index, { align: 'auto' }),
  };
}

/** Whether the element's content overflows it (so it must be keyboard scrollable). */
export function useOverflowing(ref: RefObject<HTMLElement | null>, always: boolean): boolean {
  const [overflowing, setOverflowing] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (always || !element || typeof ResizeObserver === 'undefined') return;
    const check = () =>
      setOverflowing(
        element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
      );
    check();
    const observer = new ResizeObserver(check);
    observer.observe(element);
    const content = element.firstElementChild;
    if (content) observer.observe(content);
    return () => observer.disconnect();
  }, [ref, always]);
  return always || overflowing;
}
