import type { RowData } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { memo, type ReactElement } from 'react';
import { Checkbox, type CheckedState } from '../checkbox/checkbox';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { alignClass, columnAlign, toPx } from './cell-values';
import type { DataTableColumn } from './data-table.types';

/** Class names of a header cell; sticky when the body scrolls under it. */
export function headCellClass(sticky: boolean): string {
  return cn(
    'whitespace-nowrap border-line border-b bg-canvas px-3 py-2 font-semibold text-ink text-xs uppercase tracking-wide',
    sticky && 'sticky top-0 z-10',
  );
}

const ariaSort = { asc: 'ascending', desc: 'descending' } as const;

type SortDirection = 'asc' | 'desc' | false;

interface ColumnHeadProps<TData extends RowData> {
  column: DataTableColumn<TData>;
  canSort: boolean;
  direction: SortDirection;
  onSort: (columnId: string) => void;
  sticky: boolean;
}

/**
 * One column header: a sort button with its direction (`aria-sort`) when the column sorts. Its props
 * are small values, so a sort re-renders only the headers whose direction changed.
 */
const ColumnHead = memo(function ColumnHead<TData extends RowData>({
  column,
  canSort,
  direction,
  onSort,
  sticky,
}: ColumnHeadProps<TData>) {
  const align = columnAlign(column);
  const SortIcon = direction === 'asc' ? ArrowUp : direction === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th
      scope="col"
      data-slot="data-table-head"
      aria-sort={canSort ? (direction ? ariaSort[direction] : 'none') : undefined}
      style={{ width: toPx(column.width) }}
      className={cn(headCellClass(sticky), alignClass[align], column.headerClassName)}
    >
      {canSort ? (
        <button
          type="button"
          data-slot="data-table-sort"
          onClick={() => onSort(column.id)}
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
}) as <TData extends RowData>(props: ColumnHeadProps<TData>) => ReactElement;

export interface DataTableHeadRowProps<TData extends RowData> {
  columns: readonly DataTableColumn<TData>[];
  /** Whether a column sorts. */
  canSort: (columnId: string) => boolean;
  /** Direction of a column in the current sort. */
  sortDirection: (columnId: string) => SortDirection;
  /** Sorts by a column (ascending first, then toggles). */
  onSort: (columnId: string) => void;
  /** State of the select-all checkbox. */
  allRowsChecked: CheckedState;
  /** Selects or clears every selectable row. */
  onToggleAll: (selected: boolean) => void;
  selectable: boolean;
  showRowNumbers: boolean;
  /** The header stays on top while the body scrolls. */
  sticky: boolean;
  /** Disables select-all (while loading or without rows). */
  selectAllDisabled: boolean;
  /** `aria-rowindex` of the header row, when the table announces its row count. */
  ariaRowIndex?: number;
}

/** The header row: select-all, the '#' column and the column headers. */
export function DataTableHeadRow<TData extends RowData>({
  columns,
  canSort,
  sortDirection,
  onSort,
  allRowsChecked,
  onToggleAll,
  selectable,
  showRowNumbers,
  sticky,
  selectAllDisabled,
  ariaRowIndex,
}: DataTableHeadRowProps<TData>) {
  const messages = useUiMessages();
  const cellClass = headCellClass(sticky);
  return (
    <tr aria-rowindex={ariaRowIndex}>
      {selectable ? (
        <td className={cn(cellClass, 'w-10')}>
          <Checkbox
            aria-label={messages.tableSelectAll}
            checked={allRowsChecked}
            disabled={selectAllDisabled}
            onCheckedChange={(value) => onToggleAll(value === true)}
            className="items-center"
            boxClassName="mt-0"
          />
        </td>
      ) : null}
      {showRowNumbers ? (
        <th scope="col" className={cn(cellClass, 'w-12 text-end')}>
          <span aria-hidden="true">{messages.tableRowNumber}</span>
          <span className="sr-only">{messages.tableRowNumberLabel}</span>
        </th>
      ) : null}
      {columns.map((column) => (
        <ColumnHead
          key={column.id}
          column={column}
          canSort={canSort(column.id)}
          direction={sortDirection(column.id)}
          onSort={onSort}
          sticky={sticky}
        />
      ))}
    </tr>
  );
}
