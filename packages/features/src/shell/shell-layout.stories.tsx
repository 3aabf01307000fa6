import type { Rol } from '@socio/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import type { SessionUser } from '../auth/auth.port';
import { withAuth } from '../auth/auth.story-helpers';
import type { SessionController } from '../auth/session';
import { atViewport, createFakeAuthPort, createTestSessionController, demoAccounts } from '../testing';
import { ShellLayout } from './shell-layout';

const accountFor = (rol: Rol) => demoAccounts.find((a) => a.rol === rol && a.estatus === 'Activo')!;
const userOf = (rol: Rol): SessionUser => {
  const { password: _p, estatus: _e, ...user } = accountFor(rol);
  return user;
};
const controllerFor = (rol: Rol, user: SessionUser = userOf(rol)) =>
  createTestSessionController({ token: `fake-token-${user.id_usuario}`, user, remember: true });
const portFor = (rol: Rol) =>
  createFakeAuthPort({ accounts: demoAccounts, signedInAs: accountFor(rol).id_usuario });
const asRole = (rol: Rol, controller: SessionController = controllerFor(rol)) =>
  withAuth(portFor(rol), controller);

const mobileViewport = atViewport('movil390').parameters;

const meta = {
  title: 'Features/Shell/ShellLayout',
  component: ShellLayout,
  parameters: { layout: 'fullscreen' },
  args: {
    currentPath: '/socioeconomico/inicio',
    onNavigate: fn(),
    helpLinks: { manuals: '/docs/manual-de-usuario.html', docs: '/docs/documentacion.html' },
    children: (
      <section aria-label="Contenido de ejemplo" className="rounded-xl border border-line bg-surface p-6">
        <p>Contenido de la página.</p>
      </section>
    ),
  },
} satisfies Meta<typeof ShellLayout>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The page name shown in the top bar. */
const pageName = (canvas: ReturnType<typeof within>) =>
  within(canvas.getByRole('banner')).getByText(/^(Inicio|Usuarios|Reportes|Cargas)$/, { selector: 'p' });
const rail = () => screen.getByRole('navigation', { name: 'Navegación principal' });
const linkNames = (nav: HTMLElement) =>
  within(nav)
    .getAllByRole('link')
    .map((a) => a.textContent?.trim());

