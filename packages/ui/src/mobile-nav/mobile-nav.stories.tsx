import type { Meta, StoryObj } from '@storybook/react-vite';
import { FileText, Home, Settings, Upload, Users } from 'lucide-react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { MobileNav } from './mobile-nav';

const onSettings = fn();

const meta = {
  title: 'UI/MobileNav',
  component: MobileNav,
  args: {
    items: [
      { key: 'inicio', label: 'Inicio', icon: <Home />, href: '#inicio', active: true },
      { key: 'usuarios', label: 'Usuarios', icon: <Users />, href: '#usuarios' },
      { key: 'reportes', label: 'Reportes', icon: <FileText />, href: '#reportes' },
      { key: 'cargas', label: 'Cargas', icon: <Upload />, href: '#cargas' },
    ],
    extraItems: [{ key: 'configuracion', label: 'Configuración', icon: <Settings />, onSelect: onSettings }],
    onOpenChange: fn(),
  },
  beforeEach: () => {
    onSettings.mockClear();
  },
} satisfies Meta<typeof MobileNav>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Abrir menú' });
    await userEvent.click(trigger);
    const sheet = await screen.findByRole('dialog', { name: 'Menú' });
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(true);
    const nav = within(sheet).getByRole('navigation', { name: 'Navegación principal' });
    await expect(within(nav).getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page');
    await expect(within(nav).getByRole('button', { name: 'Configuración' })).toBeVisible();

    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await expect(args.onOpenChange).toHaveBeenLastCalledWith(false);
    await expect(trigger).toHaveFocus();
  },
};

export const Playground: Story = {};

/** Content above the entries, e.g. the folio search the top bar hides on phones. */
export const WithSearch: Story = {
  args: {
    children: (
      <label className="grid gap-1 text-sm">
        Buscar info de folio
        <input type="search" className="h-9 rounded border border-line px-2" />
      </label>
    ),
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Abrir menú' }));
    const sheet = await screen.findByRole('dialog', { name: 'Menú' });
    await expect(within(sheet).getByRole('searchbox', { name: 'Buscar info de folio' })).toBeVisible();
    // The sheet still opens on its close button, so a phone does not pop its keyboard up.
    await waitFor(() => expect(within(sheet).getByRole('button', { name: 'Cerrar menú' })).toHaveFocus());
  },
};

export const ChoosingAnEntryCloses: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Abrir menú' }));
    const sheet = await screen.findByRole('dialog', { name: 'Menú' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Configuración' }));
    await expect(onSettings).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

export const CloseButton: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const sheet = await screen.findByRole('dialog', { name: 'Menú' });
    await expect(within(sheet).getAllByRole('link')).toHaveLength(4);
    await userEvent.click(within(sheet).getByRole('button', { name: 'Cerrar menú' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};
