import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { UiProvider } from '../i18n/ui-provider';
import { Spinner } from './spinner';

const meta = {
  title: 'UI/Spinner',
  component: Spinner,
} satisfies Meta<typeof Spinner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent('Cargando...');
    await expect(canvas.getByText('Cargando...')).toBeVisible();
  },
};

export const Playground: Story = { args: { size: 'md', label: 'Cargando usuarios...', hideLabel: false } };

export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-center gap-6">
      <Spinner {...args} size="sm" label="Pequeño" />
      <Spinner {...args} size="md" label="Mediano" />
      <Spinner {...args} size="lg" label="Grande" />
    </div>
  ),
};

export const CustomLabel: Story = {
  args: { label: 'Cargando PDF...' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Cargando PDF...');
  },
};

export const HiddenLabel: Story = {
  args: { hideLabel: true, size: 'sm' },
  play: async ({ canvas }) => {
    const status = canvas.getByRole('status');
    await expect(status).toHaveTextContent('Cargando...');
    await expect(canvas.getByText('Cargando...')).toHaveClass('sr-only');
  },
};

export const TextsFromProvider: Story = {
  render: (args) => (
    <UiProvider messages={{ loading: 'Espere un momento...' }}>
      <Spinner {...args} />
    </UiProvider>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Espere un momento...');
  },
};
