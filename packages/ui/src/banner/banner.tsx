import { cva, type VariantProps } from 'class-variance-authority';
import { CircleAlert, CircleCheck, Info, TriangleAlert, X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { IconButton } from '../icon-button/icon-button';
import { cn } from '../lib/cn';

export const bannerVariants = cva(
  'flex w-full items-start gap-3 rounded-[var(--radius-control)] border p-4 text-sm',
  {
    variants: {
      tone: {
        info: 'border-info-700/30 bg-info-50',
        success: 'border-success-700/30 bg-success-50',
        warning: 'border-warning-700/30 bg-warning-50',
        error: 'border-danger-700/30 bg-danger-50',
      },
    },
    defaultVariants: { tone: 'info' },
  },
);

/** Tones of a Banner. */
export type BannerTone = NonNullable<VariantProps<typeof bannerVariants>['tone']>;

const accentClasses: Record<BannerTone, string> = {
  info: 'text-info-700',
  success: 'text-success-700',
  warning: 'text-warning-700',
  error: 'text-danger-700',
};

const toneIcons: Record<BannerTone, ReactNode> = {
  info: <Info />,
  success: <CircleCheck />,
  warning: <TriangleAlert />,
  error: <CircleAlert />,
};

export interface BannerProps
  extends Omit<ComponentProps<'div'>, 'title' | 'role'>,
    VariantProps<typeof bannerVariants> {
  /** Bold first line, e.g. 'Visitadores sin asignar'. */
  title?: ReactNode;
  /** The message; `children` are rendered after it (for richer content). */
  message?: ReactNode;
  /** Buttons or links under the message. */
  actions?: ReactNode;
  /** Shows a dismiss button (named by the messages' `bannerDismiss`, 'Cerrar aviso') that calls it. */
  onDismiss?: () => void;
  /** Name of the dismiss button. */
  dismissLabel?: string;
  /** Replaces the tone's icon; `null` shows none. */
  icon?: ReactNode;
}

/**
 * An inline message for a whole page or dialog. `tone="error"` is announced at once (`role="alert"`);
 * the other tones politely (`role="status"`).
 */
export function Banner({
  tone,
  title,
  message,
  actions,
  onDismiss,
  dismissLabel,
  icon,
  className,
  children,
  ...props
}: BannerProps) {
  const messages = useUiMessages();
  const resolvedTone: BannerTone = tone ?? 'info';
  const shownIcon = icon === undefined ? toneIcons[resolvedTone] : icon;
  return (
    <div
      role={resolvedTone === 'error' ? 'alert' : 'status'}
      data-slot="banner"
      data-tone={resolvedTone}
      className={cn(bannerVariants({ tone: resolvedTone }), className)}
      {...props}
    >
      {shownIcon ? (
        <span
          aria-hidden="true"
          className={cn('mt-0.5 shrink-0 [&_svg]:size-5', accentClasses[resolvedTone])}
        >
          {shownIcon}
        </span>
      ) : null}
      <div className="grid min-w-0 flex-1 gap-1">
        {title ? (
          <p data-slot="banner-title" className={cn('font-semibold', accentClasses[resolvedTone])}>
            {title}
          </p>
        ) : null}
        {message ? <div className="text-ink">{message}</div> : null}
        {children ? <div className="text-ink">{children}</div> : null}
        {actions ? <div className="mt-2 flex flex-wrap gap-2">{actions}</div> : null}
      </div>
      {onDismiss ? (
        <IconButton
          label={dismissLabel ?? messages.bannerDismiss}
          size="sm"
          variant="ghost"
          className="-me-1 -mt-1 text-ink hover:bg-surface/70"
          onClick={onDismiss}
        >
          <X />
        </IconButton>
      ) : null}
    </div>
  );
}
