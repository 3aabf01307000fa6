import type { RowData } from '@tanstack/react-table';
import { type CSSProperties, type ReactNode, useCallback, useId, useRef } from 'react';
import { EmptyState } from '../empty-state/empty-state';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { Pager } from '../pager/pager';
import { Spinner } from '../spinner/spinner';
import { toPx } from './cell-values';
import type { DataTableProps } from './data-table.types';
import { DataTableHeadRow } from './data-table-head';
import { DataTableBodyRow } from './data-table-row';
import { type DataTableRow, useDataTable, withoutStateOptions } from './use-data-table';
import { useRowFocus } from './use-row-focus';
import {
  DATA_TABLE_VIRTUALIZE_THRESHOLD,
  DEFAULT_ROW_HEIGHT,
  DEFAULT_VIRTUAL_HEIGHT,
  useOverflowing,
  useVirtualRows,
} from './use-virtual-rows';

export { compareCellValues, sortDataTableRows } from './cell-values';
export type {
  DataTableCellContext,
  DataTableClientPagination,
  DataTableColumn,
  DataTableManualPagination,
  DataTablePageResetOnSort,
  DataTablePagination,
  DataTableProps,
  DataTableRowSelection,
  DataTableRowTone,
  DataTableSelection,
  DataTableSort,
  DataTableSorting,
  DataTableStateOptions,
  DataTableViewOptions,
  DataTableVirtualization,
} from './data-table.types';
export { DATA_TABLE_VIRTUALIZE_THRESHOLD } from './use-virtual-rows';

/** A row spanning every column (loading, empty, virtual spacers). */
function FullWidthRow({
  columnCount,
  children,
  className,
}: {
  columnCount: number;
  children: ReactNode;
  className?: string;
}) {
  return (
    <tr>
      <td colSpan={columnCount} className={className}>
        {children}
      </td>
    </tr>
  );
}

/**
 * A data table: the headless `useDataTable` (sorting, selection, client or manual pagination)
 * rendered as a `<table>` with sortable headers (`aria-sort`), highlighted rows, an empty
 * placeholder ('-'), loading and empty states, a height cap with a sticky header, a Pager for
 * client pagination, row virtualisation for large data (100,000 rows render a few dozen `<tr>`) and
 * keyboard access to focusable rows (roving tabindex, arrow keys, Home/End). Each feature is one
 * prop: `sorting`, `selection`, `pagination`, `virtualization`. The state options go to
 * `useDataTable`; any other prop goes to the root `<div data-slot="data-table">`.
 */
