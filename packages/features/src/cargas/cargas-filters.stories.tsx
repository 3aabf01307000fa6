import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createFakeCargasPort } from '../testing';
import { DEFAULT_CARGAS_QUERY } from './cargas.model';
import { ControlledCargasScreen, clearToasts, withCargas } from './cargas.story-helpers';
import { CargasFilterBar } from './filter-bar';

/** Issue 20: the Cargas search box and filters; the count and the statistics follow them. */
const meta = {
  title: 'Features/Cargas/Filters',
  parameters: { layout: 'fullscreen' },
  component: ControlledCargasScreen,
  args: { viewer: 'Administrador', query: DEFAULT_CARGAS_QUERY, onQueryChange: fn() },
  beforeEach: clearToasts,
  decorators: [withCargas(createFakeCargasPort())],
} satisfies Meta<typeof ControlledCargasScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const statsPanel = (canvasElement: HTMLElement) =>
  within(canvasElement.querySelector<HTMLElement>('[data-slot="cargas-stats"]') ?? canvasElement);

/** Typing a folio prefix narrows the list, 'Mostrando … de Z' and the statistics; 'Limpiar filtros' undoes it. */
export const SearchByFolio: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await canvas.findByText('Mostrando 1 a 10 de 57 resultados');
    await userEvent.type(canvas.getByRole('searchbox', { name: 'Buscar por folio...' }), 'tec-00104');
    await canvas.findByText('Mostrando 1 a 10 de 10 resultados', {}, { timeout: 5_000 });
    await expect(args.onQueryChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ folio: 'tec-00104', page: 1 }),
    );
    await waitFor(() => expect(statsPanel(canvasElement).getByText('10')).toBeVisible());
    const link = canvas.getAllByRole('cell', { name: /^TEC-00104\d$/ });
    await expect(link).toHaveLength(10);
    await userEvent.click(canvas.getByRole('button', { name: 'Limpiar filtros' }));
    await canvas.findByText('Mostrando 1 a 10 de 57 resultados');
    await expect(canvas.getByRole('searchbox', { name: 'Buscar por folio...' })).toHaveValue('');
  },
};

/** A status filter from the URL: list and statistics show that status only. */
export const FilteredByStatus: Story = {
  args: { query: { ...DEFAULT_CARGAS_QUERY, estatus: 'completada' } },
  play: async ({ canvas, canvasElement }) => {
    const summary = await canvas.findByText(/^Mostrando 1 a \d+ de \d+ resultados$/);
    const total = Number(summary.textContent?.match(/de (\d+)/)?.[1]);
    await expect(total).toBeGreaterThan(0);
    await expect(total).toBeLessThan(57);
    const stats = statsPanel(canvasElement);
    await waitFor(() => expect(stats.getAllByText(String(total)).length).toBeGreaterThanOrEqual(2));
    await expect(canvas.getByRole('button', { name: 'Limpiar filtros' })).toBeVisible();
  },
};

/** The bar alone: every control labelled, 'Limpiar filtros' only while a filter is set. */
export const FilterBar: StoryObj<typeof CargasFilterBar> = {
  render: (args) => (
    <div className="bg-canvas p-6">
      <CargasFilterBar {...args} />
    </div>
  ),
  args: {
    filters: { estado: 'Jalisco', fecha_desde: '2026-03-01', fecha_hasta: '2026-03-31' },
    onFiltersChange: fn(),
    estados: ['Jalisco', 'Nuevo León'],
    visitors: [{ id_usuario: 7, name: 'Carlos Treviño' }],
  },
  play: async ({ canvas, canvasElement, args }) => {
    const bar = canvasElement.querySelector('[data-slot="cargas-filters"]');
    await expect(bar).toHaveAttribute('aria-label', 'Filtros de asignaciones');
    await expect(canvas.getByRole('combobox', { name: 'Estado' })).toHaveTextContent('Jalisco');
    await expect(canvas.getByLabelText('Asignada desde')).toHaveValue('01/03/2026');
    await userEvent.click(canvas.getByRole('button', { name: 'Limpiar filtros' }));
    await expect(args.onFiltersChange).toHaveBeenCalledWith({});
  },
};
