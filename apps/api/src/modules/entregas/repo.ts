/** SQL of e-mail deliveries (the outbox) and of the clients' recipients. */
import type { Entrega, EtapaEnvio, Rechazo } from '@socio/contracts';
import { sql } from 'kysely';
import { iso, toWireEntregaEstado } from '../../db/fragments';
import type { Db } from '../../db/schema';
import type { EntregaEstadoStored } from '../../db/schema-entregas';
import { readPdf } from '../reportes/pdf-store';

export interface ClienteRow {
  id_cliente: number;
  nombre: string;
  destinatarios: string[];
}

/** Clients with their recipients (none: an empty list). */
function clientesQuery(db: Db) {
  return db
    .selectFrom('clientes as c')
    .leftJoin('cliente_destinatarios as d', 'd.id_cliente', 'c.id_cliente')
    .select([
      'c.id_cliente',
      'c.nombre',
      sql<string[]>`coalesce(d.destinatarios, '{}'::text[])`.as('destinatarios'),
    ]);
}

/** Every client with its recipients, by id. */
export async function listClientes(db: Db): Promise<ClienteRow[]> {
  return clientesQuery(db).orderBy('c.id_cliente').execute();
}

export async function findCliente(db: Db, id: number): Promise<ClienteRow | undefined> {
  return clientesQuery(db).where('c.id_cliente', '=', id).executeTakeFirst();
}

export async function saveDestinatarios(db: Db, id: number, destinatarios: string[]): Promise<void> {
  await db
    .insertInto('cliente_destinatarios')
    .values({ id_cliente: id, destinatarios })
    .onConflict((oc) => oc.column('id_cliente').doUpdateSet({ destinatarios, updated_at: sql`now()` }))
    .execute();
}

/** The recipients of a report's client. */
export async function destinatariosOfReporte(db: Db, idReporte: number): Promise<string[] | undefined> {
  const row = await db
    .selectFrom('reportes as r')
    .leftJoin('cliente_destinatarios as d', 'd.id_cliente', 'r.id_cliente')
    .select(sql<string[]>`coalesce(d.destinatarios, '{}'::text[])`.as('destinatarios'))
    .where('r.id_reporte', '=', idReporte)
    .executeTakeFirst();
  return row?.destinatarios;
}

export interface NewEntrega {
  id_reporte: number;
  destinatarios: string[];
  message_id: string;
  max_intentos: number;
  creado_por: number | null;
  /** 'fallido' at once when there is nobody to send to. */
  estado?: EntregaEstadoStored;
  motivo?: string | null;
}

export async function insertEntrega(db: Db, values: NewEntrega): Promise<number> {
  const row = await db
    .insertInto('entregas')
    .values({
      id_reporte: values.id_reporte,
      destinatarios: values.destinatarios,
      message_id: values.message_id,
      max_intentos: values.max_intentos,
      creado_por: values.creado_por,
      estado: values.estado ?? 'en_cola',
      motivo: values.motivo ?? null,
      bloqueado_hasta: null,
      respuesta: null,
      entregado_at: null,
    })
    .returning('id_entrega')
    .executeTakeFirstOrThrow();
  return row.id_entrega;
}

export interface EntregaRow {
  id_entrega: number;
  id_reporte: number;
  estado: EntregaEstadoStored;
  destinatarios: string[];
  message_id: string;
  intentos: number;
  max_intentos: number;
  siguiente_intento: Date;
  motivo: string | null;
  respuesta: string | null;
  rechazados: Rechazo[];
  created_at: Date;
  entregado_at: Date | null;
}

const ENTREGA_COLUMNS = [
  'id_entrega',
  'id_reporte',
  'estado',
  'destinatarios',
  'message_id',
  'intentos',
  'max_intentos',
  'siguiente_intento',
  'motivo',
  'respuesta',
  'rechazados',
  'created_at',
  'entregado_at',
] as const;

