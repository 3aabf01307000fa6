import type { ComponentProps, ReactNode } from 'react';

/** What a cell renderer receives. */
export interface DataTableCellContext<TData> {
  /** The row's original record. */
  row: TData;
  /** The column's value for this row (from `accessor`). */
  value: unknown;
  /** Position of the row in the current display order (0-based, across pages). */
  rowIndex: number;
  /** The row's id (from `getRowId`). */
  rowId: string;
}

/** One column of a DataTable. */
export interface DataTableColumn<TData> {
  /** Unique id. It is also the id of its sort (the server sort key with `sorting.manual`). */
  id: string;
  /** Header content. For sortable columns it becomes the text of the sort button. */
  header: ReactNode;
  /** The cell value: a key of the row or a function. Defaults to `row[id]`. */
  accessor?: (keyof TData & string) | ((row: TData) => unknown);
  /** Custom cell content. When it returns null, undefined or '' the empty placeholder ('-') shows. */
  cell?: (context: DataTableCellContext<TData>) => ReactNode;
  /** How the default cell shows the value: `number` (es-MX grouping, end aligned), `date` (dd/mm/aaaa) or text. */
  type?: 'text' | 'number' | 'date';
  /** Whether the column sorts. Defaults to the table's `sorting.allColumns`. */
  sortable?: boolean;
  /** Ascending comparator for client sorting (the table reverses it for descending). */
  sortFn?: (a: TData, b: TData) => number;
  /**
   * Client sorting: rows whose value is empty (null, undefined, '') go last in both directions
   * (e.g. 'N/A'). By default empties sort first ascending and last descending.
   */
  sortEmptyLast?: boolean;
  /** Horizontal alignment of header and cells. */
  align?: 'start' | 'center' | 'end';
  /** Fixed width (CSS length or pixels). */
  width?: number | string;
  /** Class names of the column's cells. */
  className?: string;
  /** Class names of the column's header cell. */
  headerClassName?: string;
}

/** The sort of the table: a column id and a direction; `null` when unsorted. */
export interface DataTableSort {
  id: string;
  desc: boolean;
}

/** Selected row ids (`getRowId`) → `true`. */
export type DataTableRowSelection = Record<string, boolean>;

/** Highlight of a row; `undefined` for none. */
export type DataTableRowTone = 'danger' | 'warning';

/** When a client-paginated table goes back to page 1 after a sort change. */
export type DataTablePageResetOnSort = 'always' | 'column-change';

/**
 * Sorting. A column sorts when it says `sortable: true`, or with `allColumns` unless it says
 * `sortable: false`. The sort is controlled while `value` is given (pair it with `onChange`), else
 * kept by the table from `defaultValue`.
 */
export interface DataTableSorting {
  /** Makes every column sortable unless the column says `sortable: false`. */
  allColumns?: boolean;
  /** Controlled sort (`null`: unsorted). */
  value?: DataTableSort | null;
  /** Initial sort when uncontrolled. */
  defaultValue?: DataTableSort | null;
  /** Called with the new sort when a header is activated. First activation sorts ascending, the next toggles. */
  onChange?: (sort: DataTableSort | null) => void;
  /**
   * The parent sorts (on the server, or with `sortDataTableRows` when it needs the order itself):
   * rows are shown in the order given.
   */
  manual?: boolean;
}

/**
 * Row selection: given, the table has a checkbox column with a select-all header. The selection is
 * controlled while `value` is given (pair it with `onChange`), else kept by the table from `defaultValue`.
 */
export interface DataTableSelection<TData> {
  /** Controlled selection. */
  value?: DataTableRowSelection;
  /** Initial selection when uncontrolled. */
  defaultValue?: DataTableRowSelection;
  /** Called with the selected ids and the selected rows currently loaded. */
  onChange?: (selection: DataTableRowSelection, selectedRows: TData[]) => void;
  /** Which rows can be selected (all by default). */
  isRowSelectable?: (row: TData) => boolean;
}

/**
 * Client pagination: the table shows one page of `data` at a time and a Pager below it. Page and
 * page size are each controlled while given (pair them with their `on…Change`), else kept by the
 * table from their defaults.
 */
export interface DataTableClientPagination {
  /** Leave out (or `false`): the table pages `data` itself. */
  manual?: false;
  /** Controlled current page, 1-based (clamped to the last page). */
  page?: number;
  /** Initial page when uncontrolled (1). */
  defaultPage?: number;
  /** Called with the new 1-based page. */
  onPageChange?: (page: number) => void;
  /** Controlled rows per page. */
  pageSize?: number;
  /** Initial rows per page when uncontrolled (10). */
  defaultPageSize?: number;
  /** Called with the new page size (chosen in 'Por página'; the page returns to 1). */
  onPageSizeChange?: (pageSize: number) => void;
  /** Options of the 'Por página' selector (shown only when given). */
  pageSizeOptions?: readonly number[];
  /** Accessible name of the Pager. Defaults to the messages' `pagerLabel` ('Paginación'). */
  label?: string;
  /**
   * `'always'` (default) returns to page 1 on any sort change; `'column-change'` only when another
   * column is sorted (toggling the direction keeps the page).
   */
  resetOnSort?: DataTablePageResetOnSort;
}