/** Administrador: the four sections, the folio search, the help button and the user's name. */
export const Administrador: Story = {
  decorators: [asRole('Administrador')],
  play: async ({ canvas, args }) => {
    await expect(pageName(canvas)).toHaveTextContent('Inicio');
    await expect(linkNames(rail())).toEqual(['Inicio', 'Usuarios', 'Reportes', 'Cargas', 'Clientes']);
    await expect(within(rail()).getByRole('link', { name: 'Inicio' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('searchbox', { name: 'Buscar info de folio' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: /Ana Martínez/ })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Ayuda' })).toHaveAttribute('aria-expanded', 'false');
    await expect(canvas.getByRole('region', { name: 'Contenido de ejemplo' })).toBeVisible();

    await userEvent.click(within(rail()).getByRole('link', { name: 'Usuarios' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/socioeconomico/usuarios');
  },
};

/** Supervisor on Usuarios: the same four entries, 'Usuarios' as page name and current entry. */
export const Supervisor: Story = {
  decorators: [asRole('Supervisor')],
  args: { currentPath: '/socioeconomico/usuarios' },
  play: async ({ canvas }) => {
    await expect(pageName(canvas)).toHaveTextContent('Usuarios');
    await expect(linkNames(rail())).toEqual(['Inicio', 'Usuarios', 'Reportes', 'Cargas']);
    await expect(within(rail()).getByRole('link', { name: 'Usuarios' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(canvas.getByRole('button', { name: /Carlos Hernández/ })).toBeVisible();
  },
};

/** Visitador on Cargas: only Inicio and Cargas; no folio search (reports are not theirs). */
export const Visitador: Story = {
  decorators: [asRole('Visitador')],
  args: { currentPath: '/Socioeconomico/cargas' },
  play: async ({ canvas }) => {
    await expect(pageName(canvas)).toHaveTextContent('Cargas');
    await expect(linkNames(rail())).toEqual(['Inicio', 'Cargas']);
    await expect(canvas.queryByRole('searchbox', { name: 'Buscar info de folio' })).not.toBeInTheDocument();
  },
};

/** Reportes as page name. */
export const OnReportes: Story = {
  decorators: [asRole('Administrador')],
  args: { currentPath: '/socioeconomico/reportes' },
  play: async ({ canvas }) => {
    await expect(pageName(canvas)).toHaveTextContent('Reportes');
  },
};

/** A user without names shows 'Usuario'. */
export const WithoutName: Story = {
  decorators: [
    withAuth(
      createFakeAuthPort({
        accounts: [{ ...accountFor('Administrador'), nombres: '', apellido_paterno: '' }],
        signedInAs: 1,
      }),
      controllerFor('Administrador', { ...userOf('Administrador'), nombres: '', apellido_paterno: '' }),
    ),
  ],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: /Usuario/ })).toBeVisible();
  },
};

/** Enter in 'Buscar info de folio' goes to Reportes carrying the folio as `searchFolio`. */
export const SearchFolio: Story = {
  decorators: [asRole('Administrador')],
  play: async ({ canvas, args }) => {
    const search = canvas.getByRole('searchbox', { name: 'Buscar info de folio' });
    await userEvent.type(search, '{Enter}');
    await expect(args.onNavigate).not.toHaveBeenCalled();
    await userEvent.type(search, '  FOL-2026-0042 {Enter}');
    await expect(args.onNavigate).toHaveBeenCalledWith('/socioeconomico/reportes', {
      searchFolio: 'FOL-2026-0042',
    });
  },
};

/** The settings menu: 'Cambiar contraseña' and 'Cerrar sesión'. */
export const UserMenuOpen: Story = {
  decorators: [asRole('Administrador')],
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Ana Martínez/ }));
    const menu = await screen.findByRole('menu');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent?.trim());
    await expect(items).toEqual(['Cambiar contraseña', 'Cerrar sesión']);
    await expect(within(menu).getByText('Administrador')).toBeVisible();
  },
};

/** 'Cambiar contraseña' opens the dialog. */
export const OpensChangePassword: Story = {
  decorators: [asRole('Administrador')],
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Ana Martínez/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Cambiar contraseña' }));
    await expect(await screen.findByRole('dialog', { name: 'Cambiar contraseña' })).toBeVisible();
  },
};

const signOutController = controllerFor('Administrador');
/** 'Cerrar sesión' ends the session and goes to /login. */
export const SignOut: Story = {
  decorators: [asRole('Administrador', signOutController)],
  beforeEach: () =>
    signOutController.signIn({ token: 'fake-token-1', user: userOf('Administrador'), remember: true }),
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: /Ana Martínez/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Cerrar sesión' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/login');
    await expect(signOutController.getSnapshot()).toEqual({ session: null, ended: 'signed-out' });
  },
};

/**
 * The hidden help card (issue 14 item 5): a popover revealed by '?', with real links to the manuals
 * and the documentation; Escape and a click outside hide it again.
 */
export const HelpCard: Story = {
  decorators: [asRole('Supervisor')],
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('button', { name: 'Ayuda' });
    await expect(screen.queryByRole('dialog', { name: '¿Necesitas ayuda?' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const card = await screen.findByRole('dialog', { name: '¿Necesitas ayuda?' });
    await expect(within(card).getByRole('link', { name: /Manuales de usuario/ })).toHaveAttribute(
      'href',
      '/docs/manual-de-usuario.html',
    );
    await expect(within(card).getByRole('link', { name: /Documentación/ })).toHaveAttribute(
      'href',
      '/docs/documentacion.html',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '¿Necesitas ayuda?' })).toBeNull());
    await expect(toggle).toHaveFocus();
    // A click outside closes it too.
    await userEvent.keyboard('{Enter}');
    await expect(await screen.findByRole('dialog', { name: '¿Necesitas ayuda?' })).toBeVisible();
    await userEvent.click(canvas.getByText('Contenido de la página.'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '¿Necesitas ayuda?' })).toBeNull());
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  },
};