export function DataTable<TData extends RowData>(props: DataTableProps<TData>) {
  const state = useDataTable(props);
  const {
    columns,
    pagination,
    caption,
    captionHidden = false,
    showRowNumbers = false,
    getRowTone,
    getRowToneLabel,
    onRowClick,
    onRowFocus,
    activeRowId,
    loading = false,
    loadingLabel,
    refreshing = false,
    emptyMessage,
    emptyDescription,
    maxHeight,
    virtualization,
    tableClassName,
    cardsBelow,
    className,
    ...rest
  } = props;
  const rootProps = withoutStateOptions(rest);
  const messages = useUiMessages();
  const captionId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLTableSectionElement>(null);
  const { rows, rowCount, paginated, selectable } = state;
  const { enabled: virtualize = 'auto', estimateRowHeight = DEFAULT_ROW_HEIGHT } = virtualization ?? {};
  // Manual pagination: `data` is one page of `total` rows (for row numbers and aria-rowindex/-rowcount).
  const manual = pagination?.manual ? pagination : undefined;
  const client = pagination?.manual ? undefined : pagination;
  const rowIndexOffset = manual ? (manual.page - 1) * manual.pageSize : 0;
  const totalRowCount = manual?.total;

  const virtualized =
    !loading &&
    rows.length > 0 &&
    (virtualize === true || (virtualize === 'auto' && rows.length > DATA_TABLE_VIRTUALIZE_THRESHOLD));
  const effectiveMaxHeight = maxHeight ?? (virtualized ? DEFAULT_VIRTUAL_HEIGHT : undefined);
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const virtual = useVirtualRows({
    enabled: virtualized,
    count: rows.length,
    getItemKey,
    estimateRowHeight,
    scrollRef,
    headRef,
  });
  const scrollable = useOverflowing(scrollRef, effectiveMaxHeight !== undefined);
  const interactive = Boolean(onRowClick || onRowFocus);
  const focus = useRowFocus({
    rows,
    enabled: interactive && !loading,
    activeRowId,
    onRowClick,
    onRowFocus,
    scrollRef,
    headRef,
    contained: effectiveMaxHeight !== undefined,
    virtual: virtualized ? virtual : undefined,
  });

  const columnCount = columns.length + (selectable ? 1 : 0) + (showRowNumbers ? 1 : 0);
  const ariaRowCount =
    totalRowCount !== undefined ? totalRowCount + 1 : virtualized || paginated ? rowCount + 1 : undefined;

  const renderRow = (row: DataTableRow<TData>, indexInRows: number, measure: boolean) => {
    const displayIndex = state.pageStart + indexInRows;
    const rowNumber = rowIndexOffset + displayIndex + 1;
    const tone = getRowTone?.(row.original);
    const toneLabel = tone
      ? (getRowToneLabel?.(row.original, tone) ??
        (tone === 'danger' ? messages.tableRowDanger : messages.tableRowWarning))
      : undefined;
    return (
      <DataTableBodyRow
        key={row.id}
        row={row}
        columns={columns}
        displayIndex={displayIndex}
        rowNumber={rowNumber}
        ariaRowIndex={ariaRowCount !== undefined ? rowNumber + 1 : undefined}
        selectable={selectable}
        showRowNumbers={showRowNumbers}
        tone={tone}
        toneLabel={toneLabel}
        selected={row.getIsSelected()}
        canSelect={row.getCanSelect()}
        active={activeRowId !== undefined && activeRowId !== null && activeRowId === row.id}
        interactive={interactive}
        tabbable={focus.tabbableId === row.id}
        onActivate={focus.onActivate}
        onNavigate={focus.onNavigate}
        onFocusRow={focus.onFocusRow}
        measureIndex={measure ? indexInRows : undefined}
        measureRef={measure ? virtual.measureElement : undefined}
      />
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
      <FullWidthRow columnCount={columnCount} className="px-3 py-8 text-center">
        <Spinner label={loadingLabel ?? messages.tableLoading} />
      </FullWidthRow>
    );
  } else if (rows.length === 0) {
    body = (
      <FullWidthRow columnCount={columnCount} className="p-0">
        <EmptyState
          size="sm"
          titleAs="p"
          title={emptyMessage ?? messages.tableEmpty}
          description={emptyDescription}
        />
      </FullWidthRow>
    );
  } else if (virtualized) {
    body = (
      <>
        {spacer(virtual.paddingTop, 'spacer-top')}
        {virtual.indexes.map((index) => {
          const row = rows[index];
          return row ? renderRow(row, index, true) : null;
        })}
        {spacer(virtual.paddingBottom, 'spacer-bottom')}
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
    <div
      data-slot="data-table"
      data-cards-below={cardsBelow}
      className={cn('flex min-w-0 flex-col gap-3', className)}
      {...rootProps}
    >
      <div
        ref={scrollRef}
        data-slot="data-table-scroll"
        data-virtualized={virtualized || undefined}
        {...regionProps}
        style={scrollStyle}
        className="relative overflow-auto rounded-[var(--radius-control)] border border-line bg-surface"
      >
        {refreshing && !loading ? (
          <div
            role="progressbar"
            aria-label={messages.tableRefreshing}
            data-slot="data-table-progress"
            className="sticky start-0 top-0 z-20 -mb-1 h-1 w-full overflow-hidden bg-brand-100"
          >
            <div className="h-full w-1/3 animate-table-progress bg-brand-600 motion-reduce:w-full motion-reduce:animate-none" />
          </div>
        ) : null}
        <table
          data-slot="data-table-table"
          aria-rowcount={ariaRowCount}
          aria-busy={loading || refreshing || undefined}
          data-refreshing={(refreshing && !loading) || undefined}
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
          <thead ref={headRef}>
            <DataTableHeadRow
              columns={columns}
              canSort={state.canSort}
              sortDirection={state.sortDirection}
              onSort={state.toggleSort}
              allRowsChecked={state.allRowsChecked}
              onToggleAll={state.toggleAllRows}
              selectable={selectable}
              showRowNumbers={showRowNumbers}
              sticky={effectiveMaxHeight !== undefined}
              selectAllDisabled={loading || rowCount === 0}
              ariaRowIndex={ariaRowCount !== undefined ? 1 : undefined}
            />
          </thead>
          <tbody
            className={cn(
              '[&>tr>td]:border-line [&>tr>td]:border-b [&>tr:last-child>td]:border-b-0',
              refreshing && !loading && 'opacity-50 transition-opacity',
            )}
          >
            {body}
          </tbody>
        </table>
      </div>
      {paginated && !loading && rowCount > 0 ? (
        <Pager
          aria-label={client?.label}
          page={state.page}
          pageSize={state.pageSize}
          total={rowCount}
          onPageChange={state.setPage}
          pageSizeOptions={client?.pageSizeOptions}
          onPageSizeChange={client?.pageSizeOptions ? state.setPageSize : undefined}
        />
      ) : null}
    </div>
  );
}
