import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { Button } from '../button/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card';

const meta = {
  title: 'UI/Card',
  component: Card,
  subcomponents: { CardHeader, CardTitle, CardDescription, CardContent, CardFooter },
} satisfies Meta<typeof Card>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  render: (args) => (
    <Card {...args} className="max-w-md">
      <CardHeader>
        <CardTitle>Estadísticas</CardTitle>
        <CardDescription>Resumen de las asignaciones activas.</CardDescription>
      </CardHeader>
      <CardContent>
        <p>Total Asignaciones: 128</p>
      </CardContent>
    </Card>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 3, name: 'Estadísticas' })).toBeVisible();
  },
};

export const Playground: Story = {
  args: { children: 'Contenido libre de la tarjeta.', className: 'max-w-sm' },
};

const onSave = fn();

export const WithFooter: Story = {
  render: (args) => (
    <Card {...args} className="max-w-md">
      <CardHeader>
        <CardTitle>Nueva plataforma</CardTitle>
        <CardDescription>Conoce las novedades del sistema.</CardDescription>
      </CardHeader>
      <CardContent>Ahora puedes revisar los reportes directamente en la aplicación.</CardContent>
      <CardFooter>
        <Button variant="outline">Más tarde</Button>
        <Button onClick={onSave}>Conocer más</Button>
      </CardFooter>
    </Card>
  ),
  play: async ({ canvas }) => {
    onSave.mockClear();
    await userEvent.click(canvas.getByRole('button', { name: 'Conocer más' }));
    await expect(onSave).toHaveBeenCalledOnce();
  },
};

export const WithHeaderAction: Story = {
  render: (args) => (
    <Card {...args} className="max-w-lg">
      <CardHeader>
        <CardTitle as="h2">Asignaciones activas</CardTitle>
        <Button size="sm" variant="secondary">
          Nueva Carga
        </Button>
        <CardDescription>128 registros totales</CardDescription>
      </CardHeader>
      <CardContent>La tabla va aquí.</CardContent>
    </Card>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 2, name: 'Asignaciones activas' })).toBeVisible();
  },
};

export const ContentOnly: Story = {
  render: (args) => (
    <Card {...args} className="max-w-sm">
      <CardContent>Los campos marcados con * son obligatorios.</CardContent>
    </Card>
  ),
};