/** The latest delivery of a report, locked for the rest of the transaction when asked. */
export async function latestEntrega(
  db: Db,
  idReporte: number,
  lock = false,
): Promise<EntregaRow | undefined> {
  let q = db
    .selectFrom('entregas')
    .select(ENTREGA_COLUMNS)
    .where('id_reporte', '=', idReporte)
    .orderBy('id_entrega', 'desc')
    .limit(1);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export async function entregasOfReporte(db: Db, idReporte: number): Promise<EntregaRow[]> {
  return db
    .selectFrom('entregas')
    .select(ENTREGA_COLUMNS)
    .where('id_reporte', '=', idReporte)
    .orderBy('id_entrega', 'desc')
    .execute();
}

export async function findEntrega(db: Db, id: number): Promise<EntregaRow | undefined> {
  return db.selectFrom('entregas').select(ENTREGA_COLUMNS).where('id_entrega', '=', id).executeTakeFirst();
}

export interface IntentoRow {
  id_entrega: number;
  intento: number;
  destinatarios: string[];
  resultado: 'entregado' | 'error';
  detalle: string;
  etapa: EtapaEnvio | null;
  rechazados: Rechazo[];
  created_at: Date;
}

export async function intentosOf(db: Db, ids: readonly number[]): Promise<IntentoRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('entrega_intentos')
    .select([
      'id_entrega',
      'intento',
      'destinatarios',
      'resultado',
      'detalle',
      'etapa',
      'rechazados',
      'created_at',
    ])
    .where('id_entrega', 'in', ids)
    .orderBy('id_entrega', 'desc')
    .orderBy('intento', 'desc')
    .execute();
}

/** A claimed delivery with what its message needs. */
export interface ClaimedEntrega {
  id_entrega: number;
  id_reporte: number;
  destinatarios: string[];
  message_id: string;
  intentos: number;
  max_intentos: number;
  /**
   * An earlier attempt wrote the whole message out and never got (or never recorded) the server's
   * answer, so the server may hold this Message-ID already. Only then is a refused repeat a delivery.
   */
  cuerpo_enviado_antes: boolean;
}

/** The stage an attempt stopped at, as recorded (NULL: it never connected). */
export type EtapaRecorded = EtapaEnvio | null;

/**
 * Claims up to `limit` due deliveries for `leaseMs`: queued ones whose time has come, and ones whose
 * previous attempt lost its lease (a worker that died mid-send) while attempts remain (see
 * `failExhausted` for the others). FOR UPDATE SKIP LOCKED: two workers (two API instances) never claim
 * one row; the claim bumps `intentos`, the attempt's fencing token, and clears `etapa`. A taken-over
 * attempt gets its history row here, with the stage it had reached and `interrupted(etapa)` as detail.
 */
export async function claimDue(
  db: Db,
  limit: number,
  leaseMs: number,
  interrupted: (etapa: EtapaRecorded) => string,
): Promise<ClaimedEntrega[]> {
  return db.transaction().execute(async (trx) => {
    const result = await sql<
      Omit<ClaimedEntrega, 'cuerpo_enviado_antes'> & {
        tomado: boolean;
        etapa_previa: EtapaRecorded;
        cuerpo_enviado_antes: boolean;
      }
    >`
      WITH due AS (
        SELECT id_entrega, estado = 'enviando' AS tomado, etapa AS etapa_previa FROM entregas
        WHERE (estado = 'en_cola' AND siguiente_intento <= now())
           OR (estado = 'enviando' AND bloqueado_hasta < now() AND intentos < max_intentos)
        ORDER BY siguiente_intento, id_entrega
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED
      )
      UPDATE entregas e
      SET estado = 'enviando',
          intentos = e.intentos + 1,
          etapa = NULL,
          bloqueado_hasta = now() + make_interval(secs => ${leaseMs / 1000}::double precision)
      FROM due
      WHERE e.id_entrega = due.id_entrega
      RETURNING e.id_entrega, e.id_reporte, e.destinatarios, e.message_id, e.intentos, e.max_intentos,
        due.tomado, due.etapa_previa,
        EXISTS (SELECT 1 FROM entrega_intentos i
                WHERE i.id_entrega = e.id_entrega AND i.etapa = 'cuerpo_enviado') AS cuerpo_enviado_antes`.execute(
      trx,
    );
    const lost = result.rows.filter((r) => r.tomado);
    if (lost.length > 0) {
      await trx
        .insertInto('entrega_intentos')
        .values(
          lost.map((r) => ({
            id_entrega: r.id_entrega,
            intento: r.intentos - 1,
            destinatarios: r.destinatarios,
            resultado: 'error' as const,
            detalle: interrupted(r.etapa_previa),
            etapa: r.etapa_previa,
          })),
        )
        .execute();
    }
    return result.rows.map(({ tomado, etapa_previa, cuerpo_enviado_antes, ...claim }) => ({
      ...claim,
      cuerpo_enviado_antes: cuerpo_enviado_antes || (tomado && etapa_previa === 'cuerpo_enviado'),
    }));
  });
}

