import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { NetworkError } from '../errors';
import { createFakeReportesPort, demoClientes, demoEntrega, demoReporte, pending } from '../testing';
import {
  bodyRows,
  clearToasts,
  ReportesHarness,
  rowOf,
  rowsShown,
  spied,
  toastWith,
  withReportes,
} from './reportes.story-helpers';
import { ReportesScreen } from './reportes-screen';

/**
 * E-mail delivery in the Reportes screen: the delivery state beside Estatus (en cola / entregado /
 * fallido with the reason as its tooltip), 'Reintentar' for a failed one, and the delivery history of
 * the selected report (when, to whom, result).
 */
const meta = {
  title: 'Features/Reportes/Entregas',
  component: ReportesScreen,
  render: (args) => <ReportesHarness {...args} />,
  args: { cliente: null, onClienteChange: fn(), saveFile: fn(), pdfDebounceMs: 0 },
  parameters: { layout: 'fullscreen' },
  beforeEach: clearToasts,
} satisfies Meta<typeof ReportesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const tec = demoClientes[0] ?? { id_cliente: 1, nombre: 'Tec de Monterrey' };
const DESTINATARIOS = ['admisiones@tec.example', 'becas@tec.example'];
const reportes = [
  demoReporte(1, tec, { estatus: 'Enviado', fecha_recibido: '2026-11-20' }),
  demoReporte(2, tec, { estatus: 'Enviado', fecha_recibido: '2026-11-19' }),
  demoReporte(3, tec, { estatus: 'Enviado', fecha_recibido: '2026-11-18' }),
  demoReporte(4, tec, { estatus: 'Pendiente', fecha_recibido: '2026-11-17' }),
];
const entregas = {
  1: [demoEntrega(1, 'entregado', { id_entrega: 11, destinatarios: DESTINATARIOS })],
  2: [demoEntrega(2, 'en_cola', { id_entrega: 12, destinatarios: DESTINATARIOS })],
  3: [demoEntrega(3, 'fallido', { id_entrega: 13, destinatarios: DESTINATARIOS })],
};
const seed = { reportes, entregas, destinatarios: () => DESTINATARIOS };

const panel = (canvas: ReturnType<typeof within>) =>
  canvas.findByRole('region', { name: 'Entregas por correo' });

/** Each row shows its delivery beside Estatus; a failure carries its reason as the tooltip. */
export const StatesBesideEstatus: Story = {
  decorators: [withReportes(createFakeReportesPort(seed))],
  play: async ({ canvas }) => {
    await rowsShown(canvas, 4);
    const [delivered, queued, failed, never] = await bodyRows(canvas);
    await expect(within(delivered as HTMLElement).getByText('Entregado')).toBeVisible();
    await expect(within(queued as HTMLElement).getByText('En cola')).toBeVisible();
    const badge = within(failed as HTMLElement).getByText('Fallido');
    await expect(badge).toHaveAttribute('title', 'Motivo: connect ECONNREFUSED 10.0.0.5:587');
    await expect(badge).toHaveAccessibleName(
      'Entrega por correo: Fallido. Motivo: connect ECONNREFUSED 10.0.0.5:587',
    );
    await expect(never?.querySelector('[data-slot="entrega-badge"]')).toBeNull();
  },
};

