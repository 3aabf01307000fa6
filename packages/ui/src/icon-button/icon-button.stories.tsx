import type { Meta, StoryObj } from '@storybook/react-vite';
import { Pencil, Trash2, X } from 'lucide-react';
import { expect, fn, userEvent } from 'storybook/test';
import { IconButton } from './icon-button';

const meta = {
  title: 'UI/IconButton',
  component: IconButton,
  args: { label: 'Editar usuario', children: <Pencil />, onClick: fn() },
} satisfies Meta<typeof IconButton>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Editar usuario' });
    await userEvent.click(button);
    await expect(args.onClick).toHaveBeenCalledOnce();
    await expect(button).toHaveAttribute('title', 'Editar usuario');
  },
};

export const Playground: Story = { args: { variant: 'outline', size: 'md' } };

export const Variants: Story = {
  render: (args) => (
    <div className="flex flex-wrap gap-3">
      <IconButton {...args} variant="primary" label="Editar (primario)" />
      <IconButton {...args} variant="secondary" label="Editar (secundario)" />
      <IconButton {...args} variant="outline" label="Editar (contorno)" />
      <IconButton {...args} variant="ghost" label="Editar (fantasma)" />
      <IconButton {...args} variant="destructive" label="Eliminar">
        <Trash2 />
      </IconButton>
    </div>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-center gap-3">
      <IconButton {...args} variant="outline" size="sm" label="Cerrar (pequeño)">
        <X />
      </IconButton>
      <IconButton {...args} variant="outline" size="md" label="Cerrar (mediano)">
        <X />
      </IconButton>
      <IconButton {...args} variant="outline" size="lg" label="Cerrar (grande)">
        <X />
      </IconButton>
    </div>
  ),
};

export const Loading: Story = {
  args: { loading: true, variant: 'outline' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Editar usuario' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = {
  args: { disabled: true, variant: 'outline' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Editar usuario' })).toBeDisabled();
  },
};

export const WithoutTooltip: Story = {
  args: { showTooltip: false },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Editar usuario' })).not.toHaveAttribute('title');
  },
};