/**
 * Records that attempt `intento` got to `etapa`, only while that attempt still holds the row (same
 * fencing token, still 'enviando'): false when a newer attempt took it over (this one must stop).
 */
export async function recordProgress(
  db: Db,
  claim: { id_entrega: number; intento: number },
  etapa: EtapaEnvio,
): Promise<boolean> {
  const updated = await db
    .updateTable('entregas')
    .set({ etapa })
    .where('id_entrega', '=', claim.id_entrega)
    .where('estado', '=', 'enviando')
    .where('intentos', '=', claim.intento)
    .returning('id_entrega')
    .executeTakeFirst();
  return updated !== undefined;
}

/**
 * Gives up the deliveries whose last allowed attempt was interrupted (lease over while 'enviando' with
 * `intentos` at `max_intentos`): 'fallido' with `motivo`, recorded as that attempt's outcome with the
 * stage it had reached, in one statement (when one is). Returns how many. Without it a worker that keeps dying
 * mid-send would be retried forever.
 */
export async function failExhausted(db: Db, motivo: string): Promise<number> {
  // Asked first: nearly every tick finds none, and the write that finds no row cost the first tick after a
  // start, which the first requests wait behind, 33-89 ms of PGlite against ~5 ms for the question (issue 21 item 6).
  const { rows } = await sql<{ agotadas: boolean }>`
    SELECT EXISTS (
      SELECT 1 FROM entregas
      WHERE estado = 'enviando' AND bloqueado_hasta < now() AND intentos >= max_intentos
    ) AS agotadas`.execute(db);
  if (!rows[0]?.agotadas) return 0;
  const result = await sql<{ id_entrega: number }>`
    WITH gone AS (
      UPDATE entregas
      SET estado = 'fallido', motivo = ${motivo}, bloqueado_hasta = NULL
      WHERE estado = 'enviando' AND bloqueado_hasta < now() AND intentos >= max_intentos
      RETURNING id_entrega, intentos, destinatarios, etapa
    )
    INSERT INTO entrega_intentos (id_entrega, intento, destinatarios, resultado, detalle, etapa)
    SELECT id_entrega, intentos, destinatarios, 'error', ${motivo}, etapa FROM gone
    RETURNING id_entrega`.execute(db);
  return result.rows.length;
}

/** How an attempt ended; `etapa` is how far it got, `rechazados` the recipients refused on the way. */
export type Outcome = { etapa: EtapaRecorded; rechazados: Rechazo[] } & (
  | { estado: 'entregado'; respuesta: string }
  | { estado: 'en_cola'; motivo: string; retryInMs: number }
  | { estado: 'fallido'; motivo: string }
);

/**
 * Records the outcome of attempt `intento`, only while that attempt still holds the row (same
 * fencing token, still 'enviando'): returns false when a newer attempt took it over.
 */
