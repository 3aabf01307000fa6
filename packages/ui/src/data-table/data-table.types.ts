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
  /** Unique id. It is also the id in `sorting` (the server sort key in manual mode). */
  id: string;
  /** Header content. For sortable columns it becomes the text of the sort button. */
  header: ReactNode;
  /** The cell value: a key of the row or a function. Defaults to `row[id]`. */
  accessor?: (keyof TData & string) | ((row: TData) => unknown);
  /** Custom cell content. When it returns null, undefined or '' the empty placeholder ('-') shows. */
  cell?: (context: DataTableCellContext<TData>) => ReactNode;
  /** How the default cell shows the value: `number` (es-MX grouping, end aligned), `date` (dd/mm/aaaa) or text. */
  type?: 'text' | 'number' | 'date';
  /** Whether the column sorts. Defaults to the table's `sortable`. */
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

/** State options of the headless core (`useDataTable`): data, sorting, selection, client pagination. */
export interface DataTableStateOptions<TData> {
  /** The rows. Keep the array stable between renders (state or memo). In manual pagination: the current page. */
  data: readonly TData[];
  /** The columns. Keep the array stable between renders (module constant or memo). */
  columns: readonly DataTableColumn<TData>[];
  /** Stable id of a row (needed for selection across sorts and pages). Defaults to the row's index. */
  getRowId?: (row: TData, index: number) => string;

  /** Makes every column sortable unless the column says `sortable: false`. */
  sortable?: boolean;
  /** Controlled sort (pair with `onSortingChange`). */
  sorting?: DataTableSort | null;
  /** Initial sort when uncontrolled. */
  defaultSorting?: DataTableSort | null;
  /** Called with the new sort when a header is activated. First activation sorts ascending, the next toggles. */
  onSortingChange?: (sorting: DataTableSort | null) => void;
  /** The parent sorts (e.g. on the server): rows are shown in the order given. */
  manualSorting?: boolean;
  /**
   * Called with every row in display order (sorted, across pages) after the first render and each
   * time that order or the rows change, e.g. to select the first row shown. Sorting stays here.
   */
  onRowsChange?: (rows: TData[]) => void;

  /** Adds a checkbox column with a select-all header. */
  selectable?: boolean;
  /** Which rows can be selected (all by default). */
  isRowSelectable?: (row: TData) => boolean;
  /** Controlled selection (pair with `onRowSelectionChange`). */
  rowSelection?: DataTableRowSelection;
  /** Called with the selected ids and the selected rows currently loaded. */
  onRowSelectionChange?: (selection: DataTableRowSelection, selectedRows: TData[]) => void;

  /** Client pagination: rows per page. Without it every row is shown (or virtualised). */
  pageSize?: number;
  /** Client pagination: controlled current page, 1-based (pair with `onPageChange`). */
  page?: number;
  /** Client pagination: called with the new 1-based page. */
  onPageChange?: (page: number) => void;
  /** Client pagination: called with the new page size. */
  onPageSizeChange?: (pageSize: number) => void;
  /**
   * Client pagination: `'always'` (default) returns to page 1 on any sort change; `'column-change'`
   * only when another column is sorted (toggling the direction keeps the page).
   */
  pageResetOnSort?: DataTablePageResetOnSort;
}

/** Everything the DataTable renders besides its state. */
export interface DataTableViewOptions<TData> {
  /** Table caption; names the table and its scroll region. */
  caption?: ReactNode;
  /** Keeps the caption for screen readers only. */
  captionHidden?: boolean;

  /** Client pagination: options of the 'Por página' selector (shown only when given). */
  pageSizeOptions?: readonly number[];
  /** Client pagination: accessible name of the Pager. Defaults to the messages' `pagerLabel` ('Paginación'). */
  pagerLabel?: string;
  /** Manual pagination: rows before this page (for row numbers and `aria-rowindex`), e.g. `(page - 1) * pageSize`. */
  rowIndexOffset?: number;
  /** Manual pagination: total rows on the server (for `aria-rowcount`). */
  totalRowCount?: number;

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
  /** Renders only the visible rows: `true`, `false`, or `'auto'` (above 200 rows). */
  virtualize?: boolean | 'auto';
  /** Estimated row height in pixels, for virtualisation. */
  estimateRowHeight?: number;

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
