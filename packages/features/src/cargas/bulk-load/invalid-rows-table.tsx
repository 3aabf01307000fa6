import type { InvalidRow } from '@socio/contracts';
import type { DataTableColumn } from '@socio/ui';
import { useMemo } from 'react';
import { bulkLoadMessages as m } from './messages.es';
import { PagedTable } from './paged-table';

/** Table height caps: invalid 200 px, valid 300 px, processed 400 px. */
export const TABLE_HEIGHT = { invalid: 200, valid: 300, processed: 400 } as const;

/**
 * The 'Fila' column: the file row number as written (an identifier, no thousands separator), '—' for a
 * folio added by hand (it has no file row).
 */
export function rowNumberColumn<T extends { row_index?: unknown }>(): DataTableColumn<T> {
  return {
    id: 'row_index',
    header: m.rowColumn,
    width: 72,
    align: 'end',
    className: 'tabular-nums',
    accessor: (row: T) => row.row_index,
    cell: ({ value }) => (typeof value === 'number' && value > 0 ? String(value) : '—'),
  };
}

/** One column per file header, reading the cell with `read`. */
export function fileColumns<T>(headers: readonly string[], read: (row: T, header: string) => unknown) {
  return headers.map(
    (header, index): DataTableColumn<T> => ({
      id: `col-${index}`,
      header,
      accessor: (row: T) => read(row, header),
    }),
  );
}

const invalidRowId = (row: InvalidRow, index: number) => `${row.row_index}-${index}`;

export interface InvalidRowsTableProps {
  rows: readonly InvalidRow[];
  /** The file's headers (its cells are shown after the row number and the reason). */
  headers: readonly string[];
  caption: string;
  pagerLabel: string;
}

/**
 * Rows that will not be loaded, each with its file row number and the reason: the file's invalid rows
 * (step 2), those the server refused (step 3) and those a save refused. Paged and virtualised.
 */
export function InvalidRowsTable({ rows, headers, caption, pagerLabel }: InvalidRowsTableProps) {
  const columns = useMemo<DataTableColumn<InvalidRow>[]>(
    () => [
      rowNumberColumn<InvalidRow>(),
      { id: 'reason', header: m.reasonColumn, className: 'whitespace-nowrap' },
      ...fileColumns<InvalidRow>(headers, (row, header) => row.data[header]),
    ],
    [headers],
  );
  return (
    <PagedTable
      rows={rows}
      pagerLabel={pagerLabel}
      columns={columns}
      getRowId={invalidRowId}
      caption={caption}
      captionHidden
      maxHeight={TABLE_HEIGHT.invalid}
    />
  );
}
