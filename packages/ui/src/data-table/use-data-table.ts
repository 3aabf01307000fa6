import {
  type ColumnDef,
  createPaginatedRowModel,
  createSortedRowModel,
  type PaginationState,
  type Row,
  type RowData,
  type RowSelectionState,
  rowPaginationFeature,
  rowSelectionFeature,
  rowSortingFeature,
  type SortingState,
  tableFeatures,
  type Updater,
  useTable,
} from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CheckedState } from '../checkbox/checkbox';
import { useControllableState } from '../lib/use-controllable-state';
import { compareCellValues, isEmptyValue, readCellValue } from './cell-values';
import type { DataTableRowSelection, DataTableSort, DataTableStateOptions } from './data-table.types';

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  rowSelectionFeature,
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

/** The TanStack Table features a DataTable uses: sorting, selection, pagination. */
export type DataTableFeatures = typeof features;
/** One row of the table model (`row.original` is the record). */
export type DataTableRow<TData extends RowData> = Row<DataTableFeatures, TData>;

/** The headless state of a DataTable, ready to render. */
export interface DataTableState<TData extends RowData> {
  /** Rows to show now, in display order: the current page with client pagination, else every row. */
  rows: DataTableRow<TData>[];
  /** Rows across every page (after sorting), for the pager and `aria-rowcount`. */
  rowCount: number;
  /** Every row in display order (sorted, across pages); the same array until the order or the rows change. */
  allRows: DataTableRow<TData>[];

  /** Current sort (`null` when unsorted). */
  sorting: DataTableSort | null;
  /** Whether a column sorts. */
  canSort: (columnId: string) => boolean;
  /** Direction of a column in the current sort. */
  sortDirection: (columnId: string) => 'asc' | 'desc' | false;
  /** Sorts by a column: ascending first, then toggles. */
  toggleSort: (columnId: string) => void;

  /** Whether the table paginates on the client (`pageSize` given). */
  paginated: boolean;
  /** Current page, 1-based (1 without client pagination). */
  page: number;
  pageSize: number;
  /** Rows before the current page (0 without client pagination). */
  pageStart: number;
  /** Goes to a 1-based page. */
  setPage: (page: number) => void;
  /** Changes the page size and returns to page 1. */
  setPageSize: (pageSize: number) => void;

  /** State of the select-all checkbox. */
  allRowsChecked: CheckedState;
  /** Selects or clears every selectable row. */
  toggleAllRows: (selected: boolean) => void;
}

function resolveUpdater<T>(updater: Updater<T>, previous: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(previous) : updater;
}

/**
 * Every state option of `useDataTable`, once: DataTable hands these to the hook and the rest of its
 * props to the view and the root element. The type checks that no option is missing.
 */
const STATE_OPTION_KEYS = {
  data: true,
  columns: true,
  getRowId: true,
  sortable: true,
  sorting: true,
  defaultSorting: true,
  onSortingChange: true,
  manualSorting: true,
  onRowsChange: true,
  selectable: true,
  isRowSelectable: true,
  rowSelection: true,
  onRowSelectionChange: true,
  pageSize: true,
  page: true,
  onPageChange: true,
  onPageSizeChange: true,
  pageResetOnSort: true,
} as const satisfies Record<keyof DataTableStateOptions<unknown>, true>;

/** The props that are not state options of `useDataTable` (DataTable gives them to its root). */
export function withoutStateOptions<T extends object>(
  props: T,
): Omit<T, keyof DataTableStateOptions<unknown>> {
  const rest: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(props)) {
    if (!Object.hasOwn(STATE_OPTION_KEYS, key)) rest[key] = value;
  }
  return rest as Omit<T, keyof DataTableStateOptions<unknown>>;
}

/**
 * The headless core of DataTable on TanStack Table v9: sorting (client, or manual for the server),
 * row selection and client pagination. Each slice is controlled by its option when given, else
 * kept here. Render its `rows` however you like; DataTable is one rendering of it.
 */
