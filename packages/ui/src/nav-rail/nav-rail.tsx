import { type ComponentProps, type FocusEvent, type ReactNode, useState } from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { type NavItem, NavItemLink, type RenderNavLink } from './nav-item';

export interface NavRailProps extends Omit<ComponentProps<'nav'>, 'children'> {
  /** The entries, in order. */
  items: readonly NavItem[];
  /** Renders links through the app's router; a plain `<a>` by default. */
  renderLink?: RenderNavLink;
  /** Shown at the top (e.g. the logo); it should fit the 4rem collapsed width. */
  header?: ReactNode;
  /** Shown at the bottom of the rail. */
  footer?: ReactNode;
  /** Keeps the rail expanded (otherwise it expands on hover and on keyboard focus). */
  expanded?: boolean;
  /** Accessible name of the landmark. Defaults to 'Navegación principal'. */
  label?: string;
}

/**
 * Vertical navigation rail on the left: collapsed to icons (the labels stay in the accessible name),
 * expanding over the content on hover and while the keyboard focus is inside it.
 */
export function NavRail({
  items,
  renderLink,
  header,
  footer,
  expanded,
  label,
  className,
  onPointerEnter,
  onPointerLeave,
  onFocus,
  onBlur,
  ...props
}: NavRailProps) {
  const m = useUiMessages();
  const [hovered, setHovered] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const isExpanded = expanded ?? (hovered || keyboardFocus);
  const state = isExpanded ? 'expanded' : 'collapsed';

  const handleFocus = (event: FocusEvent<HTMLElement>) => {
    onFocus?.(event);
    // Mouse clicks also focus the entry: only keyboard focus keeps the rail open.
    setKeyboardFocus(event.target.matches(':focus-visible'));
  };
  const handleBlur = (event: FocusEvent<HTMLElement>) => {
    onBlur?.(event);
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setKeyboardFocus(false);
  };

  return (
    <nav
      data-slot="nav-rail"
      data-state={state}
      aria-label={label ?? m.navMain}
      className={cn('group/rail relative z-30 h-full w-16 shrink-0', className)}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        if (event.pointerType === 'mouse') setHovered(true);
      }}
      onPointerLeave={(event) => {
        onPointerLeave?.(event);
        setHovered(false);
      }}
      onFocus={handleFocus}
      onBlur={handleBlur}
      {...props}
    >
      <div
        className={cn(
          'absolute inset-y-0 left-0 flex w-16 flex-col gap-2 overflow-hidden border-r border-line bg-surface py-3',
          'transition-[width,box-shadow] duration-200 ease-out motion-reduce:transition-none',
          'group-data-[state=expanded]/rail:w-60 group-data-[state=expanded]/rail:shadow-xl',
        )}
      >
        {header ? <div className="flex h-12 shrink-0 items-center px-3">{header}</div> : null}
        <ul className="flex flex-1 flex-col gap-1 px-2">
          {items.map((item) => (
            <li key={item.key}>
              <NavItemLink
                item={item}
                slot="nav-rail-item"
                renderLink={renderLink}
                className={cn(
                  'flex h-11 w-full items-center gap-3 rounded-[var(--radius-control)] px-3 text-left font-medium text-ink-muted text-sm',
                  'transition-colors hover:bg-canvas hover:text-ink',
                  'aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800',
                )}
              >
                <span
                  aria-hidden="true"
                  className="flex size-5 shrink-0 items-center justify-center [&_svg]:size-5"
                >
                  {item.icon}
                </span>
                <span
                  data-slot="nav-rail-label"
                  className={cn(
                    'truncate whitespace-nowrap opacity-0 transition-opacity duration-150 motion-reduce:transition-none',
                    'group-data-[state=expanded]/rail:opacity-100',
                  )}
                >
                  {item.label}
                </span>
              </NavItemLink>
            </li>
          ))}
        </ul>
        {footer ? <div className="shrink-0 px-2">{footer}</div> : null}
      </div>
    </nav>
  );
}
