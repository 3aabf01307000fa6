/**
 * In-memory reportes port for stories and tests (exported only from `@socio/features/testing`):
 * realistic and stateful (marking, sending and uploading change the list), with real PDFs built in
 * memory and an optional delay. `stubReportesPort` throws for every method not overridden.
 */
import {
  type Cliente,
  ENTREGAS_MESSAGES,
  type Entrega,
  entregaResumen,
  isRetryable,
  MAX_REPORT_PDF_BYTES,
  type MarcarEnviadosResponse,
  notYetReceived,
  REPORTES_MESSAGES,
  type ReportItem,
  type TransporteModo,
  toFechaRecibido,
} from '@socio/contracts';
import { makeSamplePdf } from '@socio/contracts/testing';
import { demoClientes } from '../catalogos/catalogos.fake';
import { ApiError } from '../errors';
import { fakeDelay as wait } from '../testing/fake-delay';
import { withFolio } from './reportes.model';
import type { ReportesCallOptions, ReportesPort } from './reportes.port';

const VISITADORES = [
  'Juan Pérez López',
  'María Hernández Cruz',
  'Carlos Ramírez Soto',
  'Sofía Flores Aguilar',
  'Valeria Ortiz Navarro',
  'Emilio Gutiérrez Reyes',
  'Andrés Rojas Medina',
];
const NOTAS = [
  '',
  'Visita completada',
  'Sin observaciones',
  'Domicilio verificado',
  'Reagendada una vez',
  '',
];
const PREFIX: Record<number, string> = { 1: 'TEC', 2: 'UANL', 3: 'UDEM' };

