import { Menu, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { IconButton } from '../icon-button/icon-button';
import { cn } from '../lib/cn';
import { useControllableState } from '../lib/use-controllable-state';
import { type NavItem, NavItemLink, type RenderNavLink } from '../nav-rail/nav-item';

export interface MobileNavProps {
  /** The main entries (the same as the rail's). */
  items: readonly NavItem[];
  /** More entries under a separator, e.g. 'Configuración'. */
  extraItems?: readonly NavItem[];
  /** Renders links through the app's router; a plain `<a>` by default. */
  renderLink?: RenderNavLink;
  /** Shown in the sheet's header (e.g. the logo). */
  header?: ReactNode;
  /** Shown at the bottom of the sheet (e.g. the user's name). */
  footer?: ReactNode;
  /** Shown above the entries (e.g. a search box the top bar hides on phones). */
  children?: ReactNode;
  /** Title of the sheet (its accessible name). Defaults to 'Menú'. */
  title?: string;
  /** Controlled open state. */
  open?: boolean;
  /** Initial state when uncontrolled. */
  defaultOpen?: boolean;
  /** Called when the sheet opens or closes (button, Escape, backdrop or choosing an entry). */
  onOpenChange?: (open: boolean) => void;
  /** Class names of the hamburger button (e.g. `md:hidden`). */
  className?: string;
}

const itemClass = cn(
  'flex h-11 w-full items-center gap-3 rounded-[var(--radius-control)] px-3 text-left font-medium text-ink text-sm',
  'transition-colors hover:bg-canvas aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800',
);

function MobileNavList({
  items,
  renderLink,
  onSelected,
}: {
  items: readonly NavItem[];
  renderLink?: RenderNavLink;
  onSelected: () => void;
}) {
  return (
    <ul className="flex flex-col gap-1">
      {items.map((item) => (
        <li key={item.key}>
          <NavItemLink
            item={item}
            slot="mobile-nav-item"
            renderLink={renderLink}
            onSelected={onSelected}
            className={itemClass}
          >
            <span
              aria-hidden="true"
              className="flex size-5 shrink-0 items-center justify-center [&_svg]:size-5"
            >
              {item.icon}
            </span>
            {item.label}
          </NavItemLink>
        </li>
      ))}
    </ul>
  );
}

/** Navigation for small screens: a 'Abrir menú' button opening a sheet that slides in from the left. */
export function MobileNav({
  items,
  extraItems = [],
  renderLink,
  header,
  footer,
  children,
  title,
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  className,
}: MobileNavProps) {
  const m = useUiMessages();
  const [open, setOpen] = useControllableState({
    value: openProp,
    defaultValue: defaultOpen,
    onChange: onOpenChange,
  });
  const close = () => setOpen(false);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <IconButton label={m.mobileNavOpen} data-slot="mobile-nav-trigger" className={className}>
          <Menu />
        </IconButton>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay
          data-slot="mobile-nav-overlay"
          className="fixed inset-0 z-40 bg-ink/40 transition-opacity dark:bg-black/50 starting:opacity-0 motion-reduce:transition-none"
        />
        <Dialog.Content
          data-slot="mobile-nav"
          aria-describedby={undefined}
          className={cn(
            'fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col bg-surface text-ink shadow-xl outline-none',
            'transition-transform duration-200 ease-out starting:-translate-x-full motion-reduce:transition-none',
          )}
        >
          <div className="flex h-16 shrink-0 items-center gap-2 border-b border-line px-4">
            {header}
            <Dialog.Title className={cn('font-semibold text-base', header ? 'sr-only' : undefined)}>
              {title ?? m.mobileNavTitle}
            </Dialog.Title>
            <Dialog.Close asChild>
              <IconButton label={m.mobileNavClose} size="sm" className="ml-auto">
                <X />
              </IconButton>
            </Dialog.Close>
          </div>
          {children ? <div className="shrink-0 border-b border-line p-3">{children}</div> : null}
          <nav aria-label={m.navMain} className="flex-1 overflow-y-auto p-3">
            <MobileNavList items={items} renderLink={renderLink} onSelected={close} />
            {extraItems.length > 0 ? (
              <>
                <hr className="my-3 border-line" />
                <MobileNavList items={extraItems} renderLink={renderLink} onSelected={close} />
              </>
            ) : null}
          </nav>
          {footer ? <div className="shrink-0 border-t border-line p-4">{footer}</div> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
