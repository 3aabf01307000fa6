import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { ErrorState } from './error-state';

const meta = {
  title: 'UI/ErrorState',
  component: ErrorState,
  args: { message: 'Error al cargar los reportes', onRetry: fn() },
} satisfies Meta<typeof ErrorState>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const alert = canvas.getByRole('alert');
    await expect(alert).toHaveTextContent('Error al cargar los reportes');
    await userEvent.click(canvas.getByRole('button', { name: 'Intentar de nuevo' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};

export const Playground: Story = {
  args: { message: 'Error al cargar las asignaciones', title: 'Algo salió mal', size: 'md' },
};

export const WithTitle: Story = {
  args: { title: 'Error al cargar PDF', message: 'Error al cargar el PDF' },
};

export const WithoutRetry: Story = {
  args: { onRetry: undefined, message: 'No hay supervisores disponibles' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('No hay supervisores disponibles');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Retrying: Story = {
  args: { retrying: true },
  play: async ({ canvas, args }) => {
    const button = canvas.getByRole('button', { name: 'Intentar de nuevo' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAttribute('aria-busy', 'true');
    await userEvent.click(button, { pointerEventsCheck: 0 });
    await expect(args.onRetry).not.toHaveBeenCalled();
  },
};

export const Small: Story = {
  args: { size: 'sm', message: 'Error al cargar las asignaciones' },
};

export const CustomRetryLabel: Story = {
  args: { retryLabel: 'Volver a cargar' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Volver a cargar' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
  },
};
