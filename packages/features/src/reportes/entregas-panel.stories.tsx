import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { NetworkError } from '../errors';
import {
  createFakeReportesPort,
  demoClientes,
  demoEntrega,
  demoReporte,
  failingFirst,
  pending,
} from '../testing';
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
 * entregado a n de m / fallido with the reason as its tooltip), 'Reintentar' for a failed or partial
 * one, the delivery history of the selected report (when, to whom, how far, result), and a refused
 * 'Enviar reportes' for a client without recipients.
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
  demoReporte(5, tec, { estatus: 'Enviado', fecha_recibido: '2026-11-16' }),
];
const REFUSED = { destinatario: 'becas@tec.example', respuesta: '550 Buzón no disponible' };
const entregas = {
  1: [demoEntrega(1, 'entregado', { id_entrega: 11, destinatarios: DESTINATARIOS })],
  2: [demoEntrega(2, 'en_cola', { id_entrega: 12, destinatarios: DESTINATARIOS })],
  3: [demoEntrega(3, 'fallido', { id_entrega: 13, destinatarios: DESTINATARIOS })],
  5: [demoEntrega(5, 'entregado', { id_entrega: 15, destinatarios: DESTINATARIOS, rechazados: [REFUSED] })],
};
const seed = { reportes, entregas, destinatarios: () => DESTINATARIOS };

const panel = (canvas: ReturnType<typeof within>) =>
  canvas.findByRole('region', { name: 'Entregas por correo' });

