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
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import {
  type CSSProperties,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type RefObject,
  useCallback,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { Checkbox, type CheckedState } from '../checkbox/checkbox';
import { EmptyState } from '../empty-state/empty-state';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { formatDate, formatNumber } from '../lib/format';
import { Pager } from '../pager/pager';
import { Spinner } from '../spinner/spinner';

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  rowSelectionFeature,
  rowPaginationFeature,
  paginatedRowModel: createPaginatedRowModel(),
});
type Features = typeof features;

/** Rows above which `virtualize="auto"` renders only the visible rows. */
export const DATA_TABLE_VIRTUALIZE_THRESHOLD = 200;
const DEFAULT_VIRTUAL_HEIGHT = 480;
const DEFAULT_ROW_HEIGHT = 37;

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

export interface DataTableProps<TData extends RowData> {
  /** The rows. Keep the array stable between renders (state or memo). In manual pagination: the current page. */
  data: readonly TData[];
  /** The columns. Keep the array stable between renders (module constant or memo). */
  columns: readonly DataTableColumn<TData>[];
  /** Stable id of a row (needed for selection across sorts and pages). Defaults to the row's index. */
  getRowId?: (row: TData, index: number) => string;
  /** Table caption; names the table and its scroll region. */
  caption?: ReactNode;
  /** Keeps the caption for screen readers only. */
  captionHidden?: boolean;

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
  /** Client pagination: options of the 'Por página' selector (shown only when given). */
  pageSizeOptions?: readonly number[];
  /** Client pagination: controlled current page, 1-based (pair with `onPageChange`). */
  page?: number;
  /** Client pagination: called with the new 1-based page. */
  onPageChange?: (page: number) => void;
  /** Client pagination: called with the new page size. */
  onPageSizeChange?: (pageSize: number) => void;
  /** Manual pagination: rows before this page (for row numbers and `aria-rowindex`), e.g. `(page - 1) * pageSize`. */
  rowIndexOffset?: number;
  /** Manual pagination: total rows on the server (for `aria-rowcount`). */
  totalRowCount?: number;

  /** Adds a running row-number column ('#'). */
  showRowNumbers?: boolean;
  /** Highlights a row, e.g. `(row) => row.visitor ? undefined : 'danger'` for unassigned rows. */
  getRowTone?: (row: TData) => DataTableRowTone | undefined;
  /** Spoken hint of a highlighted row. Defaults to the messages' `tableRowDanger` / `tableRowWarning`. */
  getRowToneLabel?: (row: TData, tone: DataTableRowTone) => string;
  /** Called when a row is clicked, or activated with Enter/Space when focused. Makes rows focusable. */
  onRowClick?: (row: TData, rowId: string) => void;
  /** Id of the row to mark as current (`aria-current`), e.g. the report shown beside the table. */
  activeRowId?: string | null;

  /** Shows a spinner ('Cargando...') instead of the rows. */
  loading?: boolean;
  /** Label of the loading spinner. */
  loadingLabel?: string;
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

  /** Class names of the outer wrapper. */
  className?: string;
  /** Class names of the `<table>`. */
  tableClassName?: string;
}

function resolveUpdater<T>(updater: Updater<T>, previous: T): T {
  return typeof updater === 'function' ? (updater as (old: T) => T)(previous) : updater;
}

