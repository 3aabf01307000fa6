import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { DoughnutChart } from './doughnut-chart';

const meta = {
  title: 'UI/DoughnutChart',
  component: DoughnutChart,
  args: {
    title: 'Estudios activos por cliente',
    data: [
      { id: 'a', label: 'Cliente A', value: 1250 },
      { id: 'b', label: 'Cliente B', value: 830 },
      { id: 'c', label: 'Cliente C', value: 420 },
      { id: 'd', label: 'Otros', value: 0 },
    ],
  },
  decorators: [
    (Story) => (
      <div className="max-w-md">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof DoughnutChart>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, canvasElement }) => {
    const figure = canvas.getByRole('figure', { name: 'Estudios activos por cliente' });
    // Screen-reader summary: es-MX numbers and shares of the total (2,500).
    const table = within(figure).getByRole('table', {
      name: 'Datos de la gráfica: Estudios activos por cliente',
    });
    await expect(within(table).getByRole('row', { name: 'Cliente A 1,250 50%' })).toBeInTheDocument();
    await expect(within(table).getByRole('row', { name: 'Cliente C 420 16.8%' })).toBeInTheDocument();
    await expect(within(table).getAllByRole('row')).toHaveLength(5);
    // The drawing itself (nivo, loaded lazily: one arc per datum) is hidden from assistive technology.
    await waitFor(
      () => expect(canvasElement.querySelectorAll('[data-slot="chart-plot"] svg path').length).toBe(4),
      { timeout: 5000 },
    );
    await expect(canvasElement.querySelector('[data-slot="chart-plot"]')).toHaveAttribute(
      'aria-hidden',
      'true',
    );
  },
};

export const Playground: Story = { args: { height: 300 } };

export const Loading: Story = {
  args: { loading: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Cargando gráfica...');
    await expect(canvas.getByRole('figure', { name: 'Estudios activos por cliente' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
  },
};

export const Empty: Story = {
  args: { data: [] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Sin datos para mostrar')).toBeVisible();
    await expect(canvas.queryByRole('table')).not.toBeInTheDocument();
  },
};

export const PercentValues: Story = {
  args: {
    title: 'Distribución de estatus',
    hideTitle: true,
    formatValue: (value: number) => `${value}%`,
    data: [
      { id: 'completados', label: 'Completados', value: 62 },
      { id: 'proceso', label: 'En proceso', value: 28 },
      { id: 'cancelados', label: 'Cancelados', value: 10 },
    ],
  },
  play: async ({ canvas }) => {
    const caption = canvas.getByText('Distribución de estatus', { selector: 'figcaption' });
    await expect(caption).toHaveClass('sr-only');
    const table = canvas.getByRole('table', { name: 'Datos de la gráfica: Distribución de estatus' });
    await expect(within(table).getByRole('row', { name: 'Completados 62% 62%' })).toBeInTheDocument();
  },
};
