import type { Meta, StoryObj } from '@storybook/react-vite';
import { FileText, Home, Upload, Users } from 'lucide-react';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { NavRail } from './nav-rail';

const items = [
  { key: 'inicio', label: 'Inicio', icon: <Home />, href: '#inicio', active: true },
  { key: 'usuarios', label: 'Usuarios', icon: <Users />, href: '#usuarios' },
  { key: 'reportes', label: 'Reportes', icon: <FileText />, href: '#reportes' },
  { key: 'cargas', label: 'Cargas', icon: <Upload />, href: '#cargas' },
];

const meta = {
  title: 'UI/NavRail',
  component: NavRail,
  args: { items },
  decorators: [
    (Story) => (
      <div className="flex h-[420px] gap-4 bg-canvas">
        <Story />
        <div className="p-4">
          <button type="button" className="rounded border border-line bg-surface px-3 py-2 text-sm">
            Contenido
          </button>
        </div>
      </div>
    ),
  ],
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof NavRail>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav).toHaveAttribute('data-state', 'collapsed');
    // Collapsed: the labels are not shown, but every entry keeps its accessible name.
    await expect(canvas.getByText('Usuarios')).not.toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page');
    await expect(canvas.getByRole('link', { name: 'Usuarios' })).not.toHaveAttribute('aria-current');
    await expect(canvas.getAllByRole('link')).toHaveLength(4);
  },
};

export const Playground: Story = {};

export const ExpandsOnKeyboardFocus: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Navegación principal' });
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Inicio' })).toHaveFocus();
    await expect(nav).toHaveAttribute('data-state', 'expanded');
    await waitFor(() => expect(canvas.getByText('Reportes')).toBeVisible());
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Usuarios' })).toHaveFocus();
    await expect(nav).toHaveAttribute('data-state', 'expanded');
    // Leaving the rail collapses it again.
    await userEvent.tab();
    await userEvent.tab();
    await userEvent.tab();
    await expect(canvas.getByRole('button', { name: 'Contenido' })).toHaveFocus();
    await expect(nav).toHaveAttribute('data-state', 'collapsed');
  },
};

export const ExpandsOnHover: Story = {
  play: async ({ canvas }) => {
    const nav = canvas.getByRole('navigation', { name: 'Navegación principal' });
    await userEvent.hover(nav);
    await expect(nav).toHaveAttribute('data-state', 'expanded');
    await waitFor(() => expect(canvas.getByText('Cargas')).toBeVisible());
    await userEvent.unhover(nav);
    await expect(nav).toHaveAttribute('data-state', 'collapsed');
  },
};

export const Expanded: Story = {
  args: { expanded: true },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByText('Usuarios')).toBeVisible());
  },
};

const onSelect = fn();

export const WithCallbacks: Story = {
  args: {
    items: items.map(({ href: _href, ...item }) => ({ ...item, active: item.key === 'reportes', onSelect })),
  },
  play: async ({ canvas }) => {
    const reportes = canvas.getByRole('button', { name: 'Reportes' });
    await expect(reportes).toHaveAttribute('aria-current', 'page');
    await userEvent.click(canvas.getByRole('button', { name: 'Cargas' }));
    await expect(onSelect).toHaveBeenCalledOnce();
  },
};

export const WithRouterLinks: Story = {
  args: {
    renderLink: ({ href, ...props }, item) => <a {...props} href={`/app/${item.key}`} data-router-link="" />,
  },
  play: async ({ canvas }) => {
    const link = canvas.getByRole('link', { name: 'Usuarios' });
    await expect(link).toHaveAttribute('href', '/app/usuarios');
    await expect(link).toHaveAttribute('data-router-link');
  },
};
