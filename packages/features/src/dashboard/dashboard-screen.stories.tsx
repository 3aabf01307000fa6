import { COMPLETION_30D_DEFINITION } from '@socio/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { NetworkError } from '../errors';
import type { Ports } from '../ports';
import {
  createFakeDashboardPort,
  demoResumen,
  emptyResumen,
  FeatureProviders,
  invalidResponse,
  stubDashboardPort,
  visitadorResumen,
} from '../testing';
import { usersMessages } from '../users/messages.es';
import { DashboardScreen } from './dashboard-screen';

interface StoryArgs {
  ports: Partial<Ports>;
  ownOnly?: boolean;
}

const meta = {
  title: 'Features/Dashboard/DashboardScreen',
  parameters: { layout: 'fullscreen' },
  render: ({ ports, ownOnly }) => (
    <FeatureProviders ports={ports}>
      <div className="bg-canvas p-6">
        <DashboardScreen ownOnly={ownOnly} />
      </div>
    </FeatureProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The card whose label is `label`. */
function statCard(canvasElement: HTMLElement, label: string): HTMLElement {
  // A label with a definition wraps its text in a span carrying the tooltip.
  const labelNode = within(canvasElement).getByText(label, { selector: 'p, p > span' });
  const card = labelNode.closest<HTMLElement>('[data-slot="stat-card"]');
  if (!card) throw new Error(`No hay tarjeta «${label}»`);
  return card;
}

export const Loaded: Story = {
  args: { ports: { dashboard: createFakeDashboardPort(demoResumen) } },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Inicio' });
    await waitFor(() =>
      expect(within(statCard(canvasElement, 'Estudios activos')).getByText('148')).toBeVisible(),
    );
    await expect(within(statCard(canvasElement, 'Completados esta semana')).getByText('37')).toBeVisible();
    await expect(
      within(statCard(canvasElement, 'Nuevas solicitudes esta semana')).getByText('42'),
    ).toBeVisible();
    await expect(
      within(statCard(canvasElement, 'Completado (últimos 30 días)')).getByText('71.4%'),
    ).toBeVisible();
    // Issue 14 item 2: the same label as Usuarios', its one definition as the label's tooltip.
    const completionLabel = within(statCard(canvasElement, usersMessages.completion30d)).getByText(
      usersMessages.completion30d,
    );
    await expect(completionLabel).toHaveAttribute('title', COMPLETION_30D_DEFINITION);

    // The lazily loaded charts, each an accessible figure with its values in a hidden table.
    const doughnut = await canvas.findByRole(
      'figure',
      { name: 'Estudios activos por cliente' },
      { timeout: 10_000 },
    );
    await expect(within(doughnut).getByRole('rowheader', { name: 'Tec de Monterrey' })).toBeInTheDocument();
    const line = await canvas.findByRole('figure', { name: 'Estudios completados por semana' });
    await expect(within(line).getByRole('rowheader', { name: '02/03' })).toBeInTheDocument();
    const bars = await canvas.findByRole('figure', { name: 'Nuevas solicitudes por semana' });
    await expect(within(bars).getAllByRole('row')).toHaveLength(9);

    const yearly = canvas.getByRole('table', { name: 'Resumen anual por estatus' });
    await expect(within(yearly).getByRole('columnheader', { name: '2026' })).toBeVisible();
    await expect(within(yearly).getByRole('columnheader', { name: '2025' })).toBeVisible();
    const received = within(yearly).getByRole('row', { name: /Recibidos/ });
    await expect(received).toHaveTextContent('412');
    await expect(received).toHaveTextContent('1,630');
    await expect(within(yearly).getByRole('row', { name: /Cancelados/ })).toHaveTextContent('58');
    // Issue 14 item 4: each row says what it counts, as its label's tooltip.
    for (const [label, definition] of [
      ['Recibidos', /Folios recibidos en el año/],
      ['Asignados', /un folio reasignado cuenta una sola vez/],
      ['Completados', /una asignación completada/],
      ['Cancelados', /se cancelaron todas, sin ninguna completada ni en curso/],
    ] as const) {
      const header = within(yearly).getByRole('rowheader', { name: label });
      await expect(within(header).getByText(label)).toHaveAttribute(
        'title',
        expect.stringMatching(definition),
      );
    }

    await expect(canvas.getByRole('heading', { name: 'Nueva plataforma' })).toBeVisible();
    await expect(canvas.queryByText('Estos números corresponden solo a tus asignaciones.')).toBeNull();
  },
};

export const Loading: Story = {
  args: { ports: { dashboard: stubDashboardPort({ resumen: () => new Promise(() => {}) }) } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('region', { name: 'Indicadores' })).toBeVisible();
    await expect(statCard(canvasElement, 'Estudios activos')).toHaveAttribute('aria-busy', 'true');
    await expect(canvas.getByRole('status')).toHaveTextContent('Cargando gráficas...');
    await expect(canvasElement.querySelectorAll('[data-slot="skeleton"]').length).toBeGreaterThan(3);
    await expect(canvas.queryByRole('figure')).toBeNull();
  },
};

