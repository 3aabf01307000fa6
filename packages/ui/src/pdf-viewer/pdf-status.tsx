import type { ComponentProps } from 'react';
import { ErrorState } from '../error-state/error-state';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { Spinner } from '../spinner/spinner';

/** Centred "Cargando PDF..." state of the viewer (a polite live region). */
export function PdfLoading({ className, ...props }: ComponentProps<'div'>) {
  const m = useUiMessages();
  return (
    <div
      data-slot="pdf-loading"
      className={cn('flex flex-1 flex-col items-center justify-center p-8', className)}
      {...props}
    >
      <Spinner size="lg" label={m.pdfLoading} className="flex-col gap-3" />
    </div>
  );
}

export interface PdfFailureProps {
  /** What went wrong, shown as the alert's text. */
  message: string;
  /** Called by the 'Intentar de nuevo' button. */
  onRetry: () => void;
}

/** Failure panel of the viewer: an alert with the message and an 'Intentar de nuevo' button. */
export function PdfFailure({ message, onRetry }: PdfFailureProps) {
  return <ErrorState data-slot="pdf-failure" message={message} onRetry={onRetry} className="flex-1" />;
}
