import type { Meta, StoryObj } from '@storybook/react-vite';
import { Home, RotateCw } from 'lucide-react';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../button/button';
import { ErrorScreen } from './error-screen';

const onReload = fn();
const onReset = fn();

const meta = {
  title: 'UI/ErrorScreen',
  component: ErrorScreen,
  args: {
    details:
      "TypeError: Cannot read properties of undefined (reading 'nombres')\n    at UserRow (users-table.tsx:42:17)",
    hint: 'Si el problema continúa, abre la consola del navegador (F12) para ver más detalles.',
    actions: (
      <>
        <Button onClick={onReload}>
          <RotateCw aria-hidden="true" />
          Recargar página
        </Button>
        <Button variant="outline" onClick={onReset}>
          <Home aria-hidden="true" />
          Limpiar datos y volver al inicio
        </Button>
      </>
    ),
  },
  beforeEach: () => {
    onReload.mockClear();
    onReset.mockClear();
  },
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof ErrorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Unfolds the technical details and presses both actions. Test only: out of the sidebar and docs, so the story above shows its state untouched. */
export const DetailsAndActions: Story = {
  ...Default,
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('main', { name: 'Algo salió mal' })).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 1, name: 'Algo salió mal' })).toBeVisible();
    await expect(canvas.getByText('La aplicación encontró un error inesperado')).toBeVisible();
    // The technical text waits, folded, under 'Detalles técnicos' (issue 19 item 12).
    const technical = canvas.getByText(/Cannot read properties of undefined \(reading 'nombres'\)/);
    await expect(technical).not.toBeVisible();
    await userEvent.click(canvas.getByText('Detalles técnicos'));
    await expect(technical).toBeVisible();
    await expect(canvas.getByRole('region', { name: 'Detalles técnicos' })).toContainElement(technical);
    await userEvent.click(canvas.getByRole('button', { name: 'Recargar página' }));
    await expect(onReload).toHaveBeenCalledOnce();
    await userEvent.click(canvas.getByRole('button', { name: 'Limpiar datos y volver al inicio' }));
    await expect(onReset).toHaveBeenCalledOnce();
    await expect(canvas.getByText(/abre la consola del navegador/)).toBeVisible();
  },
};

export const Playground: Story = {};

export const WithoutDetails: Story = {
  args: {
    details: undefined,
    hint: undefined,
    title: 'Página no encontrada',
    message: 'La dirección no existe.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
    await expect(canvas.queryByRole('region')).not.toBeInTheDocument();
  },
};
