import { cva, type VariantProps } from 'class-variance-authority';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

export const badgeVariants = cva(
  'inline-flex w-fit shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full border px-2.5 py-0.5 font-medium text-xs [&_svg]:size-3.5 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        neutral: 'border-line bg-canvas text-ink-muted',
        info: 'border-info-700/20 bg-info-50 text-info-700',
        success: 'border-success-700/20 bg-success-50 text-success-700',
        warning: 'border-warning-700/20 bg-warning-50 text-warning-700',
        danger: 'border-danger-700/20 bg-danger-50 text-danger-700',
      },
    },
    defaultVariants: { variant: 'neutral' },
  },
);

/** The colour tones of a Badge. */
export type BadgeTone = NonNullable<VariantProps<typeof badgeVariants>['variant']>;

export interface BadgeProps extends ComponentProps<'span'>, VariantProps<typeof badgeVariants> {
  /** Shows a small dot in the tone's colour before the text. */
  dot?: boolean;
}

/** A short label (status, count, category) in one of five tones. */
export function Badge({ variant, dot = false, className, children, ...props }: BadgeProps) {
  return (
    <span
      data-slot="badge"
      data-variant={variant ?? 'neutral'}
      className={cn(badgeVariants({ variant }), className)}
      {...props}
    >
      {dot ? <span aria-hidden="true" className="size-1.5 rounded-full bg-current" /> : null}
      {children}
    </span>
  );
}
