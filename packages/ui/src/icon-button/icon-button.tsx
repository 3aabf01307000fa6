import { cva, type VariantProps } from 'class-variance-authority';
import { LoaderCircle } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { buttonVariants } from '../button/button';
import { cn } from '../lib/cn';

export const iconButtonVariants = cva('px-0', {
  variants: {
    size: {
      sm: 'size-8',
      md: 'size-10',
      lg: 'size-12 [&_svg]:size-5',
    },
  },
  defaultVariants: { size: 'md' },
});

export interface IconButtonProps
  extends Omit<ComponentProps<'button'>, 'children' | 'aria-label'>,
    VariantProps<typeof buttonVariants> {
  /** Accessible name (`aria-label`) and hover hint of the button, e.g. 'Editar usuario'. Required. */
  label: string;
  /** The icon (decorative; it is hidden from assistive technologies). */
  children: ReactNode;
  /** Shows a spinner instead of the icon, sets `aria-busy` and disables the button. */
  loading?: boolean;
  /** Shows `label` as a native tooltip on hover. */
  showTooltip?: boolean;
}

/** A square button that shows only an icon; its `label` is the accessible name. */
export function IconButton({
  label,
  variant = 'ghost',
  size = 'md',
  loading = false,
  showTooltip = true,
  disabled,
  type = 'button',
  className,
  children,
  ...props
}: IconButtonProps) {
  return (
    <button
      data-slot="icon-button"
      data-variant={variant ?? 'ghost'}
      type={type}
      aria-label={label}
      title={showTooltip ? label : undefined}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={cn(buttonVariants({ variant, size }), iconButtonVariants({ size }), className)}
      {...props}
    >
      {loading ? (
        <LoaderCircle aria-hidden="true" className="animate-spin" />
      ) : (
        <span aria-hidden="true" className="contents">
          {children}
        </span>
      )}
    </button>
  );
}
