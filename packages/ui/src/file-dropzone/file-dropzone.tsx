import { FileUp } from 'lucide-react';
import { type ComponentProps, type ReactNode, useId, useMemo, useState } from 'react';
import { type Accept, ErrorCode, type FileRejection, useDropzone } from 'react-dropzone';
import { Button } from '../button/button';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { LOCALE } from '../lib/format';
import { Spinner } from '../spinner/spinner';

/** Why a file was refused. */
export type FileRejectionReason = 'type' | 'size' | 'count';

export interface FileDropzoneRejection {
  file: File;
  reason: FileRejectionReason;
  /** The message shown to the user. */
  message: string;
}

export interface FileDropzoneProps extends Omit<ComponentProps<'div'>, 'children' | 'onDrop'> {
  /**
   * Accepted types: MIME type → extensions, e.g.
   * `{ 'text/csv': ['.csv'], 'application/vnd.ms-excel': ['.xls'] }`. A file passes when its MIME
   * type or its extension matches (browsers report spreadsheets with varying MIME types).
   */
  accept: Accept;
  /** Called with the accepted file. */
  onFile: (file: File) => void;
  /** Called when a file is refused (the message is also shown under the area unless `showRejection` is false). */
  onReject?: (rejection: FileDropzoneRejection) => void;
  /**
   * Show a refusal's message under the area (default). False when the parent shows it itself from
   * `onReject` (e.g. in its own error banner), so the message is not said twice.
   */
  showRejection?: boolean;
  /** Shows 'Procesando archivo...' with a spinner and disables the picker and the input. */
  busy?: boolean;
  /** Text of the busy state. Defaults to the messages' `dropzoneBusy`. */
  busyLabel?: string;
  /** Message for a file of another type. Defaults to the messages' `dropzoneRejectedType` with the extensions. */
  rejectionMessage?: string;
  /** Largest accepted size in bytes. */
  maxSize?: number;
  /** Disables the whole area. */
  disabled?: boolean;
  /** Main instruction. Defaults to the messages' `dropzoneInstructions`. */
  instructions?: ReactNode;
  /** Secondary line. Defaults to the accepted extensions ('Formatos aceptados: .xlsx, .xls o .csv'). */
  hint?: ReactNode;
  /** An error from the parent about the last file (e.g. 'El archivo está vacío'); shown like a rejection. */
  error?: ReactNode;
}

function acceptedExtensions(accept: Accept): string {
  const extensions = [...new Set(Object.values(accept).flat())].map((ext) => ext.toLowerCase());
  return new Intl.ListFormat(LOCALE, { type: 'disjunction', style: 'long' }).format(extensions);
}

/**
 * A drop area for one file, on react-dropzone: drag and drop or 'Seleccionar archivo', type check
 * by MIME type or extension, an optional size limit, a busy state and a Spanish rejection message.
 */
export function FileDropzone({
  accept,
  onFile,
  onReject,
  showRejection = true,
  busy = false,
  busyLabel,
  rejectionMessage,
  maxSize,
  disabled = false,
  instructions,
  hint,
  error,
  className,
  ...props
}: FileDropzoneProps) {
  const messages = useUiMessages();
  const [rejection, setRejection] = useState<string | null>(null);
  const baseId = useId();
  const instructionsId = `${baseId}-instructions`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;
  const extensions = useMemo(() => acceptedExtensions(accept), [accept]);
  const inactive = disabled || busy;

  const messageFor = (fileRejection: FileRejection): FileDropzoneRejection => {
    const codes = fileRejection.errors.map((fileError) => fileError.code);
    if (codes.includes(ErrorCode.TooManyFiles)) {
      return { file: fileRejection.file, reason: 'count', message: messages.dropzoneRejectedCount };
    }
    if (codes.includes(ErrorCode.FileTooLarge) && maxSize !== undefined) {
      return {
        file: fileRejection.file,
        reason: 'size',
        message: messages.dropzoneRejectedSize(maxSize / (1024 * 1024)),
      };
    }
    return {
      file: fileRejection.file,
      reason: 'type',
      message: rejectionMessage ?? messages.dropzoneRejectedType(extensions),
    };
  };

  const { getRootProps, getInputProps, open, isDragActive, isDragReject } = useDropzone({
    accept,
    maxSize,
    multiple: false,
    maxFiles: 1,
    disabled: inactive,
    noClick: true,
    noKeyboard: true,
    useFsAccessApi: false,
    onDropAccepted: (files) => {
      const [file] = files;
      if (!file) return;
      setRejection(null);
      onFile(file);
    },
    onDropRejected: (rejections) => {
      const [first] = rejections;
      if (!first) return;
      const result = messageFor(first);
      setRejection(result.message);
      onReject?.(result);
    },
  });

  const shownError = (showRejection ? rejection : null) ?? (error || null);
  const describedBy = [hintId, shownError ? errorId : null].filter(Boolean).join(' ');

  return (
    <div data-slot="file-dropzone" className={cn('flex flex-col gap-2', className)} {...props}>
      <div
        {...getRootProps({
          role: 'group',
          'aria-labelledby': instructionsId,
          'aria-describedby': describedBy,
          'aria-busy': busy || undefined,
        })}
        data-slot="file-dropzone-area"
        data-drag-active={isDragActive || undefined}
        data-state={busy ? 'busy' : isDragActive ? (isDragReject ? 'reject' : 'active') : 'idle'}
        className={cn(
          'flex flex-col items-center justify-center gap-2 rounded-[var(--radius-control)] border-2 border-line border-dashed bg-surface px-6 py-8 text-center transition-colors',
          isDragActive && !isDragReject && 'border-brand-600 bg-brand-50',
          isDragActive && isDragReject && 'border-danger-600 bg-danger-50',
          shownError && !isDragActive && 'border-danger-600',
          disabled && 'opacity-60',
        )}
      >
        <input
          {...getInputProps({
            'aria-label': messages.dropzoneInput,
            'aria-describedby': describedBy,
            disabled: inactive,
          })}
          data-slot="file-dropzone-input"
        />
        <FileUp
          aria-hidden="true"
          className={cn('size-8', isDragActive ? 'text-brand-600' : 'text-ink-muted')}
        />
        <p id={instructionsId} className="font-medium text-ink text-sm">
          {isDragActive ? messages.dropzoneDragActive : (instructions ?? messages.dropzoneInstructions)}
        </p>
        {busy ? (
          <Spinner label={busyLabel ?? messages.dropzoneBusy} />
        ) : (
          <>
            <p aria-hidden="true" className="text-ink-muted text-xs">
              {messages.dropzoneOr}
            </p>
            <Button
              variant="outline"
              size="sm"
              disabled={inactive}
              onClick={open}
              data-slot="file-dropzone-pick"
            >
              {messages.dropzonePick}
            </Button>
          </>
        )}
        <p id={hintId} className="text-ink-muted text-xs">
          {hint ?? messages.dropzoneAccepted(extensions)}
        </p>
      </div>
      <div role="alert" data-slot="file-dropzone-error" className="empty:hidden">
        {shownError ? (
          <p id={errorId} className="text-danger-700 text-sm">
            {shownError}
          </p>
        ) : null}
      </div>
    </div>
  );
}