/** ISO date `days` before 2026-11-20. */
function isoDaysAgo(days: number): string {
  const date = new Date(Date.UTC(2026, 10, 20));
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** One report as the API lists it. */
export function demoReporte(
  id_reporte: number,
  cliente: Cliente,
  extra: Partial<Omit<ReportItem, 'id_reporte' | 'cliente'>> = {},
): ReportItem {
  const fecha_recibido = extra.fecha_recibido ?? isoDaysAgo(Math.floor(id_reporte / 3) % 400);
  return {
    id: `${PREFIX[cliente.id_cliente] ?? 'FOL'}-2026-${String(id_reporte).padStart(4, '0')}`,
    id_reporte,
    visitador: VISITADORES[Math.floor(id_reporte / 3) % VISITADORES.length] ?? '',
    cliente: cliente.nombre,
    fechaRecibido: toFechaRecibido(fecha_recibido),
    fecha_recibido,
    notas: NOTAS[Math.floor(id_reporte / 3) % NOTAS.length] ?? '',
    estatus: id_reporte % 4 === 0 ? 'Enviado' : 'Pendiente',
    ...extra,
  };
}

/**
 * `count` reports spread over the clients (round robin), newest first like the API. With one client
 * (`demoReportes(10_000, [demoClientes[0]])`) every report is of that client.
 */
export function demoReportes(count = 24, clientes: readonly Cliente[] = demoClientes): ReportItem[] {
  const rows: ReportItem[] = [];
  for (let index = 0; index < count; index += 1) {
    const cliente = clientes[index % clientes.length];
    if (cliente) rows.push(demoReporte(index + 1, cliente));
  }
  return sortNewestFirst(rows);
}

function sortNewestFirst(rows: ReportItem[]): ReportItem[] {
  return rows.sort((a, b) =>
    a.fecha_recibido === b.fecha_recibido
      ? b.id_reporte - a.id_reporte
      : a.fecha_recibido < b.fecha_recibido
        ? 1
        : -1,
  );
}

export interface ReportesSeed {
  clientes?: Cliente[];
  reportes?: ReportItem[];
  /** Pages of every generated PDF (default 2). */
  pdfPages?: number;
  /** E-mail deliveries per id_reporte, newest first. */
  entregas?: Record<number, Entrega[]>;
  /** How the fake server delivers (default 'smtp'). */
  transporte?: TransporteModo;
  /** Recipients of the client of a sent report (default one address per client). */
  destinatarios?: (cliente: string) => string[];
}

let demoEntregaSeq = 1;

/** One delivery as the API lists it: `estado` with its attempts. */
export function demoEntrega(
  id_reporte: number,
  estado: Entrega['estado'],
  extra: Partial<Omit<Entrega, 'id_reporte' | 'estado'>> = {},
): Entrega {
  const id_entrega = extra.id_entrega ?? demoEntregaSeq++;
  const destinatarios = extra.destinatarios ?? ['reportes@cliente.example'];
  const creado = extra.creado ?? '2026-11-20T16:00:00.000Z';
  const historial: Entrega['historial'] =
    extra.historial ??
    (estado === 'entregado'
      ? [
          {
            intento: 1,
            fecha: '2026-11-20T16:00:05.000Z',
            destinatarios,
            resultado: 'entregado',
            detalle: '250 2.0.0 OK: queued',
            etapa: 'respondido',
            rechazados: extra.rechazados ?? [],
          },
        ]
      : estado === 'fallido'
        ? [
            {
              intento: 2,
              fecha: '2026-11-20T16:01:05.000Z',
              destinatarios,
              resultado: 'error',
              detalle: 'connect ECONNREFUSED 10.0.0.5:587',
              etapa: null,
              rechazados: [],
            },
            {
              intento: 1,
              fecha: '2026-11-20T16:00:05.000Z',
              destinatarios,
              resultado: 'error',
              detalle: '451 4.3.0 Servidor ocupado, intente más tarde',
              etapa: 'respondido',
              rechazados: [],
            },
          ]
        : []);
  return {
    id_entrega,
    id_reporte,
    estado,
    destinatarios,
    message_id: `<reporte-${id_reporte}.${id_entrega}@socioeconomico.local>`,
    intentos: historial.length,
    max_intentos: estado === 'fallido' ? historial.length : 6,
    siguiente_intento: estado === 'en_cola' ? '2026-11-20T16:02:00.000Z' : null,
    motivo: estado === 'fallido' ? (historial[0]?.detalle ?? ENTREGAS_MESSAGES.noRecipients) : null,
    rechazados: [],
    creado,
    entregado: estado === 'entregado' ? (historial[0]?.fecha ?? creado) : null,
    ...extra,
    historial,
  };
}

export interface FakeReportesOptions {
  /** Milliseconds every call waits (default 0). */
  delay?: number;
}

const clone = <T>(value: T): T => structuredClone(value);

function findCliente(clientes: readonly Cliente[], value: string): Cliente | undefined {
  const wanted = value.trim().toLocaleLowerCase('es-MX');
  return clientes.find(
    (c) => String(c.id_cliente) === wanted || c.nombre.toLocaleLowerCase('es-MX') === wanted,
  );
}

/**
 * Like the server, a PDF that opens: it starts with `%PDF-` and, standing in for the server's parse, ends
 * with its `%%EOF` marker (a file cut short or merely named .pdf is refused).
 */
async function isPdf(file: Blob): Promise<boolean> {
  const head = new Uint8Array(await file.slice(0, 5).arrayBuffer());
  if (![0x25, 0x50, 0x44, 0x46, 0x2d].every((byte, index) => head[index] === byte)) return false;
  return (await file.slice(Math.max(0, file.size - 1024)).text()).includes('%%EOF');
}

/** Reports the upload progress in four steps over `delay`. */
async function fakeProgress(delay: number, o?: ReportesCallOptions) {
  for (const fraction of [0, 0.25, 0.5, 0.75, 1]) {
    o?.onProgress?.(fraction);
    if (fraction < 1) await wait(delay / 4, o?.signal);
  }
}

export function createFakeReportesPort(
  seed: ReportesSeed = {},
  { delay = 0 }: FakeReportesOptions = {},
): ReportesPort {
  const clientes = clone(seed.clientes ?? demoClientes);
  const reportes = clone(seed.reportes ?? demoReportes(24, clientes));
  const pdfs = new Map<number, Blob>();
  let nextId = Math.max(0, ...reportes.map((r) => r.id_reporte)) + 1;
  const entregas = new Map<number, Entrega[]>(
    Object.entries(clone(seed.entregas ?? {})).map(([id, list]) => [Number(id), list]),
  );
  const transporte = seed.transporte ?? 'smtp';
  const destinatariosOf =
    seed.destinatarios ??
    ((cliente: string) => [`reportes@${cliente.toLowerCase().replace(/\W+/g, '')}.example`]);
  /** The list row carries the state of its latest delivery. */
  const summarize = (report: ReportItem) => {
    const latest = entregas.get(report.id_reporte)?.[0];
    report.entrega = latest ? entregaResumen(latest) : (report.entrega ?? null);
  };
  for (const report of reportes) if (entregas.has(report.id_reporte)) summarize(report);
  /** Like the server: refused without recipients; after earlier deliveries, to those none reached. */
  const enqueue = (report: ReportItem): Entrega => {
    const configured = destinatariosOf(report.cliente);
    if (configured.length === 0) throw new ApiError(409, ENTREGAS_MESSAGES.noRecipients, 'no_recipients');
    const destinatarios = notYetReceived(configured, entregas.get(report.id_reporte) ?? []);
    if (destinatarios.length === 0) throw new ApiError(409, ENTREGAS_MESSAGES.allReceived, 'all_received');
    const entrega = demoEntrega(report.id_reporte, 'en_cola', {
      destinatarios,
      historial: [],
      creado: new Date().toISOString(),
    });
    entregas.set(report.id_reporte, [entrega, ...(entregas.get(report.id_reporte) ?? [])]);
    summarize(report);
    return entrega;
  };

  const pdfOf = async (report: ReportItem): Promise<Blob> => {
    let blob = pdfs.get(report.id_reporte);
    if (!blob) {
      const bytes = await makeSamplePdf({
        title: `Reporte ${report.id}`,
        lines: [
          `Cliente: ${report.cliente}`,
          `Visitador: ${report.visitador}`,
          `Recibido: ${report.fechaRecibido}`,
        ],
        pages: seed.pdfPages ?? 2,
      });
      // Another call may have built it meanwhile: keep the first, so a report has one blob.
      blob = pdfs.get(report.id_reporte) ?? new Blob([bytes], { type: 'application/pdf' });
      pdfs.set(report.id_reporte, blob);
    }
    return blob;
  };
  const byId = (id: number) => reportes.find((r) => r.id_reporte === id);
  const markSent = (report: ReportItem) => {
    if (report.estatus === 'Pendiente') {
      report.estatus = 'Enviado';
      return true;
    }
    return false;
  };

  return {
    async list(cliente, o) {
      await wait(delay, o?.signal);
      const found = findCliente(clientes, cliente);
      if (!found) throw new ApiError(404, REPORTES_MESSAGES.unknownCliente, 'cliente_not_found');
      return clone(reportes.filter((r) => r.cliente === found.nombre));
    },
    async findFolio(folio, o) {
      await wait(delay, o?.signal);
      return clone(withFolio(reportes, folio));
    },
    async pdf(idReporte, o) {
      await wait(delay, o?.signal);
      const report = byId(idReporte);
      if (!report) throw new ApiError(404, REPORTES_MESSAGES.notFound, 'reporte_not_found');
      return pdfOf(report);
    },
    async markSent(ids) {
      await wait(delay);
      if (ids.length === 0) throw new ApiError(422, REPORTES_MESSAGES.noneSelected, 'validation');
      // Like the server: each report once, answered in id order.
      const found = [...new Set(ids)].sort((a, b) => a - b).map(byId);
      if (found.some((r) => r === undefined))
        throw new ApiError(404, REPORTES_MESSAGES.notFound, 'reporte_not_found');
      const changed = (found as ReportItem[]).filter(markSent).length;
      return {
        detail: REPORTES_MESSAGES.marked(changed),
        actualizados: changed,
        reportes: clone(found as ReportItem[]),
      } satisfies MarcarEnviadosResponse;
    },
    async send(idReporte) {
      await wait(delay);
      const report = byId(idReporte);
      if (!report) throw new ApiError(404, REPORTES_MESSAGES.notFound, 'reporte_not_found');
      const latest = entregas.get(idReporte)?.[0];
      if (!latest || latest.estado === 'fallido') enqueue(report);
      markSent(report);
      return clone(report);
    },
    async entregas(idReporte, o) {
      await wait(delay, o?.signal);
      if (!byId(idReporte)) throw new ApiError(404, REPORTES_MESSAGES.notFound, 'reporte_not_found');
      return { entregas: clone(entregas.get(idReporte) ?? []), transporte };
    },
    async retryEntrega(idReporte) {
      await wait(delay);
      const report = byId(idReporte);
      if (!report) throw new ApiError(404, REPORTES_MESSAGES.notFound, 'reporte_not_found');
      const latest = entregas.get(idReporte)?.[0];
      if (!latest) throw new ApiError(404, ENTREGAS_MESSAGES.noDelivery, 'entrega_not_found');
      if (!isRetryable(latest))
        throw new ApiError(409, ENTREGAS_MESSAGES.notRetryable, 'entrega_not_retryable');
      return clone(enqueue(report));
    },
    async downloadPending(cliente, o) {
      await wait(delay, o?.signal);
      const found = findCliente(clientes, cliente);
      if (!found) throw new ApiError(404, REPORTES_MESSAGES.unknownCliente, 'cliente_not_found');
      const pending = reportes.filter((r) => r.cliente === found.nombre && r.estatus === 'Pendiente');
      if (pending.length === 0) throw new ApiError(404, REPORTES_MESSAGES.noPending, 'no_pending_reports');
      o?.onStarted?.();
      // Not a real zip: stories only check that the file is handed over with the server's name.
      return {
        blob: new Blob(await Promise.all(pending.map(pdfOf)), { type: 'application/zip' }),
        fileName: `reportes_pendientes_${found.nombre.replace(/\W+/g, '_')}_20261120.zip`,
      };
    },
    async create(input, o) {
      await fakeProgress(delay, o);
      // The server's order: the body's size, the text fields, the file, then the client.
      if (input.file.size > MAX_REPORT_PDF_BYTES)
        throw new ApiError(413, REPORTES_MESSAGES.pdfTooLarge, 'pdf_too_large');
      const folio = input.folio.trim();
      if (!folio) {
        throw new ApiError(
          422,
          [{ loc: ['body', 'folio'], msg: 'Campo requerido', type: 'too_small' }],
          'validation',
        );
      }
      if (!(await isPdf(input.file))) throw new ApiError(422, REPORTES_MESSAGES.invalidPdf, 'invalid_pdf');
      const cliente = findCliente(clientes, input.cliente);
      if (!cliente) throw new ApiError(422, REPORTES_MESSAGES.unknownCliente, 'cliente_not_found');
      const fecha_recibido = isoDaysAgo(0);
      const created: ReportItem = {
        id: folio,
        id_reporte: nextId++,
        // The folio's latest visitor; '-' (the server's word for none) when the folio has no report yet.
        visitador: reportes.find((r) => r.id === folio)?.visitador ?? '-',
        cliente: cliente.nombre,
        fechaRecibido: toFechaRecibido(fecha_recibido),
        fecha_recibido,
        notas: input.notas.trim(),
        estatus: 'Pendiente',
      };
      reportes.unshift(created);
      pdfs.set(created.id_reporte, input.file);
      return clone(created);
    },
  };
}

/** A port whose every method rejects with 'no implementado' unless overridden. */
export function stubReportesPort(overrides: Partial<ReportesPort> = {}): ReportesPort {
  const missing = (name: string) => () => Promise.reject(new Error(`no implementado: reportes.${name}`));
  return {
    list: missing('list'),
    findFolio: missing('findFolio'),
    pdf: missing('pdf'),
    markSent: missing('markSent'),
    send: missing('send'),
    downloadPending: missing('downloadPending'),
    create: missing('create'),
    entregas: missing('entregas'),
    retryEntrega: missing('retryEntrega'),
    ...overrides,
  };
}
