import { COMPLETION_30D_DEFINITION } from '@socio/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { createFakeUsersPort, demoCompetitiveness, demoIdleVisitorStats, offline, pending } from '../testing';
import { CompetitivenessTable } from './competitiveness-table';
import { withUsers } from './users.story-helpers';

const meta = {
  title: 'Features/Users/CompetitivenessTable',
  component: CompetitivenessTable,
} satisfies Meta<typeof CompetitivenessTable>;

export default meta;
type Story = StoryObj<typeof meta>;

async function rows(canvas: ReturnType<typeof within>) {
  const table = await canvas.findByRole('table', { name: 'Competitividad por visitador' });
  return within(table).getAllByRole('row').slice(1);
}

/**
 * Issue 14 item 3: the totals and the 30-day percentage say which is which (19 assignments, 13
 * completed and '0% (Crítico)' read as a bug when the window was not visible), and a percentage on
 * a band's edge keeps the precision that holds it in its band.
 */
export const WindowAndPrecision: Story = {
  name: 'Totals vs 30-day window; 49.99% stays Bajo',
  decorators: [
    withUsers(
      createFakeUsersPort({
        competitiveness: [
          { ...demoCompetitiveness[0]!, assignments: 19, studiesCompleted: 13, completionPercentage: 49.99 },
        ],
      }),
    ),
  ],
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Competitividad por visitador' });
    await expect(within(table).getByRole('columnheader', { name: /Asignaciones \(total\)/ })).toBeVisible();
    await expect(
      within(table).getByRole('columnheader', { name: /Estudios completados \(total\)/ }),
    ).toBeVisible();
    await expect(
      within(table).getByRole('columnheader', { name: /% completado \(últimos 30 días\)/ }),
    ).toBeVisible();
    await expect(canvas.getByText(/solo las asignaciones de los últimos 30 días/)).toBeVisible();
    // The figure's one definition (the same as Inicio's) is its label's tooltip.
    await expect(await canvas.findByText(/Completado \(últimos 30 días\)/)).toHaveAttribute(
      'title',
      COMPLETION_30D_DEFINITION,
    );
    await expect(await canvas.findByText('49.99% (Bajo)')).toHaveAttribute('data-band', 'orange');
    await expect(canvas.queryByText(/50% \(Bajo\)/)).toBeNull();
  },
};

/** Every colour band, each with its name (colour is never the only cue). */
export const AllBands: Story = {
  name: 'Loaded: all colour bands',
  decorators: [withUsers(createFakeUsersPort())],
  play: async ({ canvas, canvasElement }) => {
    await waitFor(async () => expect(await rows(canvas)).toHaveLength(5));
    await expect(canvas.getByText('90% (Alto)')).toHaveAttribute('data-band', 'green');
    await expect(canvas.getByText('60% (Medio)')).toHaveAttribute('data-band', 'yellow');
    await expect(canvas.getByText('32% (Bajo)')).toHaveAttribute('data-band', 'orange');
    await expect(canvas.getByText('10% (Crítico)')).toHaveAttribute('data-band', 'red');
    const [first] = await rows(canvas);
    await expect(first).toHaveTextContent('Juan Pérez López');
    await expect(first).toHaveTextContent('40');
    await expect(first).toHaveTextContent('36');
    await expect(first).toHaveTextContent('2.4');
    await expect(canvas.getByText('68.4%')).toBeVisible();
    await expect(canvasElement.querySelectorAll('[data-band]')).toHaveLength(5);
  },
};

export const NotAvailableDays: Story = {
  name: 'Average days N/A',
  decorators: [withUsers(createFakeUsersPort())],
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table', { name: 'Competitividad por visitador' });
    await waitFor(() =>
      expect(within(table).getByRole('row', { name: /Valeria Ortiz Navarro/ })).toBeVisible(),
    );
    await expect(within(table).getByRole('row', { name: /Valeria Ortiz Navarro/ })).toHaveTextContent('N/A');
  },
};

/**
 * A visitor without assignments in the last 30 days: 'N/A' with no colour band (not '0% (Crítico)'),
 * and last whichever way the completion is sorted.
 */
export const NotAvailableCompletion: Story = {
  name: 'Completion N/A (no assignments in 30 days)',
  decorators: [
    withUsers(
      createFakeUsersPort({
        competitiveness: [demoIdleVisitorStats, demoCompetitiveness[0]!, demoCompetitiveness[4]!],
      }),
    ),
  ],
  play: async ({ canvas }) => {
    await waitFor(async () => expect(await rows(canvas)).toHaveLength(3));
    const table = canvas.getByRole('table', { name: 'Competitividad por visitador' });
    const header = within(table).getByRole('columnheader', { name: /% completado \(últimos 30 días\)/ });
    const idle = within(table).getByRole('row', { name: /Andrés Rojas Medina/ });
    await expect(idle).toHaveTextContent('N/A');
    await expect(idle).not.toHaveTextContent(/Crítico|%/);
    await expect(idle.querySelector('[data-band]')).toBeNull();
    // A real 0 % (recent work, nothing completed) keeps its red band.
    await expect(canvas.getByText('0% (Crítico)')).toHaveAttribute('data-band', 'red');
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect((await rows(canvas)).map((row) => row.textContent)).toEqual([
      expect.stringContaining('Valeria Ortiz Navarro'),
      expect.stringContaining('Juan Pérez López'),
      expect.stringContaining('Andrés Rojas Medina'),
    ]);
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect((await rows(canvas)).map((row) => row.textContent)).toEqual([
      expect.stringContaining('Juan Pérez López'),
      expect.stringContaining('Valeria Ortiz Navarro'),
      expect.stringContaining('Andrés Rojas Medina'),
    ]);
  },
};

export const SortedAndPaged: Story = {
  decorators: [withUsers(createFakeUsersPort())],
  play: async ({ canvas }) => {
    await waitFor(async () => expect(await rows(canvas)).toHaveLength(5));
    const pager = canvas.getByRole('navigation', { name: 'Paginación de visitadores' });
    await userEvent.click(within(pager).getByRole('button', { name: 'Página 2' }));
    await expect(await rows(canvas)).toHaveLength(1);
    const header = canvas.getByRole('columnheader', { name: /% completado/ });
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    const [lowest] = await rows(canvas);
    await expect(lowest).toHaveTextContent('Valeria Ortiz Navarro');
    await userEvent.click(within(header).getByRole('button'));
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    const [highest] = await rows(canvas);
    await expect(highest).toHaveTextContent('Juan Pérez López');
  },
};

export const Empty: Story = {
  decorators: [withUsers(createFakeUsersPort({ competitiveness: [] }))],
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No se encontraron visitadores')).toBeVisible();
    await expect(canvas.queryByRole('navigation', { name: 'Paginación de visitadores' })).toBeNull();
  },
};

export const Loading: Story = {
  decorators: [
    withUsers({
      ...createFakeUsersPort(),
      competitiveness: () => pending(),
      completionLast30Days: () => pending(),
    }),
  ],
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Cargando visitadores...')).toBeVisible();
  },
};

/** The failure is logged; the table shows an error state (no invented rows). */
export const LoadError: Story = {
  decorators: [
    withUsers({
      ...createFakeUsersPort({ competitiveness: demoCompetitiveness }),
      competitiveness: () => offline(),
      completionLast30Days: () => offline(),
    }),
  ],
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('No se pudieron cargar las estadísticas de los visitadores');
    await expect(within(alert).getByRole('button', { name: 'Intentar de nuevo' })).toBeVisible();
    await expect(canvas.queryByText(/Completado \(últimos 30 días\)/)).toBeNull();
  },
};
