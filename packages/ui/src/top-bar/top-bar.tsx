import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface TopBarProps extends Omit<ComponentProps<'header'>, 'title'> {
  /** Name of the current page, e.g. 'Usuarios'. */
  title: ReactNode;
  /** Heading level of the title; the page's `h1` by default. */
  titleAs?: 'h1' | 'h2' | 'p';
  /** Before the title (e.g. the mobile menu button). */
  leading?: ReactNode;
  /** A search box, between the title and the actions. */
  search?: ReactNode;
  /** Buttons at the end, before the user. */
  actions?: ReactNode;
  /** The signed-in user: a name or a `UserMenu`. */
  user?: ReactNode;
}

/** Top bar of the application: page title, search, actions and the signed-in user. */
export function TopBar({
  title,
  titleAs: Title = 'h1',
  leading,
  search,
  actions,
  user,
  className,
  ...props
}: TopBarProps) {
  return (
    <header
      data-slot="top-bar"
      className={cn(
        'flex h-16 shrink-0 items-center gap-3 border-b border-line bg-surface px-4 md:px-6',
        className,
      )}
      {...props}
    >
      {leading ? <div className="flex shrink-0 items-center">{leading}</div> : null}
      <Title className="min-w-0 truncate font-semibold text-ink text-lg">{title}</Title>
      <div className="ml-auto flex min-w-0 items-center gap-3">
        {search ? <div className="hidden min-w-0 sm:block sm:w-64 lg:w-80">{search}</div> : null}
        {actions ? <div className="flex items-center gap-1">{actions}</div> : null}
        {user ? <div className="flex shrink-0 items-center">{user}</div> : null}
      </div>
    </header>
  );
}