export async function recordOutcome(
  db: Db,
  claim: { id_entrega: number; intento: number; destinatarios: string[] },
  outcome: Outcome,
): Promise<boolean> {
  const base = db
    .updateTable('entregas')
    .where('id_entrega', '=', claim.id_entrega)
    .where('estado', '=', 'enviando')
    .where('intentos', '=', claim.intento);
  const rechazados = JSON.stringify(outcome.rechazados);
  const updated =
    outcome.estado === 'entregado'
      ? await base
          .set({
            estado: 'entregado',
            respuesta: outcome.respuesta,
            motivo: null,
            bloqueado_hasta: null,
            etapa: outcome.etapa,
            rechazados,
            entregado_at: sql`now()`,
          })
          .returning('id_entrega')
          .executeTakeFirst()
      : outcome.estado === 'en_cola'
        ? await base
            .set({
              estado: 'en_cola',
              motivo: outcome.motivo,
              bloqueado_hasta: null,
              etapa: outcome.etapa,
              siguiente_intento: sql`now() + make_interval(secs => ${outcome.retryInMs / 1000}::double precision)`,
            })
            .returning('id_entrega')
            .executeTakeFirst()
        : await base
            .set({ estado: 'fallido', motivo: outcome.motivo, bloqueado_hasta: null, etapa: outcome.etapa })
            .returning('id_entrega')
            .executeTakeFirst();
  if (!updated) return false;
  await db
    .insertInto('entrega_intentos')
    .values({
      id_entrega: claim.id_entrega,
      intento: claim.intento,
      destinatarios: claim.destinatarios,
      resultado: outcome.estado === 'entregado' ? 'entregado' : 'error',
      detalle: outcome.estado === 'entregado' ? outcome.respuesta : outcome.motivo,
      etapa: outcome.etapa,
      rechazados,
    })
    .execute();
  return true;
}

/** What the message of a report carries: folio, client and the PDF (undefined once the report is gone). */
export async function reporteForMail(
  db: Db,
  idReporte: number,
): Promise<{ folio: string; cliente: string; pdf: Uint8Array } | undefined> {
  const row = await db
    .selectFrom('reportes as r')
    .innerJoin('clientes as c', 'c.id_cliente', 'r.id_cliente')
    .select(['r.folio', 'c.nombre as cliente', 'r.id_pdf'])
    .where('r.id_reporte', '=', idReporte)
    .executeTakeFirst();
  // The attachment is read part by part (no query moves a whole PDF); the message needs it whole anyway.
  return row && { folio: row.folio, cliente: row.cliente, pdf: await readPdf(db, row.id_pdf) };
}

/** Counts by state (bench, health). */
export async function countByEstado(db: Db): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('entregas')
    .select(['estado', sql<number>`count(*)::int`.as('n')])
    .groupBy('estado')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.estado, r.n]));
}

function toEntrega(row: EntregaRow, historial: Entrega['historial']): Entrega {
  return {
    id_entrega: row.id_entrega,
    id_reporte: row.id_reporte,
    estado: toWireEntregaEstado(row.estado),
    destinatarios: row.destinatarios,
    message_id: row.message_id,
    intentos: row.intentos,
    max_intentos: row.max_intentos,
    siguiente_intento: row.estado === 'en_cola' ? iso(row.siguiente_intento) : null,
    motivo: row.motivo,
    rechazados: row.rechazados,
    creado: iso(row.created_at) ?? '',
    entregado: iso(row.entregado_at),
    historial,
  };
}

/** Deliveries as the wire shows them, each with its attempts (read in one query). */
export async function withHistory(db: Db, rows: EntregaRow[]): Promise<Entrega[]> {
  const intentos = await intentosOf(
    db,
    rows.map((r) => r.id_entrega),
  );
  return rows.map((row) =>
    toEntrega(
      row,
      intentos
        .filter((i) => i.id_entrega === row.id_entrega)
        .map((i) => ({
          intento: i.intento,
          fecha: iso(i.created_at) ?? '',
          destinatarios: i.destinatarios,
          resultado: i.resultado,
          detalle: i.detalle,
          etapa: i.etapa,
          rechazados: i.rechazados,
        })),
    ),
  );
}
