import { Button, FileDropzone, Progress } from '@socio/ui';
import { useMemo } from 'react';
import type { BulkLoadState } from './bulk-load.reducer';
import { spreadsheetAccept } from './file-types';
import { bulkLoadMessages as m } from './messages.es';

export interface UploadStepProps {
  state: BulkLoadState;
  onFile: (file: File) => void;
  /**
   * The dropzone refused a file (another type: 'Formato de archivo no soportado…'). The wizard shows
   * it in its error banner, like every other file error, so the dropzone does not show it too.
   */
  onReject: (message: string) => void;
  onCancelRead: () => void;
}

/** Step 1: drop or pick a file; while it is read, a determinate bar and 'Cancelar lectura'. */
export function UploadStep({ state, onFile, onReject, onCancelRead }: UploadStepProps) {
  const accept = useMemo(spreadsheetAccept, []);
  const reading = state.phase === 'reading' || state.phase === 'classifying';
  const fraction = state.progress ? state.progress.done / Math.max(1, state.progress.total) : 0;
  return (
    <div data-slot="bulk-load-upload" className="flex flex-col gap-4">
      <FileDropzone
        accept={accept}
        onFile={onFile}
        onReject={(rejection) => onReject(rejection.message)}
        showRejection={false}
        busy={reading}
        busyLabel={m.reading}
        rejectionMessage={m.unsupportedFile}
        instructions={m.dropInstructions}
        hint={m.acceptedHint}
      />
      {reading ? (
        <div className="flex flex-wrap items-end gap-3">
          <Progress
            className="min-w-48 flex-1"
            label={m.readingLabel}
            fraction={fraction}
            text={m.readingProgress(Math.round(fraction * 100))}
          />
          <Button variant="outline" size="sm" onClick={onCancelRead}>
            {m.cancelReading}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