/** Each row shows its delivery beside Estatus; a failure carries its reason as the tooltip. */
export const StatesBesideEstatus: Story = {
  decorators: [withReportes(createFakeReportesPort(seed))],
  play: async ({ canvas }) => {
    await rowsShown(canvas, 5);
    const [delivered, queued, failed, never, partial] = await bodyRows(canvas);
    await expect(within(delivered as HTMLElement).getByText('Entregado')).toBeVisible();
    await expect(within(queued as HTMLElement).getByText('En cola')).toBeVisible();
    const badge = within(failed as HTMLElement).getByText('Fallido');
    await expect(badge).toHaveAttribute('title', 'Motivo: connect ECONNREFUSED 10.0.0.5:587');
    await expect(badge).toHaveAccessibleName(
      'Entrega por correo: Fallido. Motivo: connect ECONNREFUSED 10.0.0.5:587',
    );
    await expect(never?.querySelector('[data-slot="entrega-badge"]')).toBeNull();
    const some = within(partial as HTMLElement).getByText('Entregado a 1 de 2');
    await expect(some).toHaveAttribute('title', 'No lo recibió: becas@tec.example: 550 Buzón no disponible');
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
    await rowsShown(canvas, 5);
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
    await rowsShown(canvas, 5);
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
    await rowsShown(canvas, 5);
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

/**
 * One recipient refused at RCPT: 'Entregado a 1 de 2' with the refused address and the server's answer;
 * 'Reintentar' queues a delivery to that address only.
 */
export const PartialThenRetry: Story = {
  decorators: [withReportes(createFakeReportesPort(seed))],
  play: async ({ canvas }) => {
    await rowsShown(canvas, 5);
    await userEvent.click(await rowOf(canvas, 'TEC-2026-0005'));
    const history = within(await panel(canvas));
    await expect(await history.findByText('Entregado a 1 de 2')).toBeVisible();
    const refused = history.getByRole('list', { name: 'Destinatarios que no lo recibieron' });
    await expect(within(refused).getByText('becas@tec.example: 550 Buzón no disponible')).toBeVisible();
    await userEvent.click(await history.findByRole('button', { name: 'Reintentar' }));
    await expect(await toastWith('Entrega en cola de nuevo')).toBeVisible();
    await expect(await history.findByText('Para: becas@tec.example')).toBeVisible();
    await waitFor(() => expect(history.queryByRole('button', { name: 'Reintentar' })).toBeNull());
  },
};

/** An attempt whose worker died: the history says how far it got with the mail server. */
export const InterruptedAttempt: Story = {
  decorators: [
    withReportes(
      createFakeReportesPort({
        ...seed,
        entregas: {
          ...entregas,
          3: [
            demoEntrega(3, 'fallido', {
              id_entrega: 13,
              destinatarios: DESTINATARIOS,
              historial: [
                {
                  intento: 2,
                  fecha: '2026-11-20T16:06:05.000Z',
                  destinatarios: DESTINATARIOS,
                  resultado: 'error',
                  detalle: '554 Mensaje rechazado por política',
                  etapa: 'respondido',
                  rechazados: [],
                },
                {
                  intento: 1,
                  fecha: '2026-11-20T16:05:05.000Z',
                  destinatarios: DESTINATARIOS,
                  resultado: 'error',
                  detalle: 'Intento interrumpido (conectado al servidor, sin aceptar el sobre)',
                  etapa: 'conectado',
                  rechazados: [],
                },
              ],
            }),
          ],
        },
      }),
    ),
  ],
  play: async ({ canvas }) => {
    await rowsShown(canvas, 5);
    await userEvent.click(await rowOf(canvas, 'TEC-2026-0003'));
    const history = within(await panel(canvas));
    await expect(await history.findByText('Llegó a: conexión con el servidor')).toBeVisible();
    await expect(history.getByText('Llegó a: respuesta del servidor')).toBeVisible();
    await expect(history.getByRole('button', { name: 'Reintentar' })).toBeVisible();
  },
};

/** 'Enviar reportes' on the pending report of a client without recipients; the panel once it says so. */
async function sendWithoutRecipients(canvas: ReturnType<typeof within>) {
  await rowsShown(canvas, 5);
  await userEvent.click(await rowOf(canvas, 'TEC-2026-0004'));
  await userEvent.click(canvas.getByRole('button', { name: 'Enviar reportes' }));
  const history = within(await panel(canvas));
  await expect(
    await history.findByText(
      'El reporte no se envió: Tec de Monterrey no tiene destinatarios configurados. Sigue Pendiente.',
    ),
  ).toBeVisible();
  return history;
}

const noRecipients = withReportes(createFakeReportesPort({ ...seed, destinatarios: () => [] }));

/**
 * 'Enviar reportes' for a client without recipients is refused: the report stays Pendiente, the toast
 * and the panel name the client, and an Administrador gets the way to Clientes.
 */
export const NoRecipients: Story = {
  args: { onOpenClientes: fn() },
  decorators: [noRecipients],
  play: async ({ canvas, args }) => {
    const history = await sendWithoutRecipients(canvas);
    await expect(
      await toastWith('Error al enviar reporte: Tec de Monterrey no tiene destinatarios configurados'),
    ).toBeVisible();
    await expect(within(await rowOf(canvas, 'TEC-2026-0004')).getByText('Pendiente')).toBeVisible();
    await expect(history.getByText('Este reporte aún no se ha enviado por correo.')).toBeVisible();
    await userEvent.click(history.getByRole('button', { name: 'Configurar destinatarios en Clientes' }));
    await expect(args.onOpenClientes).toHaveBeenCalledOnce();
  },
};

/** The same refusal for a Supervisor: the client is named, with no link to Clientes. */
export const NoRecipientsSupervisor: Story = {
  decorators: [noRecipients],
  play: async ({ canvas }) => {
    const history = await sendWithoutRecipients(canvas);
    await expect(history.queryByRole('button', { name: 'Configurar destinatarios en Clientes' })).toBeNull();
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
      failingFirst(createFakeReportesPort(seed), 'entregas', () => Promise.reject(new NetworkError())),
    ),
  ],
  play: async ({ canvas }) => {
    const history = within(await panel(canvas));
    await expect(
      await history.findByText('Error al cargar las entregas', {}, { timeout: 5000 }),
    ).toBeVisible();
  },
};

/** 'Intentar de nuevo' loads the history. Test only: out of the sidebar and docs, so the story above stays on the state its name says. */
export const HistoryErrorRetry: Story = {
  tags: ['!dev', '!autodocs'],
  decorators: [
    withReportes(
      failingFirst(createFakeReportesPort(seed), 'entregas', () => Promise.reject(new NetworkError())),
    ),
  ],
  play: async (context) => {
    await HistoryError.play?.(context);
    const { canvas } = context;
    const history = within(await panel(canvas));
    await userEvent.click(history.getByRole('button', { name: 'Intentar de nuevo' }));
    await expect(await history.findByText('250 2.0.0 OK: queued')).toBeVisible();
  },
};
