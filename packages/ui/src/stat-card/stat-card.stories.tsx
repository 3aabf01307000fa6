import type { Meta, StoryObj } from '@storybook/react-vite';
import { CalendarCheck, ClipboardList, Users, XCircle } from 'lucide-react';
import { expect } from 'storybook/test';
import { StatCard } from './stat-card';

const meta = {
  title: 'UI/StatCard',
  component: StatCard,
  args: { label: 'Estudios activos', value: 12345 },
} satisfies Meta<typeof StatCard>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Estudios activos')).toBeVisible();
    await expect(canvas.getByText('12,345')).toBeVisible();
  },
};

export const Playground: Story = {
  args: { trend: { value: 12, direction: 'up' }, description: 'vs. semana anterior', loading: false },
};

export const TrendUp: Story = {
  args: {
    trend: { value: 12, direction: 'up' },
    description: 'vs. semana anterior',
    icon: <ClipboardList />,
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Aumento de 12%')).toHaveClass('sr-only');
    await expect(canvas.getByText('12%')).toHaveAttribute('aria-hidden', 'true');
  },
};

export const TrendDown: Story = {
  args: { label: 'Canceladas', value: 37, trend: { value: -3.5, direction: 'down' }, icon: <XCircle /> },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Disminución de 3.5%')).toBeInTheDocument();
  },
};

export const StringValue: Story = {
  args: { label: 'Promedio de respuesta', value: '2.4 días' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('2.4 días')).toBeVisible();
  },
};

export const WithIcon: Story = { args: { label: 'Visitadores', value: 48, icon: <Users /> } };

export const Loading: Story = {
  args: { loading: true, icon: <CalendarCheck /> },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.queryByText('12,345')).toBeNull();
    await expect(canvas.getByText('Cargando...')).toHaveClass('sr-only');
    await expect(canvasElement.querySelector('[data-slot="stat-card"]')).toHaveAttribute('aria-busy', 'true');
  },
};

export const Grid: Story = {
  render: () => (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      <StatCard label="Total Asignaciones" value={1280} icon={<ClipboardList />} />
      <StatCard label="Agendadas" value={312} trend={{ value: 8, direction: 'up' }} />
      <StatCard label="Completadas" value={845} trend={{ value: 2, direction: 'down' }} />
      <StatCard label="Canceladas" value={41} loading />
    </div>
  ),
};
