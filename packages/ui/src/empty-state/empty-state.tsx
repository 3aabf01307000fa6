import { Inbox } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { StatePanel } from './state-panel';

export interface EmptyStateProps extends Omit<ComponentProps<'div'>, 'title'> {
  /** Main text, e.g. 'No se encontraron reportes'. Defaults to the messages' `emptyStateTitle`. */
  title?: ReactNode;
  /** Secondary text under the title. */
  description?: ReactNode;
  /** Decorative icon; an inbox by default. Pass `null` to show none. */
  icon?: ReactNode;
  /** An optional call to action (usually a Button). */
  action?: ReactNode;
  /** Element used for the title, to fit the page's heading outline. */
  titleAs?: 'h2' | 'h3' | 'h4' | 'p';
  /** `sm` for panels and table bodies, `md` for whole sections. */
  size?: 'sm' | 'md';
}

/** What a list, table or panel shows when it has nothing to show. */
export function EmptyState({
  title,
  description,
  icon = <Inbox />,
  action,
  titleAs: Title = 'h3',
  size = 'md',
  className,
  ...props
}: EmptyStateProps) {
  const messages = useUiMessages();
  return (
    <StatePanel
      slot="empty-state"
      size={size}
      icon={icon}
      iconClassName="bg-canvas text-ink-muted"
      className={className}
      {...props}
    >
      <Title className={cn('font-semibold text-ink', size === 'sm' ? 'text-sm' : 'text-base')}>
        {title ?? messages.emptyStateTitle}
      </Title>
      {description ? <p className="max-w-prose text-ink-muted text-sm">{description}</p> : null}
      {action ? <div className="mt-2 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </StatePanel>
  );
}
