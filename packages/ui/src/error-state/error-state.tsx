import { CircleAlert, RotateCw } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { Button } from '../button/button';
import { StatePanel } from '../empty-state/state-panel';
import { useUiMessages } from '../i18n/ui-provider';

export interface ErrorStateProps extends Omit<ComponentProps<'div'>, 'title'> {
  /** What went wrong, e.g. 'Error al cargar los reportes'. */
  message: ReactNode;
  /** Optional heading above the message. Defaults to none (the message is usually enough). */
  title?: ReactNode;
  /** Shows the retry button; called when it is pressed. */
  onRetry?: () => void;
  /** Text of the retry button. Defaults to the messages' `retry` ('Intentar de nuevo'). */
  retryLabel?: string;
  /** Disables the retry button and shows it busy while a retry is running. */
  retrying?: boolean;
  /** `sm` for panels and table bodies, `md` for whole sections. */
  size?: 'sm' | 'md';
}

/** A failed load: announced as an alert, with an optional 'Intentar de nuevo'. */
export function ErrorState({
  message,
  title,
  onRetry,
  retryLabel,
  retrying = false,
  size = 'md',
  className,
  ...props
}: ErrorStateProps) {
  const messages = useUiMessages();
  return (
    <StatePanel
      role="alert"
      slot="error-state"
      size={size}
      icon={<CircleAlert />}
      iconClassName="bg-danger-50 text-danger-700"
      className={className}
      {...props}
    >
      {title ? <p className="font-semibold text-ink">{title}</p> : null}
      <p className="max-w-prose text-ink text-sm">{message}</p>
      {onRetry ? (
        <Button variant="outline" size="sm" className="mt-2" loading={retrying} onClick={onRetry}>
          {retrying ? null : <RotateCw aria-hidden="true" />}
          {retryLabel ?? messages.retry}
        </Button>
      ) : null}
    </StatePanel>
  );
}
