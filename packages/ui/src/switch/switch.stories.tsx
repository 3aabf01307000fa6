import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Switch } from './switch';

const meta = {
  title: 'UI/Switch',
  component: Switch,
  args: { label: 'Usuario activo', onCheckedChange: fn() },
} satisfies Meta<typeof Switch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const control = canvas.getByRole('switch', { name: 'Usuario activo' });
    await expect(control).not.toBeChecked();
    await userEvent.click(control);
    await expect(control).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    await expect(control).not.toBeChecked();
  },
};

export const Playground: Story = { args: { labelPosition: 'end', disabled: false } };

export const On: Story = {
  args: { defaultChecked: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('switch', { name: 'Usuario activo' })).toBeChecked();
  },
};

export const WithDescription: Story = {
  args: { description: 'Los usuarios inactivos no pueden iniciar sesión.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('switch', { name: 'Usuario activo' })).toHaveAccessibleDescription(
      'Los usuarios inactivos no pueden iniciar sesión.',
    );
  },
};

export const LabelFirst: Story = { args: { labelPosition: 'start', label: 'Recibir notificaciones' } };

export const Disabled: Story = {
  args: { disabled: true, defaultChecked: true },
  play: async ({ canvas, args }) => {
    const control = canvas.getByRole('switch', { name: 'Usuario activo' });
    await expect(control).toBeDisabled();
    await userEvent.click(control, { pointerEventsCheck: 0 });
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};
