import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { AppErrorScreen } from './app-error-screen';

const meta = {
  title: 'Features/Shell/AppErrorScreen',
  component: AppErrorScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    error: new TypeError("Cannot read properties of undefined (reading 'nombres')"),
    onReload: fn(),
    onReset: fn(),
  },
} satisfies Meta<typeof AppErrorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 'Algo salió mal', the error text, both actions and the console hint. */
export const Default: Story = {};

/** Unfolds the technical details and presses both actions. Test only: out of the sidebar and docs, so the story above shows its state untouched. */
export const DetailsAndActions: Story = {
  ...Default,
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Algo salió mal' })).toBeVisible();
    await expect(canvas.getByText('La aplicación encontró un error inesperado')).toBeVisible();
    // The technical text is folded under 'Detalles técnicos' until asked for.
    const technical = canvas.getByText("Cannot read properties of undefined (reading 'nombres')");
    await expect(technical).not.toBeVisible();
    await userEvent.click(canvas.getByText('Detalles técnicos'));
    await expect(technical).toBeVisible();
    await expect(canvas.getByText('Abre la consola del navegador para ver más detalles')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Recargar página' }));
    await expect(args.onReload).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Limpiar datos y volver al inicio' }));
    await expect(args.onReset).toHaveBeenCalledOnce();
  },
};

/** Something that is not an Error was thrown. */
export const NonErrorValue: Story = {
  args: { error: { codigo: 42 } },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByText('Detalles técnicos'));
    await expect(canvas.getByText('{"codigo":42}')).toBeVisible();
  },
};
