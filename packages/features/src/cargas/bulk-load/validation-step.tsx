import type { InvalidRow, UploadRow } from '@socio/contracts';
import { Button, type DataTableColumn, formatNumber } from '@socio/ui';
import { Download } from 'lucide-react';
import { useMemo } from 'react';
import type { BulkLoadState } from './bulk-load.reducer';
import { bulkLoadMessages as m } from './messages.es';
import { PagedTable } from './paged-table';
import { ProgressBar } from './progress-bar';

/** Table height caps: invalid 200 px, valid 300 px, processed 400 px. */
export const TABLE_HEIGHT = { invalid: 200, valid: 300, processed: 400 } as const;

export function uploadRowId(row: UploadRow): string {
  const id = row.__id;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : `fila-${row.row_index}`;
}
const invalidRowId = (row: InvalidRow, index: number) => `${row.row_index}-${index}`;

function fileColumns<T>(headers: readonly string[], read: (row: T, header: string) => unknown) {
  return headers.map(
    (header, index): DataTableColumn<T> => ({
      id: `col-${index}`,
      header,
      accessor: (row: T) => read(row, header),
    }),
  );
}

export interface ValidationStepProps {
  state: BulkLoadState;
  onDownloadInvalid: () => void;
}

/** Step 2: the valid rows ('N registros') and, when any, the invalid ones with their row and reason. */
export function ValidationStep({ state, onDownloadInvalid }: ValidationStepProps) {
  const { headers, valid, invalid } = state;
  const validColumns = useMemo<DataTableColumn<UploadRow>[]>(
    () => [
      { id: 'row_index', header: m.rowColumn, type: 'number', width: 72 },
      ...fileColumns<UploadRow>(headers, (row, header) => row[header]),
    ],
    [headers],
  );
  const invalidColumns = useMemo<DataTableColumn<InvalidRow>[]>(
    () => [
      { id: 'row_index', header: m.rowColumn, type: 'number', width: 72 },
      { id: 'reason', header: m.reasonColumn, className: 'whitespace-nowrap' },
      ...fileColumns<InvalidRow>(headers, (row, header) => row.data[header]),
    ],
    [headers],
  );
  const processing = state.phase === 'processing' && state.progress;

  return (
    <div data-slot="bulk-load-validation" className="flex flex-col gap-6">
      {processing ? (
        <ProgressBar
          label={m.processingLabel}
          fraction={processing.done / Math.max(1, processing.total)}
          text={m.processingProgress(formatNumber(processing.done), formatNumber(processing.total))}
        />
      ) : null}
      <section aria-labelledby="bulk-load-valid-title" className="flex flex-col gap-2">
        <h3 id="bulk-load-valid-title" className="flex flex-wrap items-baseline gap-2 font-semibold text-ink">
          {m.validTitle}
          <span className="font-normal text-ink-muted text-sm">
            {m.validCount(formatNumber(valid.length))}
          </span>
        </h3>
        <PagedTable
          rows={valid}
          pagerLabel={m.validPager}
          columns={validColumns}
          getRowId={uploadRowId}
          caption={m.validCaption}
          captionHidden
          maxHeight={TABLE_HEIGHT.valid}
          emptyMessage={m.noValidRows}
        />
      </section>
      {invalid.length > 0 ? (
        <section aria-labelledby="bulk-load-invalid-title" className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3
              id="bulk-load-invalid-title"
              className="flex flex-wrap items-baseline gap-2 font-semibold text-danger-700"
            >
              {m.invalidTitle}
              <span className="font-normal text-ink-muted text-sm">
                {m.invalidCount(formatNumber(invalid.length))}
              </span>
            </h3>
            <Button variant="outline" size="sm" onClick={onDownloadInvalid}>
              <Download aria-hidden="true" />
              {m.downloadInvalid}
            </Button>
          </div>
          <PagedTable
            rows={invalid}
            pagerLabel={m.invalidPager}
            columns={invalidColumns}
            getRowId={invalidRowId}
            caption={m.invalidCaption}
            captionHidden
            maxHeight={TABLE_HEIGHT.invalid}
          />
        </section>
      ) : null}
    </div>
  );
}
