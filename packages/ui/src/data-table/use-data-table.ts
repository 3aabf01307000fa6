import {
  type ColumnDef,
  createPaginatedRowModel,
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
import { useCallback, useMemo } from 'react';
import type { CheckedState } from '../checkbox/checkbox';
import { useControllableState } from '../lib/use-controllable-state';
import { isEmptyValue, readCellValue, sortedRowIndexes } from './cell-values';
import type { DataTableRowSelection, DataTableSort, DataTableStateOptions } from './data-table.types';

const features = tableFeatures({
  rowSortingFeature,
  rowSelectionFeature,
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});

/** The TanStack Table features a DataTable uses: sorting (its state; rows are sorted by `sortedRowIndexes`), selection, pagination. */
export type DataTableFeatures = typeof features;
/** One row of the table model (`row.original` is the record). */
export type DataTableRow<TData extends RowData> = Row<DataTableFeatures, TData>;

/** The headless state of a DataTable, ready to render. */
export interface DataTableState<TData extends RowData> {
  /** Rows to show now, in display order: the current page with client pagination, else every row. */
  rows: DataTableRow<TData>[];
  /** Rows across every page (after sorting), for the pager and `aria-rowcount`. */
  rowCount: number;

  /** Current sort (`null` when unsorted). */
  sorting: DataTableSort | null;
  /** Whether a column sorts. */
  canSort: (columnId: string) => boolean;
  /** Direction of a column in the current sort. */
  sortDirection: (columnId: string) => 'asc' | 'desc' | false;
  /** Sorts by a column: ascending first, then toggles. */
  toggleSort: (columnId: string) => void;

  /** Whether the table paginates on the client (`pagination` given, not manual). */
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

  /** Whether rows have a checkbox (`selection` given). */
  selectable: boolean;
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
  sorting: true,
  selection: true,
  pagination: true,
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

const NO_SELECTION: DataTableRowSelection = {};

/**
 * The headless core of DataTable on TanStack Table v9: sorting (client, or manual for the parent),
 * row selection and client pagination. Each of sort, selection, page and page size is controlled
 * when its `value` (`page`, `pageSize`) is given, else kept here (`useControllableState`). Render
 * its `rows` however you like; DataTable is one rendering of it.
 */
export function useDataTable<TData extends RowData>({
  data,
  columns,
  getRowId,
  sorting: sortingOptions,
  selection: selectionOptions,
  pagination: paginationOptions,
}: DataTableStateOptions<TData>): DataTableState<TData> {
  const {
    allColumns = false,
    value: sortValue,
    defaultValue: defaultSort = null,
    onChange: onSortChange,
    manual: manualSorting = false,
  } = sortingOptions ?? {};
  const selectable = selectionOptions !== undefined;
  const {
    value: selectionValue,
    defaultValue: defaultSelection = NO_SELECTION,
    onChange: onSelectionChange,
    isRowSelectable,
  } = selectionOptions ?? {};
  const client = paginationOptions?.manual ? undefined : paginationOptions;
  const paginated = client !== undefined;
  const resetOnSort = client?.resetOnSort ?? 'always';

  const [sorting, setSorting] = useControllableState<DataTableSort | null>({
    value: sortValue,
    defaultValue: defaultSort,
    onChange: onSortChange,
  });
  const rowIdAt = (row: TData, index: number) => (getRowId ? getRowId(row, index) : String(index));
  const [selection, setSelection] = useControllableState<DataTableRowSelection>({
    value: selectionValue,
    defaultValue: defaultSelection,
    onChange: onSelectionChange
      ? (next) =>
          onSelectionChange(
            next,
            data.filter((row, index) => next[rowIdAt(row, index)]),
          )
      : undefined,
  });

  // --- Client sorting: the positions of `data` in display order (null: as given). ---
  const order = useMemo(() => {
    if (manualSorting || !sorting) return null;
    const column = columns.find((candidate) => candidate.id === sorting.id);
    if (!column || !(column.sortable ?? allColumns)) return null;
    return sortedRowIndexes(data, column, sorting.desc);
  }, [data, columns, sorting, manualSorting, allColumns]);
  const sortedData = useMemo(
    () => (order ? order.map((index) => data[index] as TData) : data),
    [order, data],
  );
  // A row keeps the id of its place in `data` whatever the sort.
  const sortedRowId = (row: TData, index: number) => rowIdAt(row, order ? (order[index] ?? index) : index);

  // --- Client pagination. ---
  const [pageSize, setPageSizeValue] = useControllableState<number>({
    value: client?.pageSize,
    defaultValue: client?.defaultPageSize ?? 10,
    onChange: client?.onPageSizeChange,
  });
  const [page, setPageValue] = useControllableState<number>({
    value: client?.page,
    defaultValue: client?.defaultPage ?? 1,
    onChange: client?.onPageChange,
  });
  const pageCount = Math.max(1, Math.ceil(data.length / pageSize));
  const pageIndex = Math.min(pageCount - 1, Math.max(0, page - 1));
  const pagination = useMemo<PaginationState>(() => ({ pageIndex, pageSize }), [pageIndex, pageSize]);
  const setPageIndex = (next: number) => setPageValue(next + 1);

  // --- TanStack state and columns. ---
  const sortingState = useMemo<SortingState>(() => (sorting ? [sorting] : []), [sorting]);
  const selectionState = useMemo<RowSelectionState>(() => {
    const state: RowSelectionState = {};
    for (const [id, selected] of Object.entries(selection)) if (selected) state[id] = true;
    return state;
  }, [selection]);

  const columnDefs = useMemo<ColumnDef<DataTableFeatures, TData, unknown>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        // With `sortEmptyLast`, empties read as undefined (as cells have always been given them).
        accessorFn: column.sortEmptyLast
          ? (row: TData) => {
              const value = readCellValue(column, row);
              return isEmptyValue(value) ? undefined : value;
            }
          : (row: TData) => readCellValue(column, row),
        enableSorting: column.sortable ?? allColumns,
      })),
    [columns, allColumns],
  );

  const table = useTable({
    features,
    columns: columnDefs,
    data: sortedData,
    getRowId: sortedRowId,
    state: { sorting: sortingState, rowSelection: selectionState, pagination },
    // Rows come sorted (`sortedData`); TanStack keeps the sort state and the header toggles.
    manualSorting: true,
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
      if (paginated && pageIndex !== 0 && (resetOnSort === 'always' || columnChanged)) setPageIndex(0);
    },
    onRowSelectionChange: (updater) => setSelection(resolveUpdater(updater, selectionState)),
    onPaginationChange: (updater) => {
      const next = resolveUpdater(updater, pagination);
      if (next.pageSize !== pagination.pageSize) setPageSizeValue(next.pageSize);
      if (next.pageIndex !== pagination.pageIndex) setPageIndex(next.pageIndex);
    },
  });

  const allRows = table.getPrePaginatedRowModel().rows;
  const rows = paginated ? table.getRowModel().rows : allRows;
  const rowCount = allRows.length;

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
    sorting,
    canSort,
    sortDirection,
    toggleSort,
    paginated,
    page: pageIndex + 1,
    pageSize,
    pageStart: paginated ? pageIndex * pageSize : 0,
    setPage: (next) => setPageIndex(next - 1),
    setPageSize: (size) => {
      setPageSizeValue(size);
      setPageIndex(0);
    },
    selectable,
    allRowsChecked,
    toggleAllRows,
  };
}