/** The selected report was delivered: when, to whom, and the server's answer. */
export const Delivered: Story = {
  decorators: [withReportes(createFakeReportesPort(seed))],
  play: async ({ canvas }) => {
    const history = within(await panel(canvas));
    await expect(await history.findByText(`Para: ${DESTINATARIOS.join(', ')}`)).toBeVisible();
    await expect(history.getByText(/^Intento 1 · 20\/11\/2026/)).toBeVisible();
    await expect(history.getByText('250 2.0.0 OK: queued')).toBeVisible();
    await expect(history.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  },
};

/** A delivery still en cola: no attempt yet, no 'Reintentar'. */
export const Queued: Story = {
  decorators: [withReportes(createFakeReportesPort(seed))],
  play: async ({ canvas }) => {
    await rowsShown(canvas, 4);
    await userEvent.click(await rowOf(canvas, 'TEC-2026-0002'));
    const history = within(await panel(canvas));
    await waitFor(() => expect(history.getByText('En cola')).toBeVisible());
    await expect(history.queryByRole('list', { name: 'Historial de intentos' })).toBeNull();
    await expect(history.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  },
};

/** A failed delivery: its reason, every attempt, and 'Reintentar' puts it back in the queue. */
export const FailedThenRetry: Story = {
  decorators: [withReportes(spied(createFakeReportesPort(seed)))],
  play: async ({ canvas }) => {
    await rowsShown(canvas, 4);
    await userEvent.click(await rowOf(canvas, 'TEC-2026-0003'));
    const history = within(await panel(canvas));
    await expect(await history.findByText('Motivo: connect ECONNREFUSED 10.0.0.5:587')).toBeVisible();
    await expect(history.getByText('451 4.3.0 Servidor ocupado, intente más tarde')).toBeVisible();
    const retry = await history.findByRole('button', { name: 'Reintentar' });
    retry.focus();
    await userEvent.keyboard('{Enter}');
    await expect(await toastWith('Entrega en cola de nuevo')).toBeVisible();
    await waitFor(() => expect(history.queryByRole('button', { name: 'Reintentar' })).toBeNull());
    const row = await rowOf(canvas, 'TEC-2026-0003');
    await waitFor(() => expect(within(row).getByText('En cola')).toBeVisible());
  },
};

/** 'Enviar reportes' on a pending report: Enviado, and its delivery en cola beside it. */
export const SendQueues: Story = {
  decorators: [withReportes(createFakeReportesPort(seed))],
  play: async ({ canvas }) => {
    await rowsShown(canvas, 4);
    await userEvent.click(await rowOf(canvas, 'TEC-2026-0004'));
    const history = within(await panel(canvas));
    await expect(await history.findByText('Este reporte aún no se ha enviado por correo.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar reportes' }));
    await expect(await toastWith('Reporte enviado exitosamente')).toBeVisible();
    const row = await rowOf(canvas, 'TEC-2026-0004');
    await waitFor(() => expect(within(row).getByText('Enviado')).toBeVisible());
    await expect(within(row).getByText('En cola')).toBeVisible();
    await expect(await history.findByText(`Para: ${DESTINATARIOS.join(', ')}`)).toBeVisible();
  },
};

/** A client without recipients: the delivery fails at once and says why. */
export const NoRecipients: Story = {
  decorators: [withReportes(createFakeReportesPort({ ...seed, destinatarios: () => [] }))],
  play: async ({ canvas }) => {
    await rowsShown(canvas, 4);
    await userEvent.click(await rowOf(canvas, 'TEC-2026-0004'));
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar reportes' }));
    const history = within(await panel(canvas));
    await expect(
      await history.findByText('Motivo: El cliente no tiene destinatarios configurados'),
    ).toBeVisible();
    await expect(history.getByText('Para: sin destinatarios')).toBeVisible();
  },
};

/** Without SMTP_URL the server writes .eml files: the panel says so. */
export const FileTransport: Story = {
  decorators: [withReportes(createFakeReportesPort({ ...seed, transporte: 'archivo' }))],
  play: async ({ canvas }) => {
    const history = within(await panel(canvas));
    await expect(
      await history.findByText(
        'Sin servidor de correo configurado: los mensajes se guardan como archivos .eml en la carpeta outbox del servidor.',
      ),
    ).toBeVisible();
  },
};

/** The history is loading. */
export const HistoryLoading: Story = {
  decorators: [withReportes({ ...createFakeReportesPort(seed), entregas: () => pending() })],
  play: async ({ canvas }) => {
    const history = within(await panel(canvas));
    await expect(await history.findByText('Cargando entregas...')).toBeVisible();
  },
};

/** The history fails to load; 'Intentar de nuevo' reads it again. */
export const HistoryError: Story = {
  decorators: [
    withReportes(
      (() => {
        const port = createFakeReportesPort(seed);
        let calls = 0;
        return {
          ...port,
          entregas: (id: number, o?: { signal?: AbortSignal }) => {
            calls += 1;
            return calls === 1 ? Promise.reject(new NetworkError()) : port.entregas(id, o);
          },
        };
      })(),
    ),
  ],
  play: async ({ canvas }) => {
    const history = within(await panel(canvas));
    await expect(
      await history.findByText('Error al cargar las entregas', {}, { timeout: 5000 }),
    ).toBeVisible();
    await userEvent.click(history.getByRole('button', { name: 'Intentar de nuevo' }));
    await expect(await history.findByText('250 2.0.0 OK: queued')).toBeVisible();
  },
};
