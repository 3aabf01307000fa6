import { APP_PATHS, folioPath } from '@socio/contracts';
import { AppShell, MobileNav, type NavItem, NavRail, type RenderNavLink, TopBar, UserMenu } from '@socio/ui';
import { FileText, FileUp, House, KeyRound, LogOut, Mail, Settings, Users } from 'lucide-react';
import { type MouseEvent, type ReactNode, useCallback, useMemo, useRef, useState } from 'react';
import { ChangePasswordDialog } from '../auth/change-password-dialog';
import { useSession } from '../auth/session-provider';
import { useSessionRefresh } from '../auth/use-auth';
import { FolioSearch } from '../folios/folio-search';
import { usePort } from '../ports';
import { DocumentTitle } from './document-title';
import { HelpCard, type HelpLinks } from './help-card';
import { shellMessages } from './messages.es';
import { canOpen, displayName, navEntriesFor, pageTitle, type SectionId, sectionOf } from './navigation';

/** Navigation state the shell may pass along (spec: the folio search carries `searchFolio`). */
export interface ShellNavigationState {
  searchFolio?: string;
}

export interface ShellLayoutProps {
  /** The current location's path, e.g. `APP_PATHS.usuarios`. */
  currentPath: string;
  /** Navigates inside the app (the app wires its router). */
  onNavigate: (to: string, state?: ShellNavigationState) => void;
  /** A route is loading: shows a progress bar. */
  busy?: boolean;
  /** Where the help card's 'Manuales de usuario' and 'Documentación' links go. */
  helpLinks: HelpLinks;
  /** The page. */
  children: ReactNode;
}

const ICONS: Record<SectionId, ReactNode> = {
  inicio: <House />,
  usuarios: <Users />,
  reportes: <FileText />,
  cargas: <FileUp />,
  clientes: <Mail />,
};

/** The signed-in frame: rail, top bar (page name, folio search, user menu), mobile menu and help card. */
export function ShellLayout({
  currentPath,
  onNavigate,
  busy = false,
  helpLinks,
  children,
}: ShellLayoutProps) {
  const m = shellMessages;
  const auth = usePort('auth');
  const { user, token, signOut } = useSession();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const shellRef = useRef<HTMLDivElement>(null);
  // The menu entry that opens the password dialog is gone once it opens: focus returns to its menu's button.
  const passwordReturnRef = useRef<HTMLElement | null>(null);
  const openPassword = useCallback((menu: 'user-menu' | 'mobile-nav') => {
    passwordReturnRef.current =
      shellRef.current?.querySelector<HTMLElement>(`[data-slot="${menu}-trigger"]`) ?? null;
    setPasswordOpen(true);
  }, []);
  const [menuOpen, setMenuOpen] = useState(false);
  useSessionRefresh();

  const section = sectionOf(currentPath);
  const entries = navEntriesFor(user?.rol);
  const items: NavItem[] = entries.map((entry) => ({
    key: entry.id,
    label: entry.label,
    icon: ICONS[entry.id],
    href: entry.href,
    active: entry.id === section,
  }));
  // The folio search leads to Reportes: only for roles that may open it.
  const canSearch = canOpen(user?.rol, 'reportes');

  // Plain links (they open in a new tab with Ctrl/⌘-click) that navigate inside the app otherwise.
  const renderLink = useCallback<RenderNavLink>(
    ({ onClick, href, children, ...props }) => (
      <a
        href={href}
        {...props}
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          onNavigate(href);
          onClick(event);
        }}
      >
        {children}
      </a>
    ),
    [onNavigate],
  );

  const signOutNow = useCallback(() => {
    if (token) auth.logout?.(token).catch(() => undefined);
    signOut();
    onNavigate(APP_PATHS.login);
  }, [auth, token, signOut, onNavigate]);

  const userItems = useMemo(
    () => [
      {
        key: 'password',
        label: m.changePassword,
        icon: <KeyRound />,
        onSelect: () => openPassword('user-menu'),
      },
      {
        key: 'logout',
        label: m.signOut,
        icon: <LogOut />,
        onSelect: signOutNow,
        destructive: true,
        separated: true,
      },
    ],
    [signOutNow, openPassword],
  );

  const searchFolio = (value: string) => {
    const folio = value.trim();
    if (!folio) return;
    setMenuOpen(false);
    onNavigate(APP_PATHS.reportes, { searchFolio: folio });
  };
  /** A suggestion of the folio search: its ficha (issue 20). */
  const openFolio = (folio: string) => {
    setMenuOpen(false);
    onNavigate(folioPath(folio));
  };

  const name = displayName(user);
  const brand = (
    <span className="flex items-center gap-2">
      <span
        aria-hidden="true"
        className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-600 font-bold text-white"
      >
        S
      </span>
      <span className="sr-only">{m.brand}</span>
    </span>
  );

  return (
    <>
      <DocumentTitle page={pageTitle(currentPath)} />
      <AppShell
        ref={shellRef}
        aria-busy={busy || undefined}
        rail={<NavRail items={items} renderLink={renderLink} header={brand} label={m.nav.label} />}
        topBar={
          <>
            <TopBar
              // Screens carry their own h1; the top bar names the page without repeating the heading.
              title={pageTitle(currentPath)}
              titleAs="p"
              leading={
                <MobileNav
                  className="md:hidden"
                  open={menuOpen}
                  onOpenChange={setMenuOpen}
                  items={items}
                  renderLink={renderLink}
                  extraItems={[
                    {
                      key: 'configuracion',
                      label: m.nav.configuracion,
                      icon: <Settings />,
                      onSelect: () => openPassword('mobile-nav'),
                    },
                    { key: 'logout', label: m.signOut, icon: <LogOut />, onSelect: signOutNow },
                  ]}
                  footer={<p className="truncate font-medium text-sm">{name}</p>}
                >
                  {/* The top bar hides its search box below 640 px: phones search from the menu. */}
                  {canSearch ? (
                    <FolioSearch label={m.searchFolio} onSearch={searchFolio} onOpenFolio={openFolio} />
                  ) : null}
                </MobileNav>
              }
              search={
                canSearch ? (
                  <FolioSearch label={m.searchFolio} onSearch={searchFolio} onOpenFolio={openFolio} />
                ) : undefined
              }
              actions={<HelpCard links={helpLinks} />}
              user={
                <UserMenu
                  name={name}
                  caption={user?.rol}
                  avatarSrc={user?.foto_path}
                  items={userItems}
                  compact
                />
              }
            />
            {busy ? (
              <div
                role="progressbar"
                aria-label={m.loading}
                className="h-0.5 w-full shrink-0 animate-pulse bg-brand-500"
              />
            ) : null}
          </>
        }
      >
        {children}
      </AppShell>
      <ChangePasswordDialog
        open={passwordOpen}
        onOpenChange={setPasswordOpen}
        returnFocusRef={passwordReturnRef}
      />
    </>
  );
}
