import type { ComponentProps, ReactNode } from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';

export interface AppShellProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** The side navigation (a `NavRail`); hidden below the `md` breakpoint. */
  rail?: ReactNode;
  /** The top bar (a `TopBar`; put a `MobileNav` with `className="md:hidden"` in its `leading` slot). */
  topBar?: ReactNode;
  /** The page. */
  children: ReactNode;
  /** Id of the `<main>` landmark, the target of the skip link. */
  mainId?: string;
  /** Class names of the `<main>` landmark. */
  mainClassName?: string;
}

/**
 * Application layout: a 'Saltar al contenido' skip link, the navigation rail on the left, the top bar
 * and the scrolling `<main>` landmark.
 */
export function AppShell({
  rail,
  topBar,
  children,
  mainId = 'contenido',
  mainClassName,
  className,
  ...props
}: AppShellProps) {
  const m = useUiMessages();
  return (
    <div
      data-slot="app-shell"
      className={cn('flex h-dvh overflow-hidden bg-canvas text-ink', className)}
      {...props}
    >
      <a
        href={`#${mainId}`}
        data-slot="skip-link"
        onClick={(event) => {
          // Move the focus without touching the URL (hash routers use the fragment).
          const target = document.getElementById(mainId);
          if (!target) return;
          event.preventDefault();
          target.focus();
          target.scrollIntoView?.({ block: 'start' });
        }}
        className={cn(
          'sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60]',
          'focus:rounded-[var(--radius-control)] focus:bg-brand-700 focus:px-4 focus:py-2 focus:font-medium focus:text-sm focus:text-white dark:focus:bg-brand-600',
        )}
      >
        {m.skipToContent}
      </a>
      {rail ? <div className="hidden h-full shrink-0 md:block">{rail}</div> : null}
      <div className="flex min-w-0 flex-1 flex-col">
        {topBar}
        <main
          id={mainId}
          tabIndex={-1}
          data-slot="app-shell-main"
          className={cn('min-h-0 flex-1 overflow-auto p-4 outline-none md:p-6', mainClassName)}
        >
          {children}
        </main>
      </div>
    </div>
  );
}
