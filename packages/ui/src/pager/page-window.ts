/**
 * The page numbers a pager shows: at most `maxVisible` consecutive pages centred on `page`,
 * shifted (not shrunk) at the edges. Pages are 1-based; `page` is clamped to `1..pageCount`.
 *
 * @example getPageWindow(1, 20) // [1, 2, 3, 4, 5]
 * @example getPageWindow(10, 20) // [8, 9, 10, 11, 12]
 * @example getPageWindow(20, 20) // [16, 17, 18, 19, 20]
 */
export function getPageWindow(page: number, pageCount: number, maxVisible = 5): number[] {
  const count = Math.max(0, Math.floor(pageCount));
  const size = Math.max(1, Math.floor(maxVisible));
  if (count === 0) return [];
  const current = Math.min(Math.max(1, Math.floor(page)), count);
  const visible = Math.min(size, count);
  let start = current - Math.floor((visible - 1) / 2);
  start = Math.max(1, Math.min(start, count - visible + 1));
  return Array.from({ length: visible }, (_, offset) => start + offset);
}

/** Number of pages for `total` items in pages of `pageSize` (0 when there are no items). */
export function getPageCount(total: number, pageSize: number): number {
  if (total <= 0 || pageSize <= 0) return 0;
  return Math.ceil(total / pageSize);
}

/**
 * The 1-based range of items shown on `page`, for texts like 'Mostrando 11 a 20 de 200 resultados'.
 * With no items both ends are 0.
 */
export function getPageRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  const pageCount = getPageCount(total, pageSize);
  if (pageCount === 0) return { from: 0, to: 0 };
  const current = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const from = (current - 1) * pageSize + 1;
  return { from, to: Math.min(total, current * pageSize) };
}
