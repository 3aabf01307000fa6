import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { LineChart } from './line-chart';

const weeks = ['Sem 1', 'Sem 2', 'Sem 3', 'Sem 4', 'Sem 5', 'Sem 6'];

const meta = {
  title: 'UI/LineChart',
  component: LineChart,
  args: {
    title: 'Estudios completados por semana',
    yDomain: [0, 100],
    xLabel: 'Semana',
    series: [
      {
        id: 'completados',
        label: 'Completados',
        data: weeks.map((x, i) => ({ x, y: [35, 48, 42, 61, 75, 68][i] ?? 0 })),
      },
    ],
  },
  decorators: [
    (Story) => (
      <div className="max-w-2xl">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof LineChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    const figure = canvas.getByRole('figure', { name: 'Estudios completados por semana' });
    const table = within(figure).getByRole('table', {
      name: 'Datos de la gráfica: Estudios completados por semana',
    });
    await expect(within(table).getByRole('columnheader', { name: 'Semana' })).toBeInTheDocument();
    await expect(within(table).getByRole('row', { name: 'Sem 5 75' })).toBeInTheDocument();
    // Fixed 0–100 axis: ticks every 20.
    const plot = canvasElement.querySelector<HTMLElement>('[data-slot="chart-plot"]');
    if (!plot) throw new Error('no plot');
    await waitFor(() => expect(within(plot).getByText('100')).toBeInTheDocument(), { timeout: 5000 });
    await expect(within(plot).getByText('0')).toBeInTheDocument();
    await expect(within(plot).getByText('60')).toBeInTheDocument();
  },
};

export const Playground: Story = { args: { area: true } };

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Cargando gráfica...');
  },
};

export const Empty: Story = {
  args: { series: [{ id: 'completados', label: 'Completados', data: [] }] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Sin datos para mostrar')).toBeVisible();
  },
};

export const MultipleSeries: Story = {
  args: {
    title: 'Solicitudes y entregas',
    yDomain: undefined,
    series: [
      { id: 'solicitudes', label: 'Solicitudes', data: weeks.map((x, i) => ({ x, y: 1000 + i * 250 })) },
      {
        id: 'entregas',
        label: 'Entregas',
        data: weeks.map((x, i) => ({ x, y: i === 2 ? null : 900 + i * 200 })),
      },
    ],
  },
  play: async ({ canvas }) => {
    const table = canvas.getByRole('table', { name: 'Datos de la gráfica: Solicitudes y entregas' });
    await expect(within(table).getByRole('row', { name: 'Semana Solicitudes Entregas' })).toBeInTheDocument();
    // es-MX grouping; a missing value reads as '-'.
    await expect(within(table).getByRole('row', { name: 'Sem 3 1,500 -' })).toBeInTheDocument();
    await expect(within(table).getByRole('row', { name: 'Sem 6 2,250 1,900' })).toBeInTheDocument();
  },
};
