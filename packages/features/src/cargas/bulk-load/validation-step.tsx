import type { UploadRow } from '@socio/contracts';
import { Button, type DataTableColumn, NativeSelect, Progress } from '@socio/ui';
import { Download } from 'lucide-react';
import { useMemo } from 'react';
import type { BulkLoadState } from './bulk-load.reducer';
import { fileColumns, InvalidRowsTable, rowNumberColumn, TABLE_HEIGHT } from './invalid-rows-table';
import { bulkLoadMessages as m } from './messages.es';
import { PagedTable } from './paged-table';

export function uploadRowId(row: UploadRow): string {
  const id = row.__id;
  return typeof id === 'number' || typeof id === 'string' ? String(id) : `fila-${row.row_index}`;
}

/** A download button that wraps inside a narrow banner or header instead of overflowing it. */
export const WRAPPING_BUTTON = 'h-auto min-h-8 max-w-full whitespace-normal py-1 text-start';

export interface ValidationStepProps {
  state: BulkLoadState;
  onDownloadInvalid: () => void;
  /** Reads another sheet of the workbook (shown when it has more than one). */
  onSelectSheet: (sheet: string) => void;
}

/** Step 2: the valid rows ('N registros') and, when any, the invalid ones with their row and reason. */
export function ValidationStep({ state, onDownloadInvalid, onSelectSheet }: ValidationStepProps) {
  const { headers, valid, invalid, sheetNames, sheet } = state;
  const validColumns = useMemo<DataTableColumn<UploadRow>[]>(
    () => [rowNumberColumn<UploadRow>(), ...fileColumns<UploadRow>(headers, (row, header) => row[header])],
    [headers],
  );
  const processing = state.phase === 'processing' && state.progress;

  return (
    <div data-slot="bulk-load-validation" className="flex flex-col gap-6">
      {sheetNames.length > 1 ? (
        <NativeSelect
          label={m.sheetLabel}
          hint={m.sheetHint}
          className="max-w-sm"
          options={sheetNames.map((name) => ({ value: name, label: name }))}
          value={sheet ?? ''}
          disabled={state.phase !== 'ready'}
          onChange={(event) => onSelectSheet(event.target.value)}
        />
      ) : null}
      {processing ? (
        <Progress
          label={m.processingLabel}
          fraction={processing.done / Math.max(1, processing.total)}
          text={m.processingProgress(processing.done, processing.total)}
        />
      ) : null}
      <section aria-labelledby="bulk-load-valid-title" className="flex flex-col gap-2">
        <h3 id="bulk-load-valid-title" className="flex flex-wrap items-baseline gap-2 font-semibold text-ink">
          {m.validTitle}
          <span className="font-normal text-ink-muted text-sm">{m.validCount(valid.length)}</span>
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
              <span className="font-normal text-ink-muted text-sm">{m.invalidCount(invalid.length)}</span>
            </h3>
            <Button variant="outline" size="sm" className={WRAPPING_BUTTON} onClick={onDownloadInvalid}>
              <Download aria-hidden="true" />
              {m.downloadInvalid}
            </Button>
          </div>
          <InvalidRowsTable
            rows={invalid}
            headers={headers}
            caption={m.invalidCaption}
            pagerLabel={m.invalidPager}
          />
        </section>
      ) : null}
    </div>
  );
}
