import { Banner, Button } from '@socio/ui';
import { Download } from 'lucide-react';
import type { SavedResult } from './bulk-load.reducer';
import { InvalidRowsTable } from './invalid-rows-table';
import { bulkLoadMessages as m } from './messages.es';
import { WRAPPING_BUTTON } from './validation-step';

export interface SavedStepProps {
  result: SavedResult;
  headers: readonly string[];
  onDownloadFailed: () => void;
}

/**
 * A carga saved with refused rows: the counts stay on screen (not a toast that vanishes) with each refused
 * row, the server's reason and a CSV of them, until the user closes the dialog.
 */
export function SavedStep({ result, headers, onDownloadFailed }: SavedStepProps) {
  return (
    <div data-slot="bulk-load-saved" className="flex flex-col gap-4">
      <Banner
        tone="warning"
        title={m.savedPartial(result.processed, result.failed)}
        message={m.savedFailuresHint}
        actions={
          <Button variant="outline" size="sm" className={WRAPPING_BUTTON} onClick={onDownloadFailed}>
            <Download aria-hidden="true" />
            {m.downloadFailed}
          </Button>
        }
      />
      <InvalidRowsTable
        rows={result.failures}
        headers={headers}
        caption={m.savedFailuresCaption}
        pagerLabel={m.savedFailuresPager}
      />
    </div>
  );
}
