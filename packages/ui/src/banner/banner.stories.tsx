import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../button/button';
import { Banner } from './banner';

const meta = {
  title: 'UI/Banner',
  component: Banner,
  args: { message: 'Los campos marcados con * son obligatorios.' },
} satisfies Meta<typeof Banner>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Los campos marcados con * son obligatorios.');
  },
};

export const Playground: Story = {
  args: { tone: 'warning', title: 'Visitadores sin asignar', message: 'Hay filas sin visitador.' },
};

export const Info: Story = { args: { tone: 'info', title: 'Información' } };

export const Success: Story = {
  args: {
    tone: 'success',
    title: 'Carga guardada',
    message: 'Carga guardada exitosamente: 25 registros procesados',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Carga guardada exitosamente');
  },
};

export const Warning: Story = {
  args: {
    tone: 'warning',
    title: 'Filas no válidas detectadas',
    message: 'Las filas no válidas no se cargarán.',
  },
};

export const ErrorTone: Story = {
  name: 'Error',
  args: { tone: 'error', message: 'Error al cargar las asignaciones', onDismiss: fn() },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Error al cargar las asignaciones');
    await expect(canvas.queryByRole('status')).toBeNull();
  },
};

export const Dismissible: Story = {
  args: { tone: 'error', message: 'Error al leer el archivo', onDismiss: fn() },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Cerrar aviso' }));
    await expect(args.onDismiss).toHaveBeenCalledOnce();
  },
};

export const WithActions: Story = {
  args: {
    tone: 'warning',
    title: 'Visitadores sin asignar',
    message: 'Asigna un visitador a cada fila antes de confirmar.',
    actions: (
      <Button size="sm" variant="outline">
        Revisar filas
      </Button>
    ),
  },
};

export const WithoutIcon: Story = { args: { icon: null, tone: 'info' } };

function DismissExample() {
  const [visible, setVisible] = useState(true);
  return visible ? (
    <Banner tone="error" message="Error al guardar la carga" onDismiss={() => setVisible(false)} />
  ) : (
    <p>Aviso cerrado.</p>
  );
}

export const DismissRemovesIt: Story = {
  render: () => <DismissExample />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Cerrar aviso' }));
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(canvas.getByText('Aviso cerrado.')).toBeVisible();
  },
};
