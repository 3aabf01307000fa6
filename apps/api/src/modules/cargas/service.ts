/** Cargas use cases: process (read only), save (one transaction), manual assignment, status transitions. */
import {
  type AsignacionEstatus,
  type Assignment,
  CARGAS_MESSAGES,
  canTransition,
  formatAddress,
  type ManualAssignment,
  normalizeStateName,
  type ProcessCargaResponse,
  type SaveCargaRequest,
  type SaveCargaResponse,
  type SheetRow,
} from '@socio/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { audit } from '../../audit';
import type { Database } from '../../db/schema';
import { httpError } from '../../http/errors';
import {
  clienteOfLoadType,
  estadoIds,
  findAssignment,
  findOpenFolios,
  insertFoliosAndAssignments,
  listActiveVisitors,
  lockAssignmentWrites,
  visitorLoads,
} from './repo';
import { checkSaveRows, type FolioFields, foliosOf, processRows, type SaveFailure } from './rows';

type Db = Kysely<Database>;

/** Who writes, for the audit log; `log` receives progress of long writes. */
export interface Actor {
  id: number;
  requestId?: string;
  log?: Pick<FastifyBaseLogger, 'info'>;
}

/** Most failure reasons returned by a save (the counts are always exact). */
const MAX_FAILURES_LISTED = 1_000;

/** process_carga: validates and proposes visitors; writes nothing. */
export async function processCarga(db: Db, rows: readonly SheetRow[]): Promise<ProcessCargaResponse> {
  const visitors = await visitorLoads(db);
  const openFolios = await findOpenFolios(db, foliosOf(rows));
  return processRows(rows, { visitors, openFolios });
}

/** Thrown inside the save transaction to roll it back when nothing could be written. */
class NothingSaved extends Error {}

/**
 * save_carga: re-checks every row and visitor, then writes the carga record, the folios and their assignments
 * in ONE transaction (multi-row statements in chunks). Folios already open — known before or lost to a
 * concurrent save through the unique index — are counted as failed with their reason.
 */
export async function saveCarga(db: Db, actor: Actor, body: SaveCargaRequest): Promise<SaveCargaResponse> {
  const rows = body.processedData as SheetRow[];
  const visitors = await listActiveVisitors(db);
  const openFolios = await findOpenFolios(db, foliosOf(rows));
  const { candidates, failures } = checkSaveRows(rows, {
    activeVisitors: new Set(visitors.map((v) => v.id_usuario)),
    openFolios,
  });
  const estados = await estadoIds(db);
  const idCliente = await clienteOfLoadType(db);

  let idCarga: number | null = null;
  let fecha = new Date();
  let processed = 0;
  const allFailures: SaveFailure[] = [...failures];
  try {
    await db.transaction().execute(async (trx) => {
      await lockAssignmentWrites(trx);
      actor.log?.info({ filas: candidates.length }, 'carga: transacción iniciada');
      const carga = await trx
        .insertInto('cargas')
        .values({
          file_name: body.fileName,
          load_type: body.loadType,
          id_usuario: actor.id,
          fecha_cliente: body.date ?? null,
          total_filas: rows.length,
          filas_invalidas_archivo: body.invalidCount ?? 0,
        })
        .returning(['id_carga', 'fecha'])
        .executeTakeFirstOrThrow();
      const inserted = await insertFoliosAndAssignments(trx, candidates, {
        idCarga: carga.id_carga,
        idCliente,
        actorId: actor.id,
        estadoIds: estados,
      });
      if (inserted.length < candidates.length) {
        const done = new Set(inserted.map((r) => r.folio));
        for (const c of candidates) {
          if (!done.has(c.fields.folio)) {
            allFailures.push({
              row_index: c.rowIndex,
              id_folio: c.fields.folio,
              reason: CARGAS_MESSAGES.openAssignment(c.fields.folio),
            });
          }
        }
      }
      // Nothing written (every folio lost to a concurrent save): no carga record without assignments.
      if (inserted.length === 0) throw new NothingSaved();
      processed = inserted.length;
      await trx
        .updateTable('cargas')
        .set({ registros_procesados: processed, registros_fallidos: allFailures.length })
        .where('id_carga', '=', carga.id_carga)
        .execute();
      await audit(trx, {
        actorId: actor.id,
        requestId: actor.requestId,
        action: 'carga.save',
        targetType: 'carga',
        targetId: String(carga.id_carga),
        change: {
          fileName: body.fileName,
          loadType: body.loadType,
          recordsProcessed: processed,
          recordsFailed: allFailures.length,
        },
      });
      idCarga = carga.id_carga;
      fecha = carga.fecha;
    });
    actor.log?.info({ id_carga: idCarga, registros: processed }, 'carga: transacción confirmada');
  } catch (error) {
    if (!(error instanceof NothingSaved)) throw error;
    processed = 0;
  }
  const failed = allFailures.length;
  let message: string;
  if (processed === 0) message = 'No se guardó ningún registro';
  else if (failed === 0) message = CARGAS_MESSAGES.saved(processed);
  else message = CARGAS_MESSAGES.savedPartial(processed, failed);
  return {
    success: processed > 0,
    message,
    date: fecha.toISOString(),
    recordsProcessed: processed,
    recordsFailed: failed,
    id_carga: idCarga,
    failures: allFailures.slice(0, MAX_FAILURES_LISTED),
  };
}

