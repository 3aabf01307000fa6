import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface StatePanelProps extends ComponentProps<'div'> {
  /** `data-slot` of the panel, e.g. 'empty-state'. */
  slot: string;
  /** `sm` for panels and table bodies, `md` for whole sections. */
  size: 'sm' | 'md';
  /** Decorative icon in a round badge; nothing when absent. */
  icon?: ReactNode;
  /** Background and colour of the icon's badge. */
  iconClassName: string;
}

/** The centred layout of EmptyState and ErrorState: an icon badge over texts and actions. */
export function StatePanel({
  slot,
  size,
  icon,
  iconClassName,
  className,
  children,
  ...props
}: StatePanelProps) {
  return (
    <div
      data-slot={slot}
      data-size={size}
      className={cn(
        'flex flex-col items-center justify-center gap-2 text-center',
        size === 'sm' ? 'px-4 py-6' : 'px-6 py-12',
        className,
      )}
      {...props}
    >
      {icon ? (
        <span
          aria-hidden="true"
          className={cn(
            'flex items-center justify-center rounded-full',
            iconClassName,
            size === 'sm' ? 'size-10 [&_svg]:size-5' : 'size-14 [&_svg]:size-7',
          )}
        >
          {icon}
        </span>
      ) : null}
      {children}
    </div>
  );
}
