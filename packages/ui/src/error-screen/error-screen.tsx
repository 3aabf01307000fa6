import { TriangleAlert } from 'lucide-react';
import { type HTMLAttributes, type ReactNode, useId } from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';

export interface ErrorScreenProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Heading. Defaults to 'Algo salió mal'. */
  title?: ReactNode;
  /** Explanation under the heading. Defaults to 'La aplicación encontró un error inesperado'. */
  message?: ReactNode;
  /** Technical details (e.g. the error's message or stack), folded under 'Detalles técnicos'. */
  details?: string;
  /** Buttons, e.g. 'Recargar página' and 'Limpiar datos y volver al inicio'. */
  actions?: ReactNode;
  /** A small hint at the bottom, e.g. to open the browser console. */
  hint?: ReactNode;
  /** `main` when it replaces the whole application (default), `div` inside a page that has one. */
  as?: 'main' | 'div';
}

/** A whole-page error: heading, message, technical details, actions and a hint. */
export function ErrorScreen({
  title,
  message,
  details,
  actions,
  hint,
  as: Root = 'main',
  className,
  ...props
}: ErrorScreenProps) {
  const m = useUiMessages();
  const titleId = useId();
  const detailsId = useId();
  return (
    <Root
      data-slot="error-screen"
      aria-labelledby={titleId}
      className={cn('flex min-h-dvh items-center justify-center bg-canvas p-4 text-ink sm:p-8', className)}
      {...props}
    >
      <div className="flex w-full max-w-2xl flex-col gap-5 rounded-xl border border-line bg-surface p-6 shadow-sm sm:p-8">
        <div className="flex items-start gap-4">
          <span
            aria-hidden="true"
            className="flex size-12 shrink-0 items-center justify-center rounded-full bg-danger-50 text-danger-700"
          >
            <TriangleAlert className="size-6" />
          </span>
          <div className="flex min-w-0 flex-col gap-1">
            <h1 id={titleId} className="font-semibold text-2xl text-ink">
              {title ?? m.errorScreenTitle}
            </h1>
            <p className="text-ink-muted">{message ?? m.errorScreenMessage}</p>
          </div>
        </div>
        {details ? (
          // The technical text is for whoever fixes it: folded under 'Detalles técnicos', so the
          // Spanish explanation above is what a person reads first.
          <details data-slot="error-screen-technical" className="text-sm">
            <summary id={detailsId} className="cursor-pointer font-medium text-ink text-sm">
              {m.errorScreenDetails}
            </summary>
            <section
              aria-labelledby={detailsId}
              // biome-ignore lint/a11y/noNoninteractiveTabindex: long details scroll and must be reachable by keyboard
              tabIndex={0}
              data-slot="error-screen-details"
              className="mt-1.5 max-h-64 overflow-auto rounded-[var(--radius-control)] border border-line bg-canvas p-3"
            >
              <pre className="whitespace-pre-wrap break-words font-mono text-danger-700 text-xs">
                {details}
              </pre>
            </section>
          </details>
        ) : null}
        {actions ? <div className="flex flex-wrap gap-3">{actions}</div> : null}
        {hint ? <p className="text-ink-muted text-sm">{hint}</p> : null}
      </div>
    </Root>
  );
}
