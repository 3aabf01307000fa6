/**
 * E-mail delivery of reports (rules; SQL in ./repo.ts, the worker in ./worker.ts, the message in ./mail.ts).
 * Sending a report writes its outbox row in the caller's transaction (`enqueueEntrega`), so the status
 * change and the delivery commit together or not at all.
 */
import { randomUUID } from 'node:crypto';
import {
  type ClienteDestinatarios,
  ENTREGAS_MESSAGES,
  type Entrega,
  isRetryable,
  notYetReceived,
  REPORTES_MESSAGES,
  type TransporteModo,
} from '@socio/contracts';
import { audit } from '../../audit';
import type { Db } from '../../db/schema';
import { fail } from '../../domain-errors';
import type { Actor } from '../../session';
import { messageIdDomain } from './mail';
import {
  destinatariosOfReporte,
  type EntregaRow,
  entregasOfReporte,
  findCliente,
  findEntrega,
  insertEntrega,
  latestEntrega,
  listClientes,
  saveDestinatarios,
  withHistory,
} from './repo';

/** Attempts of one delivery before it is given up as 'fallido'. */
export const DEFAULT_MAX_INTENTOS = 6;

/** What enqueueing needs from the mail configuration. */
export interface OutboxSettings {
  /** Sender address; its domain names the Message-IDs. */
  from: string;
  maxIntentos?: number;
}

/** A Message-ID fixed when the outbox row is written: every attempt of that delivery reuses it. */
export function newMessageId(idReporte: number, from: string): string {
  return `<reporte-${idReporte}.${randomUUID()}@${messageIdDomain(from)}>`;
}

/**
 * Writes a delivery of report `idReporte` to the outbox, inside the caller's transaction, to the
 * client's recipients (after earlier deliveries: those none of them reached, see `notYetReceived`). A
 * client without recipients is refused (409, nothing written), so the caller's transaction changes
 * nothing either.
 */
export async function enqueueEntrega(
  trx: Db,
  settings: OutboxSettings,
  idReporte: number,
  actorId: number | null,
  earlier: readonly EntregaRow[] = [],
): Promise<number> {
  const configured = (await destinatariosOfReporte(trx, idReporte)) ?? [];
  if (configured.length === 0) fail('conflict', 'no_recipients', ENTREGAS_MESSAGES.noRecipients);
  const destinatarios = notYetReceived(configured, earlier);
  if (destinatarios.length === 0) fail('conflict', 'all_received', ENTREGAS_MESSAGES.allReceived);
  return insertEntrega(trx, {
    id_reporte: idReporte,
    destinatarios,
    message_id: newMessageId(idReporte, settings.from),
    max_intentos: settings.maxIntentos ?? DEFAULT_MAX_INTENTOS,
    creado_por: actorId,
  });
}

/**
 * Whether 'Enviar reportes' on a report should deliver it: never delivered, or its last delivery
 * failed. One on its way or delivered already (even partly: 'Reintentar' covers the refused
 * recipients) makes sending again harmless.
 */
export async function needsDelivery(trx: Db, idReporte: number): Promise<boolean> {
  const latest = await latestEntrega(trx, idReporte, true);
  return latest === undefined || latest.estado === 'fallido';
}

async function reporteExists(db: Db, id: number): Promise<void> {
  const destinatarios = await destinatariosOfReporte(db, id);
  if (destinatarios === undefined) fail('not_found', 'reporte_not_found', REPORTES_MESSAGES.notFound);
}

/** The deliveries of a report, newest first, each with its attempts. */
export async function entregasDeReporte(db: Db, idReporte: number): Promise<Entrega[]> {
  await reporteExists(db, idReporte);
  return withHistory(db, await entregasOfReporte(db, idReporte));
}

/**
 * 'Reintentar' of a failed delivery, or of a partial one ('entregado a 1 de 2'): a new delivery to the
 * client's recipients of today that have not received the report yet (after a partial one, the refused
 * addresses, or the ones that replaced them in Clientes), so nobody gets it twice.
 */
export async function retryEntrega(
  db: Db,
  settings: OutboxSettings,
  actor: Actor,
  idReporte: number,
): Promise<{ detail: string; entrega: Entrega }> {
  const id = await db.transaction().execute(async (trx) => {
    await reporteExists(trx, idReporte);
    const latest = await latestEntrega(trx, idReporte, true);
    if (!latest) fail('not_found', 'entrega_not_found', ENTREGAS_MESSAGES.noDelivery);
    if (!isRetryable(latest)) fail('conflict', 'entrega_not_retryable', ENTREGAS_MESSAGES.notRetryable);
    const earlier = await entregasOfReporte(trx, idReporte);
    const idEntrega = await enqueueEntrega(trx, settings, idReporte, actor.id, earlier);
    await audit(trx, {
      actorId: actor.id,
      action: 'reporte.reintentar_entrega',
      targetType: 'reporte',
      targetId: idReporte,
      change: { de: latest.id_entrega, a: idEntrega },
      requestId: actor.requestId,
    });
    return idEntrega;
  });
  const row = await findEntrega(db, id);
  if (!row) fail('not_found', 'entrega_not_found', ENTREGAS_MESSAGES.noDelivery);
  const [entrega] = await withHistory(db, [row]);
  if (!entrega) fail('not_found', 'entrega_not_found', ENTREGAS_MESSAGES.noDelivery);
  return { detail: ENTREGAS_MESSAGES.retried, entrega };
}

export async function clientesConDestinatarios(db: Db): Promise<ClienteDestinatarios[]> {
  return listClientes(db);
}

/** Replaces a client's recipients (already validated, lowercased and unique by the route's schema). */
export async function updateDestinatarios(
  db: Db,
  actor: Actor,
  idCliente: number,
  destinatarios: string[],
): Promise<{ detail: string; cliente: ClienteDestinatarios }> {
  await db.transaction().execute(async (trx) => {
    const before = await findCliente(trx, idCliente);
    if (!before) fail('not_found', 'cliente_not_found', ENTREGAS_MESSAGES.clienteNotFound);
    await saveDestinatarios(trx, idCliente, destinatarios);
    await audit(trx, {
      actorId: actor.id,
      action: 'cliente.destinatarios',
      targetType: 'cliente',
      targetId: idCliente,
      change: { destinatarios: { from: before.destinatarios, to: destinatarios } },
      requestId: actor.requestId,
    });
  });
  const cliente = await findCliente(db, idCliente);
  if (!cliente) fail('not_found', 'cliente_not_found', ENTREGAS_MESSAGES.clienteNotFound);
  return { detail: ENTREGAS_MESSAGES.saved, cliente };
}

export function transporte(settings: { transporte: TransporteModo }): { transporte: TransporteModo } {
  return { transporte: settings.transporte };
}
