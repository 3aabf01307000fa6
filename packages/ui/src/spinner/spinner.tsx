import { cva, type VariantProps } from 'class-variance-authority';
import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';

export const spinnerVariants = cva('shrink-0 animate-spin text-brand-600', {
  variants: {
    size: {
      sm: 'size-4',
      md: 'size-6',
      lg: 'size-10',
    },
  },
  defaultVariants: { size: 'md' },
});

export interface SpinnerProps
  extends Omit<ComponentProps<'output'>, 'children'>,
    VariantProps<typeof spinnerVariants> {
  /** What is loading, announced politely. Defaults to the messages' `loading` ('Cargando...'). */
  label?: string;
  /** Keeps the label for screen readers only (for spinners inside compact places). */
  hideLabel?: boolean;
}

/** A loading indicator with a polite live label (`role="status"`). */
export function Spinner({ label, hideLabel = false, size, className, ...props }: SpinnerProps) {
  const messages = useUiMessages();
  return (
    <output
      data-slot="spinner"
      data-size={size ?? 'md'}
      className={cn('inline-flex items-center gap-2 text-ink-muted text-sm', className)}
      {...props}
    >
      <LoaderCircle aria-hidden="true" className={spinnerVariants({ size })} />
      <span className={hideLabel ? 'sr-only' : undefined}>{label ?? messages.loading}</span>
    </output>
  );
}
