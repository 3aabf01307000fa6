import type { Meta, StoryObj } from '@storybook/react-vite';
import { Check } from 'lucide-react';
import { expect } from 'storybook/test';
import { Badge } from './badge';

const meta = {
  title: 'UI/Badge',
  component: Badge,
  args: { children: 'Nuevo' },
} satisfies Meta<typeof Badge>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const badge = canvas.getByText('Nuevo');
    await expect(badge).toHaveAttribute('data-variant', 'neutral');
  },
};

export const Playground: Story = { args: { variant: 'info', dot: false } };

export const Tones: Story = {
  render: (args) => (
    <div className="flex flex-wrap gap-2">
      <Badge {...args} variant="neutral">
        Neutral
      </Badge>
      <Badge {...args} variant="info">
        Información
      </Badge>
      <Badge {...args} variant="success">
        Éxito
      </Badge>
      <Badge {...args} variant="warning">
        Advertencia
      </Badge>
      <Badge {...args} variant="danger">
        Peligro
      </Badge>
    </div>
  ),
};

export const WithDot: Story = { args: { dot: true, variant: 'success', children: 'En línea' } };

export const WithIcon: Story = {
  args: {
    variant: 'success',
    children: (
      <>
        <Check aria-hidden="true" /> Verificado
      </>
    ),
  },
};

export const Count: Story = { args: { variant: 'info', children: '3 seleccionados' } };
