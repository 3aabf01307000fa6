import { ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { type ComponentProps, Fragment, type ReactNode } from 'react';
import { Avatar } from '../avatar/avatar';
import { cn } from '../lib/cn';

/** One action of the user menu. */
export interface UserMenuItem {
  key: string;
  /** e.g. 'Cambiar contraseña'. */
  label: string;
  /** Decorative icon. */
  icon?: ReactNode;
  /** Called when the item is chosen (by click, Enter or Space). */
  onSelect: () => void;
  /** Shows the item in the danger colour (e.g. 'Cerrar sesión'). */
  destructive?: boolean;
  /** Draws a separator above the item. */
  separated?: boolean;
}

export interface UserMenuProps extends Omit<ComponentProps<'button'>, 'children' | 'onSelect'> {
  /** The signed-in user's name, shown on the trigger. */
  name: string;
  /** A second line in the menu's header, e.g. the role or e-mail. */
  caption?: string;
  /** Photo of the user; initials otherwise. */
  avatarSrc?: string | null;
  /** The actions. */
  items: readonly UserMenuItem[];
  /** Hides the name on small screens (the avatar stays). */
  compact?: boolean;
}

/** The signed-in user's menu: a trigger with the name, opening a list of actions. */
export function UserMenu({
  name,
  caption,
  avatarSrc,
  items,
  compact = false,
  className,
  ...props
}: UserMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          data-slot="user-menu-trigger"
          className={cn(
            'inline-flex h-10 items-center gap-2 rounded-[var(--radius-control)] px-2 text-ink text-sm font-medium',
            'hover:bg-canvas data-[state=open]:bg-canvas',
            className,
          )}
          {...props}
        >
          <Avatar name={name} src={avatarSrc} size="sm" decorative />
          <span className={cn('max-w-48 truncate', compact && 'max-sm:sr-only')}>{name}</span>
          <ChevronDown aria-hidden="true" className="size-4 text-ink-muted" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          data-slot="user-menu"
          className="z-50 min-w-56 rounded-[var(--radius-control)] border border-line bg-surface p-1 text-ink shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5">
            <span className="block truncate font-semibold text-sm">{name}</span>
            {caption ? <span className="block truncate text-ink-muted text-xs">{caption}</span> : null}
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          {items.map((item) => (
            <Fragment key={item.key}>
              {item.separated ? <DropdownMenu.Separator className="my-1 h-px bg-line" /> : null}
              <DropdownMenu.Item
                onSelect={item.onSelect}
                data-slot="user-menu-item"
                className={cn(
                  'flex cursor-default select-none items-center gap-2 rounded-md px-2 py-2 text-sm outline-none',
                  'data-[highlighted]:bg-canvas [&_svg]:size-4 [&_svg]:shrink-0',
                  item.destructive ? 'text-danger-700' : 'text-ink',
                )}
              >
                {item.icon ? (
                  <span aria-hidden="true" className="contents">
                    {item.icon}
                  </span>
                ) : null}
                {item.label}
              </DropdownMenu.Item>
            </Fragment>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