/** 390 px: the help card fits the screen (it was cut 30 px on the left). */
export const HelpCardMobile: Story = {
  decorators: [asRole('Administrador')],
  parameters: mobileViewport,
  globals: { viewport: { value: 'movil390', isRotated: false } },
  play: async ({ canvas }) => {
    await expect(window.innerWidth).toBeLessThanOrEqual(390);
    await userEvent.click(canvas.getByRole('button', { name: 'Ayuda' }));
    const card = await screen.findByRole('dialog', { name: '¿Necesitas ayuda?' });
    await waitFor(() => {
      const rect = card.getBoundingClientRect();
      expect(rect.left).toBeGreaterThanOrEqual(8);
      expect(rect.right).toBeLessThanOrEqual(window.innerWidth - 8);
    });
    await expect(within(card).getByText(/^Consulta los manuales/)).toBeVisible();
  },
};

/** A route is loading. */
export const Loading: Story = {
  decorators: [asRole('Administrador')],
  args: { busy: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Cargando...' })).toBeVisible();
  },
};

/** The stored user is refreshed in the background with `me()`. */
export const RefreshesTheStoredUser: Story = {
  decorators: [
    withAuth(
      portFor('Administrador'),
      controllerFor('Administrador', {
        ...userOf('Administrador'),
        nombres: 'Nombre',
        apellido_paterno: 'Anterior',
      }),
    ),
  ],
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('button', { name: /Ana Martínez/ })).toBeVisible();
  },
};

/** 390 px wide: no rail; 'Abrir menú' slides in the same entries plus 'Configuración'. */
export const Mobile: Story = {
  decorators: [asRole('Administrador')],
  parameters: mobileViewport,
  globals: { viewport: { value: 'movil390', isRotated: false } },
  play: async ({ canvas, args }) => {
    await expect(window.innerWidth).toBeLessThanOrEqual(390);
    // The rail is hidden below the md breakpoint (not rendered to assistive technology either).
    await expect(canvas.queryByRole('navigation', { name: 'Navegación principal' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('searchbox', { name: 'Buscar info de folio' })).not.toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Abrir menú' }));
    const sheet = await screen.findByRole('dialog');
    const nav = within(sheet).getByRole('navigation');
    await expect(linkNames(nav)).toEqual(['Inicio', 'Usuarios', 'Reportes', 'Cargas', 'Clientes']);
    await expect(within(nav).getByRole('button', { name: 'Configuración' })).toBeVisible();
    await userEvent.click(within(nav).getByRole('link', { name: 'Reportes' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/socioeconomico/reportes');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** 390 px, Visitador: Inicio and Cargas plus 'Configuración', which opens the password dialog. */
export const MobileVisitador: Story = {
  decorators: [asRole('Visitador')],
  parameters: mobileViewport,
  globals: { viewport: { value: 'movil390', isRotated: false } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Abrir menú' }));
    const nav = within(await screen.findByRole('dialog')).getByRole('navigation');
    await expect(linkNames(nav)).toEqual(['Inicio', 'Cargas']);
    await userEvent.click(within(nav).getByRole('button', { name: 'Configuración' }));
    await expect(await screen.findByRole('dialog', { name: 'Cambiar contraseña' })).toBeVisible();
    // Closing it returns the focus to the menu button (its 'Configuración' entry is gone with the sheet).
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Abrir menú' })).toHaveFocus());
  },
};

/** 390 px: the top bar has no room for the folio search, so the menu carries it; Enter goes to reportes. */
export const MobileFolioSearch: Story = {
  decorators: [asRole('Administrador')],
  parameters: mobileViewport,
  globals: { viewport: { value: 'movil390', isRotated: false } },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Abrir menú' }));
    const sheet = await screen.findByRole('dialog');
    await userEvent.type(
      within(sheet).getByRole('searchbox', { name: 'Buscar info de folio' }),
      ' TEC-0001 {Enter}',
    );
    await expect(args.onNavigate).toHaveBeenCalledWith('/socioeconomico/reportes', {
      searchFolio: 'TEC-0001',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};
