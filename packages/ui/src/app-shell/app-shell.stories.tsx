import type { Meta, StoryObj } from '@storybook/react-vite';
import { FileText, Home, Settings, Upload, Users } from 'lucide-react';
import { expect, fn, userEvent } from 'storybook/test';
import { MobileNav } from '../mobile-nav/mobile-nav';
import { NavRail } from '../nav-rail/nav-rail';
import { SearchInput } from '../search-input/search-input';
import { TopBar } from '../top-bar/top-bar';
import { UserMenu } from '../user-menu/user-menu';
import { AppShell } from './app-shell';

const items = [
  { key: 'inicio', label: 'Inicio', icon: <Home />, href: '#inicio' },
  { key: 'usuarios', label: 'Usuarios', icon: <Users />, href: '#usuarios', active: true },
  { key: 'reportes', label: 'Reportes', icon: <FileText />, href: '#reportes' },
  { key: 'cargas', label: 'Cargas', icon: <Upload />, href: '#cargas' },
];

const userMenu = (
  <UserMenu
    name="Ana López"
    compact
    items={[
      { key: 'password', label: 'Cambiar contraseña', onSelect: fn() },
      { key: 'logout', label: 'Cerrar sesión', onSelect: fn(), destructive: true },
    ]}
  />
);

const meta = {
  title: 'UI/AppShell',
  component: AppShell,
  args: {
    rail: <NavRail items={items} />,
    topBar: (
      <TopBar
        title="Usuarios"
        leading={
          <MobileNav
            className="md:hidden"
            items={items}
            extraItems={[
              { key: 'configuracion', label: 'Configuración', icon: <Settings />, onSelect: fn() },
            ]}
          />
        }
        search={<SearchInput label="Buscar info de folio" placeholder="Buscar info de folio" />}
        user={userMenu}
      />
    ),
    children: (
      <div className="flex flex-col gap-4">
        <h2 className="font-semibold text-lg">Lista de usuarios</h2>
        <p className="text-ink-muted">Contenido de la página.</p>
        <button type="button" className="w-fit rounded border border-line bg-surface px-3 py-2 text-sm">
          Añadir nuevo usuario
        </button>
      </div>
    ),
    className: 'h-[560px]',
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof AppShell>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('navigation', { name: 'Navegación principal' })).toBeInTheDocument();
    await expect(canvas.getByRole('banner')).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
    const main = canvas.getByRole('main');
    await expect(main).toHaveAttribute('id', 'contenido');
    await expect(main).toHaveTextContent('Lista de usuarios');
    await expect(canvas.getByRole('link', { name: 'Usuarios' })).toHaveAttribute('aria-current', 'page');
  },
};

export const Playground: Story = {};

export const SkipLink: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    const skip = canvas.getByRole('link', { name: 'Saltar al contenido' });
    await expect(skip).toHaveFocus();
    await expect(skip).toBeVisible();
    await expect(skip).toHaveAttribute('href', '#contenido');
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
  },
};

export const CustomMainId: Story = {
  args: { mainId: 'pagina' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('main')).toHaveAttribute('id', 'pagina');
    await expect(canvas.getByRole('link', { name: 'Saltar al contenido' })).toHaveAttribute(
      'href',
      '#pagina',
    );
  },
};
