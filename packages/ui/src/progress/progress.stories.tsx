import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Progress } from './progress';

const meta = {
  title: 'UI/Progress',
  component: Progress,
  args: { label: 'Progreso de la lectura del archivo', fraction: 0.4, text: 'Procesando archivo... 40%' },
} satisfies Meta<typeof Progress>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The share of the bar the indicator covers, as drawn (its transform included). */
function filledShare(canvasElement: HTMLElement): number {
  const bar = within(canvasElement).getByRole('progressbar').getBoundingClientRect();
  const indicator = canvasElement.querySelector<HTMLElement>('[data-slot="progress-indicator"]');
  const right = indicator?.getBoundingClientRect().right ?? bar.left;
  return (right - bar.left) / bar.width;
}

export const Partway: Story = {
  play: async ({ canvasElement }) => {
    await expect(filledShare(canvasElement)).toBeCloseTo(0.4, 2);
    const bar = within(canvasElement).getByRole('progressbar', {
      name: 'Progreso de la lectura del archivo',
    });
    await expect(bar).toHaveAttribute('aria-valuenow', '40');
    await expect(bar).toHaveAttribute('aria-valuetext', 'Procesando archivo... 40%');
    await expect(within(canvasElement).getByText('Procesando archivo... 40%')).toBeVisible();
  },
};

/** Values outside 0–1 are clamped (a late progress report never shows 104 %). */
export const Clamped: Story = {
  args: { fraction: 1.04, text: 'Procesando archivo... 100%' },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar');
    await expect(bar).toHaveAttribute('aria-valuenow', '100');
    await expect(filledShare(canvasElement)).toBeCloseTo(1, 2);
  },
};

/** Under way with no measure (e.g. a save being confirmed): no `aria-valuenow`, a full pulsing bar. */
export const Indeterminate: Story = {
  args: { label: 'Progreso del guardado de la carga', fraction: null, text: 'Confirmando la carga...' },
  play: async ({ canvasElement }) => {
    const bar = within(canvasElement).getByRole('progressbar', { name: 'Progreso del guardado de la carga' });
    await expect(bar).not.toHaveAttribute('aria-valuenow');
    await expect(bar).toHaveAttribute('aria-valuetext', 'Confirmando la carga...');
    await expect(within(canvasElement).getByText('Confirmando la carga...')).toBeVisible();
  },
};
