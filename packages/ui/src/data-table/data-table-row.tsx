import type { RowData } from '@tanstack/react-table';
import { cva } from 'class-variance-authority';
import { type KeyboardEvent, type MouseEvent, memo, type ReactElement, type Ref } from 'react';
import { Checkbox } from '../checkbox/checkbox';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { formatNumber } from '../lib/format';
import { alignClass, columnAlign, defaultCellContent, isEmptyValue } from './cell-values';
import type { DataTableColumn, DataTableRowTone } from './data-table.types';
import type { DataTableRow as TableRow } from './use-data-table';

/** A body row's look: its tone (danger/warning) wins over selection and the active mark. */
export const dataTableRowVariants = cva('', {
  variants: {
    tone: {
      none: '',
      danger:
        'bg-danger-50 [&>td]:text-danger-700 [&>td:first-child]:shadow-[inset_4px_0_0_var(--color-danger-600)]',
      warning: 'bg-warning-50 [&>td:first-child]:shadow-[inset_4px_0_0_var(--color-warning-700)]',
    },
    selected: { true: '', false: '' },
    active: { true: '', false: '' },
    interactive: { true: 'cursor-pointer hover:bg-canvas', false: '' },
  },
  compoundVariants: [
    { tone: 'none', selected: true, className: 'bg-brand-50' },
    { tone: 'none', active: true, className: 'bg-brand-100' },
  ],
  defaultVariants: { tone: 'none', selected: false, active: false, interactive: false },
});

/** Clicks on these inside a row do their own thing and are not a row click. */
const CONTROL_SELECTOR = 'button, a, input, select, textarea, [role="checkbox"]';

export interface DataTableBodyRowProps<TData extends RowData> {
  row: TableRow<TData>;
  columns: readonly DataTableColumn<TData>[];
  /** Position in the display order (0-based, across pages), given to cell renderers. */
  displayIndex: number;
  /** 1-based running number (across pages and server pages). */
  rowNumber: number;
  /** `aria-rowindex`, when the table announces its row count. */
  ariaRowIndex?: number;
  selectable: boolean;
  showRowNumbers: boolean;
  tone?: DataTableRowTone;
  /** Spoken hint of the tone, read with the first cell. */
  toneLabel?: string;
  /** Ticked (the row's checkbox). */
  selected: boolean;
  /** Whether its checkbox can be ticked. */
  canSelect: boolean;
  active: boolean;
  /** Rows can be focused, clicked and moved through with the keyboard. */
  interactive: boolean;
  /** The one row in the tab order (roving tabindex); the others take the focus by arrow keys. */
  tabbable: boolean;
  /** Click, Enter or Space on the row. */
  onActivate?: (row: TableRow<TData>) => void;
  /** A key pressed on the row itself (arrow keys, Home, End). */
  onNavigate?: (event: KeyboardEvent<HTMLTableRowElement>, row: TableRow<TData>) => void;
  /** The row itself received the focus. */
  onFocusRow?: (row: TableRow<TData>) => void;
  /** Index for the virtualiser's measurements, with `measureRef`. */
  measureIndex?: number;
  measureRef?: Ref<HTMLTableRowElement>;
}

/**
 * One body row: selection checkbox, running number, then the cells ('-' when empty). Memoised: its
 * props are the row and small values, so a sort, a tick or a focus move re-renders only the rows
 * that changed (callbacks must be stable).
 */
export const DataTableBodyRow = memo(function DataTableBodyRow<TData extends RowData>({
  row,
  columns,
  displayIndex,
  rowNumber,
  ariaRowIndex,
  selectable,
  showRowNumbers,
  tone,
  toneLabel,
  selected,
  canSelect,
  active,
  interactive,
  tabbable,
  onActivate,
  onNavigate,
  onFocusRow,
  measureIndex,
  measureRef,
}: DataTableBodyRowProps<TData>) {
  const messages = useUiMessages();
  const hint = toneLabel ? <span className="sr-only">{toneLabel}</span> : null;
  return (
    <tr
      ref={measureRef}
      data-index={measureIndex}
      data-slot="data-table-row"
      data-row-id={row.id}
      data-tone={tone}
      data-state={selected ? 'selected' : undefined}
      data-active={active || undefined}
      aria-rowindex={ariaRowIndex}
      aria-current={active ? 'true' : undefined}
      tabIndex={interactive ? (tabbable ? 0 : -1) : undefined}
      onClick={
        onActivate
          ? (event: MouseEvent<HTMLTableRowElement>) => {
              if (!(event.target instanceof Element && event.target.closest(CONTROL_SELECTOR)))
                onActivate(row);
            }
          : undefined
      }
      onKeyDown={
        interactive
          ? (event: KeyboardEvent<HTMLTableRowElement>) => {
              if (event.target !== event.currentTarget) return;
              if (onActivate && (event.key === 'Enter' || event.key === ' ')) {
                event.preventDefault();
                onActivate(row);
                return;
              }
              onNavigate?.(event, row);
            }
          : undefined
      }
      onFocus={
        interactive && onFocusRow
          ? (event) => {
              if (event.target === event.currentTarget) onFocusRow(row);
            }
          : undefined
      }
      className={cn(
        dataTableRowVariants({
          tone: tone ?? 'none',
          selected,
          active,
          interactive: Boolean(onActivate),
        }),
      )}
    >
      {selectable ? (
        <td className="w-10 px-3 py-2 align-middle">
          {hint}
          <Checkbox
            aria-label={messages.tableSelectRow(rowNumber)}
            checked={selected}
            disabled={!canSelect}
            onCheckedChange={(value) => row.toggleSelected(value === true)}
            className="items-center"
            boxClassName="mt-0"
          />
        </td>
      ) : null}
      {showRowNumbers ? (
        <td className="w-12 px-3 py-2 text-end text-ink-muted tabular-nums">
          {selectable ? null : hint}
          {formatNumber(rowNumber)}
        </td>
      ) : null}
      {columns.map((column, columnIndex) => {
        const value = row.getValue(column.id);
        const content = column.cell
          ? column.cell({ row: row.original, value, rowIndex: displayIndex, rowId: row.id })
          : defaultCellContent(column, value);
        const hintHere = columnIndex === 0 && !selectable && !showRowNumbers;
        return (
          <td
            key={column.id}
            data-slot="data-table-cell"
            // The column's name, shown before the value when rows become cards (`cardsBelow`).
            data-label={typeof column.header === 'string' ? column.header : undefined}
            className={cn(
              'px-3 py-2 align-middle text-ink',
              alignClass[columnAlign(column)],
              column.type === 'number' && 'tabular-nums',
              column.className,
            )}
          >
            {hintHere ? hint : null}
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
}) as <TData extends RowData>(props: DataTableBodyRowProps<TData>) => ReactElement;
