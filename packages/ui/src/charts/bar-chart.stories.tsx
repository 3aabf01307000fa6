import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { BarChart } from './bar-chart';

const meta = {
  title: 'UI/BarChart',
  component: BarChart,
  args: {
    title: 'Nuevas solicitudes por semana',
    yDomain: [0, 100],
    xLabel: 'Semana',
    valueLabel: 'Solicitudes',
    data: [
      { label: 'Sem 1', value: 24 },
      { label: 'Sem 2', value: 56 },
      { label: 'Sem 3', value: 41 },
      { label: 'Sem 4', value: 88 },
      { label: 'Sem 5', value: 63 },
    ],
  },
  decorators: [
    (Story) => (
      <div className="max-w-2xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof BarChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    const figure = canvas.getByRole('figure', { name: 'Nuevas solicitudes por semana' });
    const table = within(figure).getByRole('table', {
      name: 'Datos de la gráfica: Nuevas solicitudes por semana',
    });
    await expect(within(table).getByRole('row', { name: 'Semana Solicitudes' })).toBeInTheDocument();
    await expect(within(table).getByRole('row', { name: 'Sem 4 88' })).toBeInTheDocument();
    await waitFor(
      () =>
        expect(
          canvasElement.querySelectorAll('[data-slot="chart-plot"] svg rect[height]').length,
        ).toBeGreaterThanOrEqual(5),
      { timeout: 5000 },
    );
    const plot = canvasElement.querySelector<HTMLElement>('[data-slot="chart-plot"]');
    if (!plot) throw new Error('no plot');
    await expect(within(plot).getByText('100')).toBeInTheDocument();
  },
};

export const Playground: Story = { args: { height: 320 } };

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Cargando gráfica...');
  },
};

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Sin datos para mostrar')).toBeVisible();
  },
};

export const LargeNumbers: Story = {
  args: {
    title: 'Estudios por año',
    yDomain: undefined,
    xLabel: 'Año',
    valueLabel: 'Estudios',
    width: 480,
    data: [
      { label: '2023', value: 12840 },
      { label: '2024', value: 15210 },
      { label: '2025', value: 9875.5 },
    ],
  },
  play: async ({ canvas, canvasElement }) => {
    const table = canvas.getByRole('table', { name: 'Datos de la gráfica: Estudios por año' });
    await expect(within(table).getByRole('row', { name: '2024 15,210' })).toBeInTheDocument();
    await expect(within(table).getByRole('row', { name: '2025 9,875.5' })).toBeInTheDocument();
    // Fixed width is honoured.
    await waitFor(
      () =>
        expect(canvasElement.querySelector('[data-slot="chart-plot"] svg')).toHaveAttribute('width', '480'),
      {
        timeout: 5000,
      },
    );
  },
};
