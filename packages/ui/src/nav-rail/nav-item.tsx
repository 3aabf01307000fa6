import type { MouseEvent, ReactNode } from 'react';

/** One navigation entry of the rail or the mobile menu. */
export interface NavItem {
  /** Stable key of the entry. */
  key: string;
  /** Visible and accessible name, e.g. 'Usuarios'. */
  label: string;
  /** Decorative icon (e.g. a lucide icon element); hidden from assistive technology. */
  icon?: ReactNode;
  /** Destination; rendered as a link (through `renderLink` when given). */
  href?: string;
  /** Called when the entry is chosen (after following `href`, or instead of it as a button). */
  onSelect?: () => void;
  /** The current page: sets `aria-current="page"`. */
  active?: boolean;
}

/** What `renderLink` receives: spread it on the router's link component. */
export interface NavLinkRenderProps {
  href: string;
  className: string;
  'aria-current': 'page' | undefined;
  'data-slot': string;
  onClick: (event: MouseEvent<HTMLElement>) => void;
  children: ReactNode;
}

/**
 * Renders a link through the app's router (e.g. `(props) => <Link to={props.href} {...props} />`),
 * so that `@socio/ui` needs no router dependency. Defaults to a plain `<a>`.
 */
export type RenderNavLink = (props: NavLinkRenderProps, item: NavItem) => ReactNode;

interface NavItemLinkProps {
  item: NavItem;
  className: string;
  slot: string;
  renderLink?: RenderNavLink;
  /** Runs after the item's own `onSelect` (e.g. to close the mobile menu). */
  onSelected?: () => void;
  children: ReactNode;
}

/** An entry as a link (`href`) or a button (`onSelect` only). */
export function NavItemLink({ item, className, slot, renderLink, onSelected, children }: NavItemLinkProps) {
  const current = item.active ? 'page' : undefined;
  const onClick = () => {
    item.onSelect?.();
    onSelected?.();
  };
  if (item.href !== undefined) {
    const props: NavLinkRenderProps = {
      href: item.href,
      className,
      'aria-current': current,
      'data-slot': slot,
      onClick,
      children,
    };
    return renderLink ? renderLink(props, item) : <a {...props} />;
  }
  return (
    <button type="button" data-slot={slot} aria-current={current} className={className} onClick={onClick}>
      {children}
    </button>
  );
}