/** save_manual_assignment: one folio assigned to a chosen active Visitador. */
export async function saveManualAssignment(
  db: Db,
  actor: Actor,
  input: ManualAssignment,
): Promise<{ id_asignacion: number }> {
  const visitor = await db
    .selectFrom('usuarios')
    .select('id_usuario')
    .where('id_usuario', '=', input.visitor_id)
    .where('rol', '=', 'visitador')
    .where('estatus', '=', 'activo')
    .executeTakeFirst();
  if (!visitor) httpError(422, CARGAS_MESSAGES.invalidVisitor(String(input.visitor_id)));

  const rawState = input.estado ?? input.state_of_folio ?? null;
  const estado = rawState === null ? null : normalizeStateName(rawState);
  if (rawState !== null && estado === null) httpError(422, CARGAS_MESSAGES.unknownState(rawState));

  const folio = input.folio;
  const fields: FolioFields = {
    folio,
    calle: input.calle ?? null,
    colonia: input.colonia ?? null,
    ciudad: input.ciudad ?? null,
    estado,
    codigo_postal: input.codigo_postal ?? null,
    tel1: input.tel1,
    tel2: input.tel2 ?? null,
    tel3: input.tel3 ?? null,
    tel4: input.tel4 ?? null,
    nombre_alumno: input.nombre_alumno,
    campus_ingreso: input.campus_ingreso,
    correo_alumno: input.correo_alumno,
    nombre_padre: input.nombre_padre ?? null,
    correo_padre: input.correo_padre ?? null,
    nombre_madre: input.nombre_madre ?? null,
    correo_madre: input.correo_madre ?? null,
    solicitud_email: input.solicitud_email ?? null,
    dia_agendo_crm: input.dia_agendo_crm ?? null,
    direccion: formatAddress({
      calle: input.calle,
      colonia: input.colonia,
      ciudad: input.ciudad,
      estado,
      codigo_postal: input.codigo_postal,
    }),
    extra: null,
  };
  const open = await findOpenFolios(db, [folio]);
  if (open.size > 0) httpError(409, CARGAS_MESSAGES.openAssignment(folio));
  const estados = await estadoIds(db);
  const idCliente = await clienteOfLoadType(db);
  return db.transaction().execute(async (trx) => {
    await lockAssignmentWrites(trx);
    const inserted = await insertFoliosAndAssignments(
      trx,
      [{ rowIndex: null, fields, visitorId: input.visitor_id }],
      { idCarga: null, idCliente, actorId: actor.id, estadoIds: estados },
    );
    const row = inserted[0];
    if (!row) httpError(409, CARGAS_MESSAGES.openAssignment(folio));
    await audit(trx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'asignacion.create_manual',
      targetType: 'asignacion',
      targetId: String(row.id_asignacion),
      change: { folio, visitor_id: input.visitor_id, estado },
    });
    return { id_asignacion: row.id_asignacion };
  });
}

/** PATCH asignaciones/{id}: asignada → agendada → completada, any open → cancelada; else 409. */
export async function changeAssignmentStatus(
  db: Db,
  actor: Actor,
  id: number,
  to: AsignacionEstatus,
): Promise<Assignment> {
  await db.transaction().execute(async (trx) => {
    await lockAssignmentWrites(trx);
    const current = await trx
      .selectFrom('asignaciones')
      .select(['estatus'])
      .where('id_asignacion', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!current) httpError(404, CARGAS_MESSAGES.assignmentNotFound);
    const from = current.estatus as AsignacionEstatus;
    if (!canTransition(from, to)) httpError(409, CARGAS_MESSAGES.transition(from, to));
    const stamp = {
      agendada: 'fecha_agendada',
      completada: 'fecha_completada',
      cancelada: 'fecha_cancelada',
      asignada: null,
    }[to];
    await trx
      .updateTable('asignaciones')
      .set({ estatus: to, ...(stamp ? { [stamp]: sql`now()` } : {}) })
      .where('id_asignacion', '=', id)
      .execute();
    await audit(trx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'asignacion.estatus',
      targetType: 'asignacion',
      targetId: String(id),
      change: { estatus: { from, to } },
    });
  });
  const updated = await findAssignment(db, id);
  if (!updated) httpError(404, CARGAS_MESSAGES.assignmentNotFound);
  return updated;
}
