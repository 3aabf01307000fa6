import type { ReactNode } from 'react';
import { formatDate, formatNumber } from '../lib/format';
import type { DataTableColumn, DataTableSort } from './data-table.types';

/** Null, undefined and '' are empty: they show the '-' placeholder and sort together. */
export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

const collator = new Intl.Collator('es-MX', { numeric: true, sensitivity: 'base' });

/** Ascending comparison of cell values: numbers, dates and text (es-MX, numeric aware); empties first. */
export function compareCellValues(a: unknown, b: unknown): number {
  const emptyA = isEmptyValue(a);
  const emptyB = isEmptyValue(b);
  if (emptyA || emptyB) return emptyA === emptyB ? 0 : emptyA ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (a instanceof Date && b instanceof Date) return a.getTime() - b.getTime();
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return collator.compare(String(a), String(b));
}

/** The column's value for a row: its accessor, or `row[id]`. */
export function readCellValue<TData>(column: DataTableColumn<TData>, row: TData): unknown {
  const { accessor } = column;
  if (typeof accessor === 'function') return accessor(row);
  const key = (accessor ?? column.id) as keyof TData;
  return row[key];
}

/** What a cell without a `cell` renderer shows: numbers grouped, dates dd/mm/aaaa, text as is. */
export function defaultCellContent<TData>(column: DataTableColumn<TData>, value: unknown): ReactNode {
  if (isEmptyValue(value)) return null;
  if (column.type === 'number' && typeof value === 'number') return formatNumber(value);
  if (column.type === 'date' || value instanceof Date) {
    const formatted = formatDate(value as Date | string | number);
    return formatted || String(value);
  }
  if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string')
    return String(value);
  if (typeof value === 'object') return null;
  return String(value);
}

/** Alignment of a column: its own, else numbers at the end. */
export function columnAlign<TData>(column: DataTableColumn<TData>): 'start' | 'center' | 'end' {
  return column.align ?? (column.type === 'number' ? 'end' : 'start');
}

export const alignClass = { start: 'text-start', center: 'text-center', end: 'text-end' } as const;

/** `12` → `'12px'`; CSS lengths pass through. */
export function toPx(value: number | string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'number' ? `${value}px` : value;
}

/**
 * Positions of `data` in the order of a sort by `column`: its `sortFn` or the cell values
 * (`compareCellValues`), reversed for descending; with `sortEmptyLast` empty values go last both
 * ways; equal rows keep their given order.
 */
export function sortedRowIndexes<TData>(
  data: readonly TData[],
  column: DataTableColumn<TData>,
  desc: boolean,
): number[] {
  const { sortFn, sortEmptyLast = false } = column;
  const values = data.map((row) => readCellValue(column, row));
  const compare = (a: number, b: number): number => {
    if (sortEmptyLast) {
      const emptyA = isEmptyValue(values[a]);
      const emptyB = isEmptyValue(values[b]);
      if (emptyA || emptyB) return emptyA === emptyB ? a - b : emptyA ? 1 : -1;
    }
    const order = sortFn
      ? sortFn(data[a] as TData, data[b] as TData)
      : compareCellValues(values[a], values[b]);
    if (order !== 0) return desc ? -order : order;
    return a - b;
  };
  return data.map((_, index) => index).sort(compare);
}

/**
 * The rows in the order a DataTable with these columns shows them under `sort` (a new array; the
 * given one when unsorted or the column is unknown). For a parent that needs the order itself (e.g.
 * to select the first row shown): it sorts with this and gives the table `sorting={{ manual: true }}`.
 */
export function sortDataTableRows<TData>(
  data: readonly TData[],
  columns: readonly DataTableColumn<TData>[],
  sort: DataTableSort | null,
): readonly TData[] {
  const column = sort ? columns.find((candidate) => candidate.id === sort.id) : undefined;
  if (!sort || !column) return data;
  return sortedRowIndexes(data, column, sort.desc).map((index) => data[index] as TData);
}