function isEmptyValue(value: unknown): boolean {
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

function readValue<TData>(column: DataTableColumn<TData>, row: TData): unknown {
  const { accessor } = column;
  if (typeof accessor === 'function') return accessor(row);
  const key = (accessor ?? column.id) as keyof TData;
  return row[key];
}

function defaultCellContent(column: DataTableColumn<unknown>, value: unknown): ReactNode {
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

const alignClass = { start: 'text-start', center: 'text-center', end: 'text-end' } as const;

function toPx(value: number | string | undefined): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'number' ? `${value}px` : value;
}

/** Whether the element's content overflows it (so it must be keyboard scrollable). */
function useOverflowing(ref: RefObject<HTMLElement | null>, always: boolean): boolean {
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

/**
 * A data table on TanStack Table v9: sortable headers (`aria-sort`), optional selection with
 * select-all, client pagination with a Pager (or manual pagination by the parent), highlighted rows,
 * an empty placeholder ('-'), loading and empty states, a height cap with a sticky header, and row
 * virtualisation for large data (100,000 rows render a few dozen `<tr>`).
 */
export function DataTable<TData extends RowData>({
  data,
  columns,
  getRowId,
  caption,
  captionHidden = false,
  sortable = false,
  sorting: sortingProp,
  defaultSorting = null,
  onSortingChange,
  manualSorting = false,
  selectable = false,
  isRowSelectable,
  rowSelection: rowSelectionProp,
  onRowSelectionChange,
  pageSize: pageSizeProp,
  pageSizeOptions,
  page: pageProp,
  onPageChange,
  onPageSizeChange,
  rowIndexOffset = 0,
  totalRowCount,
  showRowNumbers = false,
  getRowTone,
  getRowToneLabel,
  onRowClick,
  activeRowId,
  loading = false,
  loadingLabel,
  emptyMessage,
  emptyDescription,
  maxHeight,
  virtualize = 'auto',
  estimateRowHeight = DEFAULT_ROW_HEIGHT,
  className,
  tableClassName,
}: DataTableProps<TData>) {
  const messages = useUiMessages();
  const captionId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const theadRef = useRef<HTMLTableSectionElement>(null);

  // --- State: each slice is controlled by its prop when given, else kept here. ---
  const [innerSorting, setInnerSorting] = useState<DataTableSort | null>(defaultSorting);
  const sorting = sortingProp !== undefined ? sortingProp : innerSorting;
  const [innerSelection, setInnerSelection] = useState<DataTableRowSelection>({});
  const selection = rowSelectionProp ?? innerSelection;
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

  const sortingState = useMemo<SortingState>(() => (sorting ? [sorting] : []), [sorting]);
  const selectionState = useMemo<RowSelectionState>(() => {
    const state: RowSelectionState = {};
    for (const [id, selected] of Object.entries(selection)) if (selected) state[id] = true;
    return state;
  }, [selection]);

  const setPageIndex = useCallback(
    (pageIndex: number) => {
      setInnerPagination((previous) => ({ ...previous, pageIndex }));
      onPageChange?.(pageIndex + 1);
    },
    [onPageChange],
  );

  // --- Columns for TanStack: ids, accessors and sort functions from ours. ---
  const columnDefs = useMemo<ColumnDef<Features, TData, unknown>[]>(
    () =>
      columns.map((column) => ({
        id: column.id,
        accessorFn: (row: TData) => readValue(column, row),
        enableSorting: column.sortable ?? sortable,
        sortFn: column.sortFn
          ? (a: Row<Features, TData>, b: Row<Features, TData>) => column.sortFn?.(a.original, b.original) ?? 0
          : (a: Row<Features, TData>, b: Row<Features, TData>, columnId: string) =>
              compareCellValues(a.getValue(columnId), b.getValue(columnId)),
      })),
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
      if (sortingProp === undefined) setInnerSorting(next);
      onSortingChange?.(next);
      if (paginated && pagination.pageIndex !== 0) setPageIndex(0);
    },
    onRowSelectionChange: (updater) => {
      const next = resolveUpdater(updater, selectionState);
      if (rowSelectionProp === undefined) setInnerSelection(next);
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

  const rows = paginated ? table.getRowModel().rows : table.getPrePaginatedRowModel().rows;
  const allRowCount = paginated ? table.getPrePaginatedRowModel().rows.length : rows.length;
  const pageStart = paginated ? pagination.pageIndex * pagination.pageSize : 0;
  const shouldVirtualize =
    !loading &&
    rows.length > 0 &&
    (virtualize === true || (virtualize === 'auto' && rows.length > DATA_TABLE_VIRTUALIZE_THRESHOLD));
  const effectiveMaxHeight = maxHeight ?? (shouldVirtualize ? DEFAULT_VIRTUAL_HEIGHT : undefined);

  // --- Virtualisation: only the visible rows, with spacer rows keeping the scroll height. ---
  const [headerHeight, setHeaderHeight] = useState(0);
  useLayoutEffect(() => {
    if (!shouldVirtualize) return;
    const thead = theadRef.current;
    if (!thead) return;
    setHeaderHeight(thead.offsetHeight);
  }, [shouldVirtualize]);
  const virtualizer = useVirtualizer({
    count: shouldVirtualize ? rows.length : 0,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateRowHeight,
    overscan: 8,
    scrollMargin: headerHeight,
    getItemKey: (index) => rows[index]?.id ?? index,
    enabled: shouldVirtualize,
  });
  const virtualItems = shouldVirtualize ? virtualizer.getVirtualItems() : [];
  const firstItem = virtualItems[0];
  const lastItem = virtualItems[virtualItems.length - 1];
  const paddingTop = firstItem ? Math.max(0, firstItem.start - headerHeight) : 0;
  const paddingBottom = lastItem
    ? Math.max(0, virtualizer.getTotalSize() - (lastItem.end - headerHeight))
    : 0;

  const scrollable = useOverflowing(scrollRef, effectiveMaxHeight !== undefined);
  const columnCount = columns.length + (selectable ? 1 : 0) + (showRowNumbers ? 1 : 0);
  const ariaRowCount =
    totalRowCount !== undefined
      ? totalRowCount + 1
      : shouldVirtualize || paginated
        ? allRowCount + 1
        : undefined;

  // --- Header cells. ---
  let headerChecked: CheckedState = false;
  if (selectable) {
    if (table.getIsAllRowsSelected()) headerChecked = true;
    else if (table.getIsSomeRowsSelected()) headerChecked = 'indeterminate';
  }
  const stickyHeader = effectiveMaxHeight !== undefined;
  const headerCellClass = cn(
    'whitespace-nowrap border-line border-b bg-canvas px-3 py-2 font-semibold text-ink text-xs uppercase tracking-wide',
    stickyHeader && 'sticky top-0 z-10',
  );

  const renderHeader = (column: DataTableColumn<TData>) => {
    const tableColumn = table.getColumn(column.id);
    const canSort = Boolean(tableColumn?.getCanSort());
    const direction = sorting && sorting.id === column.id ? (sorting.desc ? 'desc' : 'asc') : false;
    const align = column.align ?? (column.type === 'number' ? 'end' : 'start');
    const SortIcon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
    return (
      <th
        key={column.id}
        scope="col"
        data-slot="data-table-head"
        aria-sort={
          canSort
            ? direction === 'asc'
              ? 'ascending'
              : direction === 'desc'
                ? 'descending'
                : 'none'
            : undefined
        }
        style={{ width: toPx(column.width) }}
        className={cn(headerCellClass, alignClass[align], column.headerClassName)}
      >
        {canSort ? (
          <button
            type="button"
            data-slot="data-table-sort"
            onClick={() => tableColumn?.toggleSorting(direction === 'asc', false)}
            className={cn(
              'inline-flex items-center gap-1 rounded-sm align-middle font-semibold uppercase tracking-wide hover:text-brand-700',
              align === 'end' && 'flex-row-reverse',
              direction ? 'text-brand-700' : undefined,
            )}
          >
            {column.header}
            <SortIcon aria-hidden="true" className={cn('size-3.5 shrink-0', !direction && 'opacity-50')} />
          </button>
        ) : (
          column.header
        )}
      </th>
    );
  };

  // --- Body rows. ---
  const renderRow = (row: Row<Features, TData>, indexInRows: number, measure: boolean) => {
    const displayIndex = pageStart + indexInRows;
    const rowNumber = rowIndexOffset + displayIndex + 1;
    const tone = getRowTone?.(row.original);
    const toneLabel = tone
      ? (getRowToneLabel?.(row.original, tone) ??
        (tone === 'danger' ? messages.tableRowDanger : messages.tableRowWarning))
      : undefined;
    const selected = row.getIsSelected();
    const active = activeRowId !== undefined && activeRowId !== null && activeRowId === row.id;
    const activate = onRowClick ? () => onRowClick(row.original, row.id) : undefined;
    const fromControl = (target: EventTarget) =>
      target instanceof Element && target.closest('button, a, input, select, textarea, [role="checkbox"]');

    return (
      <tr
        key={row.id}
        ref={measure ? virtualizer.measureElement : undefined}
        data-index={measure ? indexInRows : undefined}
        data-slot="data-table-row"
        data-row-id={row.id}
        data-tone={tone}
        data-state={selected ? 'selected' : undefined}
        data-active={active || undefined}
        aria-rowindex={ariaRowCount !== undefined ? rowNumber + 1 : undefined}
        aria-current={active ? 'true' : undefined}
        tabIndex={activate ? 0 : undefined}
        onClick={
          activate
            ? (event: MouseEvent<HTMLTableRowElement>) => {
                if (!fromControl(event.target)) activate();
              }
            : undefined
        }
        onKeyDown={
          activate
            ? (event: KeyboardEvent<HTMLTableRowElement>) => {
                if (event.target !== event.currentTarget) return;
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  activate();
                }
              }
            : undefined
        }
        className={cn(
          tone === 'danger' &&
            'bg-danger-50 [&>td]:text-danger-700 [&>td:first-child]:shadow-[inset_4px_0_0_var(--color-danger-600)]',
          tone === 'warning' &&
            'bg-warning-50 [&>td:first-child]:shadow-[inset_4px_0_0_var(--color-warning-700)]',
          !tone && selected && 'bg-brand-50',
          !tone && active && 'bg-brand-100',
          activate && 'cursor-pointer hover:bg-canvas',
        )}
      >
        {selectable ? (
          <td className="w-10 px-3 py-2 align-middle">
            {toneLabel ? <span className="sr-only">{toneLabel}</span> : null}
            <Checkbox
              aria-label={messages.tableSelectRow(rowNumber)}
              checked={selected}
              disabled={!row.getCanSelect()}
              onCheckedChange={(value) => row.toggleSelected(value === true)}
              className="items-center"
              boxClassName="mt-0"
            />
          </td>
        ) : null}
        {showRowNumbers ? (
          <td className="w-12 px-3 py-2 text-end text-ink-muted tabular-nums">
            {!selectable && toneLabel ? <span className="sr-only">{toneLabel}</span> : null}
            {formatNumber(rowNumber)}
          </td>
        ) : null}
        {columns.map((column, columnIndex) => {
          const value = row.getValue(column.id);
          const content = column.cell
            ? column.cell({ row: row.original, value, rowIndex: displayIndex, rowId: row.id })
            : defaultCellContent(column as DataTableColumn<unknown>, value);
          const align = column.align ?? (column.type === 'number' ? 'end' : 'start');
          const hintHere = toneLabel && columnIndex === 0 && !selectable && !showRowNumbers;
          return (
            <td
              key={column.id}
              data-slot="data-table-cell"
              className={cn(
                'px-3 py-2 align-middle text-ink',
                alignClass[align],
                column.type === 'number' && 'tabular-nums',
                column.className,
              )}
            >
              {hintHere ? <span className="sr-only">{toneLabel}</span> : null}
              {isEmptyValue(content) || content === false ? (
                <span className="text-ink-muted">{messages.emptyCell}</span>
              ) : (
                content
              )}
            </td>
          );
        })}
      </tr>
    );
  };

  const spacer = (height: number, key: string) =>
    height > 0 ? (
      // biome-ignore lint/a11y/noAriaHiddenOnFocusable: a spacer row has no content and is never focusable.
      <tr key={key} aria-hidden="true" data-slot="data-table-spacer">
        <td colSpan={columnCount} style={{ height, padding: 0, border: 0 }} />
      </tr>
    ) : null;

  let body: ReactNode;
  if (loading) {
    body = (
      <tr>
        <td colSpan={columnCount} className="px-3 py-8 text-center">
          <Spinner label={loadingLabel ?? messages.tableLoading} />
        </td>
      </tr>
    );
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={columnCount} className="p-0">
          <EmptyState
            size="sm"
            titleAs="p"
            title={emptyMessage ?? messages.tableEmpty}
            description={emptyDescription}
          />
        </td>
      </tr>
    );
  } else if (shouldVirtualize) {
    body = (
      <>
        {spacer(paddingTop, 'spacer-top')}
        {virtualItems.map((item) => {
          const row = rows[item.index];
          return row ? renderRow(row, item.index, true) : null;
        })}
        {spacer(paddingBottom, 'spacer-bottom')}
      </>
    );
  } else {
    body = rows.map((row, index) => renderRow(row, index, false));
  }

  const scrollStyle: CSSProperties | undefined =
    effectiveMaxHeight !== undefined ? { maxHeight: toPx(effectiveMaxHeight) } : undefined;
  const hasCaption = caption !== undefined && caption !== null && caption !== false && caption !== '';
  // A scrollable container must be reachable by keyboard (axe: scrollable-region-focusable).
  const regionProps = scrollable
    ? {
        role: 'region',
        tabIndex: 0,
        'aria-labelledby': hasCaption ? captionId : undefined,
        'aria-label': hasCaption ? undefined : messages.tableScrollRegion,
      }
    : {};

  return (
    <div data-slot="data-table" className={cn('flex min-w-0 flex-col gap-3', className)}>
      <div
        ref={scrollRef}
        data-slot="data-table-scroll"
        data-virtualized={shouldVirtualize || undefined}
        {...regionProps}
        style={scrollStyle}
        className="relative overflow-auto rounded-[var(--radius-control)] border border-line bg-surface"
      >
        <table
          data-slot="data-table-table"
          aria-rowcount={ariaRowCount}
          aria-busy={loading || undefined}
          className={cn('w-full border-separate border-spacing-0 text-sm', tableClassName)}
        >
          {hasCaption ? (
            <caption
              id={captionId}
              className={cn(
                captionHidden ? 'sr-only' : 'caption-top px-3 py-2 text-start font-semibold text-ink',
              )}
            >
              {caption}
            </caption>
          ) : null}
          <thead ref={theadRef}>
            <tr aria-rowindex={ariaRowCount !== undefined ? 1 : undefined}>
              {selectable ? (
                <td className={cn(headerCellClass, 'w-10')}>
                  <Checkbox
                    aria-label={messages.tableSelectAll}
                    checked={headerChecked}
                    disabled={loading || allRowCount === 0}
                    onCheckedChange={(value) => table.toggleAllRowsSelected(value === true)}
                    className="items-center"
                    boxClassName="mt-0"
                  />
                </td>
              ) : null}
              {showRowNumbers ? (
                <th scope="col" className={cn(headerCellClass, 'w-12 text-end')}>
                  <span aria-hidden="true">{messages.tableRowNumber}</span>
                  <span className="sr-only">{messages.tableRowNumberLabel}</span>
                </th>
              ) : null}
              {columns.map(renderHeader)}
            </tr>
          </thead>
          <tbody className="[&>tr>td]:border-line [&>tr>td]:border-b [&>tr:last-child>td]:border-b-0">
            {body}
          </tbody>
        </table>
      </div>
      {paginated && !loading && allRowCount > 0 ? (
        <Pager
          page={pagination.pageIndex + 1}
          pageSize={pagination.pageSize}
          total={allRowCount}
          onPageChange={(page) => setPageIndex(page - 1)}
          pageSizeOptions={pageSizeOptions}
          onPageSizeChange={
            pageSizeOptions
              ? (size) => {
                  setInnerPagination({ pageIndex: 0, pageSize: size });
                  onPageSizeChange?.(size);
                }
              : undefined
          }
        />
      ) : null}
    </div>
  );
}