export const Empty: Story = {
  args: { ports: { dashboard: createFakeDashboardPort(emptyResumen) } },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('heading', { name: 'Aún no hay estudios registrados' });
    await expect(within(statCard(canvasElement, 'Estudios activos')).getByText('0')).toBeVisible();
    await expect(canvas.queryByRole('figure')).toBeNull();
    await expect(canvas.queryByRole('table', { name: 'Resumen anual por estatus' })).toBeNull();
  },
};

/** Fails the first call (offline), answers the next ones; counts its calls. */
function failingOnce() {
  const port = {
    calls: 0,
    async resumen() {
      port.calls += 1;
      if (port.calls === 1) throw new NetworkError();
      return demoResumen;
    },
  };
  return port;
}

const flaky = failingOnce();

export const ErrorWithRetry: Story = {
  name: 'Error + retry',
  args: { ports: { dashboard: flaky } },
  play: async ({ canvas, canvasElement }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('No se pudo cargar el resumen del tablero');
    await expect(canvas.queryByRole('region', { name: 'Indicadores' })).toBeNull();
    await userEvent.click(within(alert).getByRole('button', { name: 'Intentar de nuevo' }));
    await waitFor(() =>
      expect(within(statCard(canvasElement, 'Estudios activos')).getByText('148')).toBeVisible(),
    );
    await expect(flaky.calls).toBe(2);
  },
};

/** The server answered with a body that breaks the contract: the same error state, never a crash. */
export const InvalidResponse: Story = {
  args: {
    ports: { dashboard: stubDashboardPort({ resumen: () => invalidResponse('GET /dashboard/resumen') }) },
  },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('No se pudo cargar el resumen del tablero');
    await expect(within(alert).getByRole('button', { name: 'Intentar de nuevo' })).toBeEnabled();
    await expect(canvas.queryByRole('region', { name: 'Indicadores' })).toBeNull();
  },
};

export const Visitador: Story = {
  name: 'Visitador (own numbers)',
  args: { ports: { dashboard: createFakeDashboardPort(visitadorResumen) }, ownOnly: true },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('Estos números corresponden solo a tus asignaciones.')).toBeVisible();
    await waitFor(() =>
      expect(within(statCard(canvasElement, 'Estudios activos')).getByText('7')).toBeVisible(),
    );
    await expect(
      within(statCard(canvasElement, 'Completado (últimos 30 días)')).getByText('82.5%'),
    ).toBeVisible();
    const doughnut = await canvas.findByRole(
      'figure',
      { name: 'Estudios activos por cliente' },
      { timeout: 10_000 },
    );
    await expect(within(doughnut).queryByRole('rowheader', { name: 'UDEM' })).toBeNull();
  },
};
