import type { Meta, StoryObj } from '@storybook/react-vite';
import { Save } from 'lucide-react';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from './button';

const meta = {
  title: 'UI/Button',
  component: Button,
  args: { children: 'Guardar', onClick: fn() },
} satisfies Meta<typeof Button>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Guardar' }));
    await expect(args.onClick).toHaveBeenCalledOnce();
  },
};

export const Playground: Story = { args: { variant: 'primary', size: 'md' } };

export const Variants: Story = {
  render: (args) => (
    <div className="flex flex-wrap gap-3">
      <Button {...args} variant="primary">
        Primario
      </Button>
      <Button {...args} variant="secondary">
        Secundario
      </Button>
      <Button {...args} variant="outline">
        Contorno
      </Button>
      <Button {...args} variant="ghost">
        Fantasma
      </Button>
      <Button {...args} variant="destructive">
        Eliminar
      </Button>
      <Button {...args} variant="link">
        Enlace
      </Button>
    </div>
  ),
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-center gap-3">
      <Button {...args} size="sm">
        Pequeño
      </Button>
      <Button {...args} size="md">
        Mediano
      </Button>
      <Button {...args} size="lg">
        Grande
      </Button>
    </div>
  ),
};

export const WithIcon: Story = {
  args: {
    children: (
      <>
        <Save aria-hidden="true" /> Guardar
      </>
    ),
  },
};

export const Loading: Story = {
  args: { loading: true, children: 'Creando...' },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Creando...' });
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await expect(button).toBeDisabled();
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onClick).not.toHaveBeenCalled();
  },
};

export const Disabled: Story = { args: { disabled: true } };

/** The toolbar's dark theme (the `theme` global): `data-theme="dark"` on `<html>`, so portals follow too. */
export const DarkTheme: Story = {
  render: Variants.render,
  globals: { theme: 'dark' },
  play: async ({ canvas }) => {
    await expect(document.documentElement).toHaveAttribute('data-theme', 'dark');
    await expect(canvas.getAllByRole('button')).toHaveLength(6);
  },
};

/** The toolbar's 'Móvil 390 px' viewport, there for every story without any story parameter. */
export const Phone: Story = {
  render: Variants.render,
  globals: { viewport: { value: 'movil390', isRotated: false } },
  play: async () => {
    await expect(window.innerWidth).toBe(390);
    await expect(document.documentElement).not.toHaveAttribute('data-theme');
  },
};