export function useDataTable<TData extends RowData>({
  data,
  columns,
  getRowId,
  sortable = false,
  sorting: sortingProp,
  defaultSorting = null,
  onSortingChange,
  manualSorting = false,
  onRowsChange,
  selectable = false,
  isRowSelectable,
  rowSelection: rowSelectionProp,
  onRowSelectionChange,
  pageSize: pageSizeProp,
  page: pageProp,
  onPageChange,
  onPageSizeChange,
  pageResetOnSort = 'always',
}: DataTableStateOptions<TData>): DataTableState<TData> {
  const [sorting, setSorting] = useControllableState<DataTableSort | null>({
    value: sortingProp,
    defaultValue: defaultSorting,
    onChange: onSortingChange,
  });
  const [selection, setSelection] = useControllableState<DataTableRowSelection>({
    value: rowSelectionProp,
    defaultValue: {},
  });

  // --- Client pagination. ---
  const paginated = pageSizeProp !== undefined;
  const [innerPagination, setInnerPagination] = useState<PaginationState>({
    pageIndex: 0,
    pageSize: pageSizeProp ?? 10,
  });
  // A new `pageSize` prop replaces the page size chosen in the selector.
  const [lastPageSizeProp, setLastPageSizeProp] = useState(pageSizeProp);
  if (pageSizeProp !== lastPageSizeProp) {
    setLastPageSizeProp(pageSizeProp);
    if (pageSizeProp !== undefined) setInnerPagination({ pageIndex: 0, pageSize: pageSizeProp });
  }
  const pageCount = Math.max(1, Math.ceil(data.length / innerPagination.pageSize));
  const pageIndex = Math.min(
    pageCount - 1,
    pageProp !== undefined ? Math.max(0, pageProp - 1) : innerPagination.pageIndex,
  );
  const pageSize = innerPagination.pageSize;
  const pagination = useMemo<PaginationState>(() => ({ pageIndex, pageSize }), [pageIndex, pageSize]);
  const setPageIndex = useCallback(
    (next: number) => {
      setInnerPagination((previous) => ({ ...previous, pageIndex: next }));
      onPageChange?.(next + 1);
    },
    [onPageChange],
  );

  // --- TanStack state and columns. ---
  const sortingState = useMemo<SortingState>(() => (sorting ? [sorting] : []), [sorting]);
  const selectionState = useMemo<RowSelectionState>(() => {
    const state: RowSelectionState = {};
    for (const [id, selected] of Object.entries(selection)) if (selected) state[id] = true;
    return state;
  }, [selection]);

  const columnDefs = useMemo<ColumnDef<DataTableFeatures, TData, unknown>[]>(
    () =>
      columns.map((column) => {
        const { sortFn, sortEmptyLast = false } = column;
        return {
          id: column.id,
          // With `sortEmptyLast`, empties read as undefined so that TanStack keeps them last.
          accessorFn: sortEmptyLast
            ? (row: TData) => {
                const value = readCellValue(column, row);
                return isEmptyValue(value) ? undefined : value;
              }
            : (row: TData) => readCellValue(column, row),
          sortUndefined: sortEmptyLast ? 'last' : undefined,
          enableSorting: column.sortable ?? sortable,
          sortFn: sortFn
            ? (a: DataTableRow<TData>, b: DataTableRow<TData>) => sortFn(a.original, b.original)
            : (a: DataTableRow<TData>, b: DataTableRow<TData>, columnId: string) =>
                compareCellValues(a.getValue(columnId), b.getValue(columnId)),
        };
      }),
    [columns, sortable],
  );

  const table = useTable({
    features,
    columns: columnDefs,
    data,
    getRowId,
    state: { sorting: sortingState, rowSelection: selectionState, pagination },
    manualSorting,
    manualPagination: !paginated,
    autoResetPageIndex: false,
    enableSortingRemoval: false,
    enableMultiSort: false,
    sortDescFirst: false,
    enableRowSelection: isRowSelectable ? (row) => isRowSelectable(row.original) : selectable,
    enableMultiRowSelection: true,
    enableRowRangeSelection: false,
    onSortingChange: (updater) => {
      const next = resolveUpdater(updater, sortingState)[0] ?? null;
      setSorting(next);
      const columnChanged = next?.id !== sorting?.id;
      if (paginated && pageIndex !== 0 && (pageResetOnSort === 'always' || columnChanged)) setPageIndex(0);
    },
    onRowSelectionChange: (updater) => {
      const next = resolveUpdater(updater, selectionState);
      setSelection(next);
      if (onRowSelectionChange) {
        const selectedRows: TData[] = [];
        data.forEach((row, index) => {
          const id = getRowId ? getRowId(row, index) : String(index);
          if (next[id]) selectedRows.push(row);
        });
        onRowSelectionChange(next, selectedRows);
      }
    },
    onPaginationChange: (updater) => {
      const next = resolveUpdater(updater, pagination);
      if (next.pageSize !== pagination.pageSize) setInnerPagination(next);
      if (next.pageIndex !== pagination.pageIndex) setPageIndex(next.pageIndex);
    },
  });

  const allRows = table.getPrePaginatedRowModel().rows;
  const rows = paginated ? table.getRowModel().rows : allRows;
  const rowCount = allRows.length;

  // The parent hears the display order (e.g. to select the first row shown) each time it changes.
  const onRowsChangeRef = useRef(onRowsChange);
  onRowsChangeRef.current = onRowsChange;
  useEffect(() => {
    onRowsChangeRef.current?.(allRows.map((row) => row.original));
  }, [allRows]);

  const sortDirection = useCallback(
    (columnId: string) => (sorting && sorting.id === columnId ? (sorting.desc ? 'desc' : 'asc') : false),
    [sorting],
  );
  // The table reads the latest column defs; the header row calls this on every render (not memoised).
  const canSort = useCallback(
    (columnId: string) => table.getColumn(columnId)?.getCanSort() ?? false,
    [table],
  );
  const toggleSort = useCallback(
    (columnId: string) => table.getColumn(columnId)?.toggleSorting(sortDirection(columnId) === 'asc', false),
    [table, sortDirection],
  );
  const toggleAllRows = useCallback((selected: boolean) => table.toggleAllRowsSelected(selected), [table]);

  let allRowsChecked: CheckedState = false;
  if (selectable) {
    if (table.getIsAllRowsSelected()) allRowsChecked = true;
    else if (table.getIsSomeRowsSelected()) allRowsChecked = 'indeterminate';
  }

  return {
    rows,
    rowCount,
    allRows,
    sorting,
    canSort,
    sortDirection,
    toggleSort,
    paginated,
    page: pageIndex + 1,
    pageSize,
    pageStart: paginated ? pageIndex * pageSize : 0,
    setPage: (page) => setPageIndex(page - 1),
    setPageSize: (size) => {
      setInnerPagination({ pageIndex: 0, pageSize: size });
      onPageSizeChange?.(size);
    },
    allRowsChecked,
    toggleAllRows,
  };
}