/**
 * Manual pagination: the parent pages (e.g. on the server) and shows its own Pager; `data` is the
 * current page. Page, size and total number the rows and give `aria-rowindex`/`aria-rowcount`.
 */
export interface DataTableManualPagination {
  manual: true;
  /** The 1-based page `data` is. */
  page: number;
  /** Rows per page. */
  pageSize: number;
  /** Rows on every page together (on the server). */
  total: number;
}

/** Pagination of a DataTable: on the client (the table pages `data`), or manual (the parent does). */
export type DataTablePagination = DataTableClientPagination | DataTableManualPagination;

/** Row virtualisation: only the rows in view are rendered. */
export interface DataTableVirtualization {
  /** `true`, `false`, or `'auto'` (default: above 200 rows). */
  enabled?: boolean | 'auto';
  /** Estimated row height in pixels. */
  estimateRowHeight?: number;
}

/** State options of the headless core (`useDataTable`): data, sorting, selection, client pagination. */
export interface DataTableStateOptions<TData> {
  /** The rows. Keep the array stable between renders (state or memo). In manual pagination: the current page. */
  data: readonly TData[];
  /** The columns. Keep the array stable between renders (module constant or memo). */
  columns: readonly DataTableColumn<TData>[];
  /** Stable id of a row (needed for selection across sorts and pages). Defaults to the row's index. */
  getRowId?: (row: TData, index: number) => string;
  /** Sorting: which columns sort, the sort (controlled or not), and whether the parent sorts. */
  sorting?: DataTableSorting;
  /** Row selection (a checkbox column): the selection (controlled or not) and which rows can be selected. */
  selection?: DataTableSelection<TData>;
  /** Pagination: on the client (page and size, controlled or not) or manual. Without it every row is shown. */
  pagination?: DataTablePagination;
}

/** Everything the DataTable renders besides its state. */
export interface DataTableViewOptions<TData> {
  /** Table caption; names the table and its scroll region. */
  caption?: ReactNode;
  /** Keeps the caption for screen readers only. */
  captionHidden?: boolean;

  /** Adds a running row-number column ('#'). */
  showRowNumbers?: boolean;
  /**
   * Below this breakpoint (`sm`, 640 px) each row shows as a card, every value under its column's
   * name and the actions in view, instead of a table wider than the screen. Sorting headers are
   * left out there.
   */
  cardsBelow?: 'sm';
  /** Highlights a row, e.g. `(row) => row.visitor ? undefined : 'danger'` for unassigned rows. */
  getRowTone?: (row: TData) => DataTableRowTone | undefined;
  /** Spoken hint of a highlighted row. Defaults to the messages' `tableRowDanger` / `tableRowWarning`. */
  getRowToneLabel?: (row: TData, tone: DataTableRowTone) => string;
  /**
   * Called when a row is clicked, or activated with Enter/Space when focused. Makes rows focusable:
   * one row is in the tab order (the last focused or the active one, else the first) and
   * ArrowUp/ArrowDown/Home/End move the focus between rows, scrolling a virtualised body to the row.
   */
  onRowClick?: (row: TData, rowId: string) => void;
  /**
   * Called when a row receives the focus (arrow keys, Home/End, Tab or a click). Give it the same
   * handler as `onRowClick` for a selection that follows the focus. Makes rows focusable too.
   */
  onRowFocus?: (row: TData, rowId: string) => void;
  /** Id of the row to mark as current (`aria-current`), e.g. the report shown beside the table. */
  activeRowId?: string | null;

  /** Shows a spinner ('Cargando...') instead of the rows. */
  loading?: boolean;
  /** Label of the loading spinner. */
  loadingLabel?: string;
  /**
   * The rows shown are being replaced (another page, size or sort on the server): they stay, dimmed
   * and inert to the eye, the table is `aria-busy`, and a thin progress bar runs over it.
   */
  refreshing?: boolean;
  /** Text of the empty state when there are no rows. */
  emptyMessage?: ReactNode;
  /** Secondary text of the empty state. */
  emptyDescription?: ReactNode;

  /** Caps the height (pixels or CSS length) with a scrollable body and a sticky header. */
  maxHeight?: number | string;
  /** Renders only the rows in view: always, never, or `'auto'` (default, above 200 rows). */
  virtualization?: DataTableVirtualization;

  /** Class names of the `<table>`. */
  tableClassName?: string;
}

/** Props of DataTable: state, view, and any attribute of its root `<div data-slot="data-table">`. */
export interface DataTableProps<TData>
  extends DataTableStateOptions<TData>,
    DataTableViewOptions<TData>,
    Omit<
      ComponentProps<'div'>,
      keyof DataTableStateOptions<TData> | keyof DataTableViewOptions<TData> | 'children'
    > {}
