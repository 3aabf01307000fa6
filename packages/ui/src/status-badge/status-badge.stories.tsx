import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { StatusBadge, statusTone } from './status-badge';

const meta = {
  title: 'UI/StatusBadge',
  component: StatusBadge,
  args: { status: 'Activo' },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Activo').closest('[data-slot="status-badge"]')).toHaveAttribute(
      'data-variant',
      'success',
    );
  },
};

export const Playground: Story = { args: { status: 'Pendiente', dot: true } };

const statuses = [
  ['Activo', 'success'],
  ['Inactivo', 'neutral'],
  ['Pendiente', 'warning'],
  ['Enviado', 'success'],
  ['asignada', 'info'],
  ['agendada', 'warning'],
  ['completada', 'success'],
  ['cancelada', 'danger'],
] as const;

export const AllStatuses: Story = {
  render: (args) => (
    <ul className="flex flex-wrap gap-2">
      {statuses.map(([status]) => (
        <li key={status}>
          <StatusBadge {...args} status={status} />
        </li>
      ))}
    </ul>
  ),
  play: async ({ canvas }) => {
    for (const [status, tone] of statuses) {
      await expect(canvas.getByText(status).closest('[data-slot="status-badge"]')).toHaveAttribute(
        'data-variant',
        tone,
      );
    }
  },
};

export const CaseInsensitive: Story = {
  args: { status: 'CANCELADA' },
  play: async ({ canvas }) => {
    const badge = canvas.getByText('CANCELADA').closest('[data-slot="status-badge"]');
    await expect(badge).toHaveAttribute('data-variant', 'danger');
    await expect(statusTone('  Completada ')).toBe('success');
  },
};

export const UnknownStatus: Story = {
  args: { status: 'En revisión' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('En revisión').closest('[data-slot="status-badge"]')).toHaveAttribute(
      'data-variant',
      'neutral',
    );
  },
};

export const CustomTones: Story = {
  args: { status: 'En revisión', tones: { 'en revisión': 'info' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('En revisión').closest('[data-slot="status-badge"]')).toHaveAttribute(
      'data-variant',
      'info',
    );
  },
};

export const WithoutDot: Story = { args: { status: 'Enviado', dot: false } };
