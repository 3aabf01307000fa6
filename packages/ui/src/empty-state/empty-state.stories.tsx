import type { Meta, StoryObj } from '@storybook/react-vite';
import { FileSearch, Plus, Users } from 'lucide-react';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../button/button';
import { EmptyState } from './empty-state';

const meta = {
  title: 'UI/EmptyState',
  component: EmptyState,
  args: { title: 'No se encontraron reportes' },
} satisfies Meta<typeof EmptyState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No se encontraron reportes' })).toBeVisible();
  },
};

export const Playground: Story = {
  args: {
    title: 'No se encontraron visitadores',
    description: 'Intenta con otro término de búsqueda.',
    size: 'md',
    titleAs: 'h3',
  },
};

export const WithDescription: Story = {
  args: {
    icon: <FileSearch />,
    title: 'Selecciona un reporte',
    description: 'Elige un reporte de la lista para visualizarlo aquí',
  },
};

const onAdd = fn();

export const WithAction: Story = {
  args: {
    icon: <Users />,
    title: 'Aún no hay usuarios',
    description: 'Crea el primer usuario para empezar.',
    action: (
      <Button onClick={onAdd}>
        <Plus aria-hidden="true" /> Añadir nuevo usuario
      </Button>
    ),
  },
  play: async ({ canvas }) => {
    onAdd.mockClear();
    await userEvent.click(canvas.getByRole('button', { name: 'Añadir nuevo usuario' }));
    await expect(onAdd).toHaveBeenCalledOnce();
  },
};

export const Small: Story = {
  args: { size: 'sm', title: 'No se encontraron visitadores' },
};

export const WithoutIcon: Story = {
  args: { icon: null, title: 'Sin asignaciones activas' },
};

export const DefaultTitle: Story = {
  args: { title: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'No hay información para mostrar' })).toBeVisible();
  },
};
