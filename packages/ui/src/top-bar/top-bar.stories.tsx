import type { Meta, StoryObj } from '@storybook/react-vite';
import { Bell, FileText, Home, LogOut, Upload, Users } from 'lucide-react';
import { expect, fn } from 'storybook/test';
import { IconButton } from '../icon-button/icon-button';
import { MobileNav } from '../mobile-nav/mobile-nav';
import { SearchInput } from '../search-input/search-input';
import { UserMenu } from '../user-menu/user-menu';
import { TopBar } from './top-bar';

const userMenu = (
  <UserMenu
    name="Ana López"
    items={[
      { key: 'password', label: 'Cambiar contraseña', onSelect: fn() },
      { key: 'logout', label: 'Cerrar sesión', icon: <LogOut />, onSelect: fn(), destructive: true },
    ]}
  />
);

const meta = {
  title: 'UI/TopBar',
  component: TopBar,
  args: {
    title: 'Usuarios',
    search: <SearchInput label="Buscar info de folio" placeholder="Buscar info de folio" />,
    user: userMenu,
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof TopBar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('banner')).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Usuarios' })).toBeVisible();
    await expect(canvas.getByRole('searchbox', { name: 'Buscar info de folio' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Ana López' })).toBeVisible();
  },
};

export const Playground: Story = { args: { title: 'Reportes' } };

export const WithActions: Story = {
  args: {
    title: 'Inicio',
    actions: (
      <IconButton label="Notificaciones">
        <Bell />
      </IconButton>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Notificaciones' })).toBeVisible();
  },
};

export const WithMobileNav: Story = {
  args: {
    title: 'Cargas',
    search: undefined,
    leading: (
      <MobileNav
        items={[
          { key: 'inicio', label: 'Inicio', icon: <Home />, href: '#inicio' },
          { key: 'usuarios', label: 'Usuarios', icon: <Users />, href: '#usuarios' },
          { key: 'reportes', label: 'Reportes', icon: <FileText />, href: '#reportes' },
          { key: 'cargas', label: 'Cargas', icon: <Upload />, href: '#cargas', active: true },
        ]}
      />
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Abrir menú' })).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Cargas' })).toBeVisible();
  },
};
