/**
 * Cargas use cases: process (read only), save (one transaction), manual assignment, listing and statistics
 * (a Visitador sees only theirs), status transitions and reassignment. SQL in ./repo.ts.
 */
import {
  type ActiveAssignmentsQuery,
  type ActiveVisitor,
  type AsignacionEstatus,
  type Assignment,
  type AssignmentFilters,
  type AssignmentStats,
  CARGAS_MESSAGES,
  canMoveTo,
  canTransition,
  formatAddress,
  type ManualAssignment,
  normalizeStateName,
  OPEN_ESTATUS,
  ownAssignmentsOnly,
  type ProcessCargaResponse,
  type SaveCargaRequest,
  type SaveCargaResponse,
  type SheetRow,
} from '@socio/contracts';
import { audit } from '../../audit';
import type { Db } from '../../db/schema';
import { fail } from '../../domain-errors';
import { yieldToEventLoop } from '../../lib/event-loop';
import type { Actor } from '../../session';
import { clienteOfLoadType } from '../catalogos/service';
import { findActiveVisitador } from '../users/service';
import { filteredStats, hasFilters, listFilteredAssignments } from './filters-repo';
import {
  assignmentStats,
  completionSince,
  estadoIds,
  findAssignment,
  findOpenFolios,
  insertCarga,
  insertFoliosAndAssignments,
  type ListOptions,
  listActiveVisitors,
  listAssignments,
  lockAssignment,
  lockAssignmentWrites,
  SAVE_CHUNK,
  SAVE_SLICE,
  setAssignmentStatus,
  setAssignmentVisitor,
  setCargaCounts,
  visitorLoads,
} from './repo';
import {
  createSaveChecker,
  type FolioFields,
  foliosOf,
  processRows,
  type SaveCandidate,
  type SaveFailure,
} from './rows';

export type { Actor };

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
 * in ONE transaction, `SAVE_CHUNK` rows at a time (multi-row statements). Each chunk's rows are checked
 * `SAVE_SLICE` at a time with a turn of the event loop between slices (other requests — /api/health —
 * are answered while a 100,000-row save runs, also on PGlite where a query may settle without one), and
 * handed over as checked: the request's rows are released one chunk after another instead of living until
 * the answer. Folios already open — found per chunk under the writers' lock, or lost to a concurrent save
 * through the unique index — are counted as failed with their reason.
 */
export async function saveCarga(db: Db, actor: Actor, body: SaveCargaRequest): Promise<SaveCargaResponse> {
  const rows = body.processedData as Array<SheetRow | null>;
  const total = rows.length;
  const visitors = await listActiveVisitors(db);
  const openFolios = new Set<string>();
  const check = createSaveChecker(rows as SheetRow[], {
    activeVisitors: new Set(visitors.map((v) => v.id_usuario)),
    openFolios,
  });
  const estados = await estadoIds(db);
  const idCliente = await clienteOfLoadType(db);

  let idCarga: number | null = null;
  let fecha = new Date();
  let processed = 0;
  /** Rows refused by the checks, in file order; then the folios lost to a concurrent save. */
  const failures: SaveFailure[] = [];
  const lost: SaveFailure[] = [];
  try {
    await db.transaction().execute(async (trx) => {
      await lockAssignmentWrites(trx);
      actor.log?.info({ filas: total }, 'carga: transacción iniciada');
      const carga = await insertCarga(trx, {
        fileName: body.fileName,
        loadType: body.loadType,
        actorId: actor.id,
        clientDate: body.date ?? null,
        totalRows: total,
        invalidInFile: body.invalidCount ?? 0,
      });
      const ctx = { idCarga: carga.id_carga, idCliente, actorId: actor.id, estadoIds: estados };
      for (let start = 0; start < total; start += SAVE_CHUNK) {
        const slice = rows.slice(start, start + SAVE_CHUNK) as SheetRow[];
        for (const folio of await findOpenFolios(trx, foliosOf(slice))) openFolios.add(folio);
        const chunk: SaveCandidate[] = [];
        for (let i = 0; i < slice.length; i++) {
          if (i % SAVE_SLICE === 0) await yieldToEventLoop();
          const result = check(slice[i]!);
          rows[start + i] = null;
          if (result.ok) chunk.push(result.candidate);
          else failures.push(result.failure);
        }
        slice.length = 0;
        await yieldToEventLoop();
        const inserted = await insertFoliosAndAssignments(trx, chunk, ctx);
        processed += inserted.length;
        if (inserted.length < chunk.length) {
          const done = new Set(inserted.map((r) => r.folio));
          for (const c of chunk) {
            if (!done.has(c.fields.folio)) {
              lost.push({
                row_index: c.rowIndex,
                id_folio: c.fields.folio,
                reason: CARGAS_MESSAGES.openAssignment(c.fields.folio),
              });
            }
          }
        }
      }
      failures.push(...lost);
      // Nothing written (every row refused or lost to a concurrent save): no carga record without assignments.
      if (processed === 0) throw new NothingSaved();
      await setCargaCounts(trx, carga.id_carga, { processed, failed: failures.length });
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
          recordsFailed: failures.length,
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
  const failed = failures.length;
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
    failures: failures.slice(0, MAX_FAILURES_LISTED),
  };
}

/** save_manual_assignment: one folio assigned to a chosen active Visitador. */
export async function saveManualAssignment(
  db: Db,
  actor: Actor,
  input: ManualAssignment,
): Promise<{ id_asignacion: number }> {
  const visitor = await findActiveVisitador(db, input.visitor_id);
  if (!visitor) fail('invalid', 'invalid_visitor', CARGAS_MESSAGES.invalidVisitor(String(input.visitor_id)));

  const rawState = input.estado ?? input.state_of_folio ?? null;
  const estado = rawState === null ? null : normalizeStateName(rawState);
  if (rawState !== null && estado === null)
    fail('invalid', 'unknown_state', CARGAS_MESSAGES.unknownState(rawState));

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
  if (open.size > 0) fail('conflict', 'folio_open_assignment', CARGAS_MESSAGES.openAssignment(folio));
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
    if (!row) fail('conflict', 'folio_open_assignment', CARGAS_MESSAGES.openAssignment(folio));
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

/** Only their own assignments for a Visitador (undefined: everybody's, for staff). */
function ownerOf(actor: Pick<Actor, 'id' | 'rol'>): number | undefined {
  return ownAssignmentsOnly(actor.rol) ? actor.id : undefined;
}

export async function activeVisitors(db: Db): Promise<ActiveVisitor[]> {
  return listActiveVisitors(db);
}

/** One page of assignments; a Visitador's are only theirs. */
export async function assignmentsPage(
  db: Db,
  actor: Pick<Actor, 'id' | 'rol'>,
  query: ActiveAssignmentsQuery,
  options?: ListOptions,
) {
  if (hasFilters(query)) return listFilteredAssignments(db, query, ownerOf(actor));
  return listAssignments(db, query, ownerOf(actor), options);
}

/** Counts per status, of one visitor when given (the dashboard's cards read them too). */
export { assignmentStats };

/** Counts per status; a Visitador's are only theirs. */
export async function assignmentStatistics(
  db: Db,
  actor: Pick<Actor, 'id' | 'rol'>,
  filters: AssignmentFilters = {},
): Promise<AssignmentStats> {
  if (hasFilters(filters)) return filteredStats(db, filters, ownerOf(actor));
  return assignmentStats(db, ownerOf(actor));
}

/**
 * Completed among the assignments made in the 30 days before `now` (of one visitor when given), cancelled ones
 * excluded: 0–100 with one decimal; 0 when there are none. The users statistics and the dashboard share it.
 */
export async function completionLast30Days(db: Db, now: Date, visitorId?: number): Promise<number> {
  const { total, completed } = await completionSince(
    db,
    new Date(now.getTime() - 30 * 86_400_000),
    visitorId,
  );
  return total === 0 ? 0 : Math.round((1000 * completed) / total) / 10;
}

const OPEN_STATUSES: ReadonlySet<AsignacionEstatus> = new Set(OPEN_ESTATUS);

async function assignmentOrFail(db: Db, id: number): Promise<Assignment> {
  const found = await findAssignment(db, id);
  if (!found) fail('not_found', 'assignment_not_found', CARGAS_MESSAGES.assignmentNotFound);
  return found;
}

/**
 * PATCH asignaciones/{id}: asignada → agendada → completada, any open → cancelada; else a conflict.
 * A Visitador may only schedule or complete their own assignments (forbidden otherwise).
 */
export async function changeAssignmentStatus(
  db: Db,
  actor: Actor,
  id: number,
  to: AsignacionEstatus,
): Promise<Assignment> {
  await db.transaction().execute(async (trx) => {
    await lockAssignmentWrites(trx);
    const current = await lockAssignment(trx, id);
    if (!current) fail('not_found', 'assignment_not_found', CARGAS_MESSAGES.assignmentNotFound);
    if (ownAssignmentsOnly(actor.rol) && current.id_usuario !== actor.id) {
      fail('forbidden', 'not_your_assignment', CARGAS_MESSAGES.notYourAssignment);
    }
    if (!canMoveTo(actor.rol, to)) fail('forbidden', 'visitor_transition', CARGAS_MESSAGES.visitorTransition);
    const from = current.estatus;
    if (!canTransition(from, to))
      fail('conflict', 'transition_not_allowed', CARGAS_MESSAGES.transition(from, to));
    await setAssignmentStatus(trx, id, to);
    await audit(trx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'asignacion.estatus',
      targetType: 'asignacion',
      targetId: String(id),
      change: { estatus: { from, to } },
    });
  });
  return assignmentOrFail(db, id);
}

/**
 * PUT asignaciones/{id}/visitador: gives an open assignment to another active Visitador of the assignment's
 * state (any active Visitador when the assignment has no state). Serialised with the other writers of
 * asignaciones and the row locked, so two reassignments or a reassignment and a status change never interleave.
 */
export async function reassignAssignment(
  db: Db,
  actor: Actor,
  id: number,
  visitorId: number,
): Promise<Assignment> {
  await db.transaction().execute(async (trx) => {
    await lockAssignmentWrites(trx);
    const current = await lockAssignment(trx, id);
    if (!current) fail('not_found', 'assignment_not_found', CARGAS_MESSAGES.assignmentNotFound);
    if (!OPEN_STATUSES.has(current.estatus))
      fail('conflict', 'assignment_closed', CARGAS_MESSAGES.reassignClosed(current.estatus));
    if (current.id_usuario === visitorId)
      fail('conflict', 'same_visitor', CARGAS_MESSAGES.reassignSameVisitor);
    const visitor = await findActiveVisitador(trx, visitorId);
    if (!visitor) fail('invalid', 'invalid_visitor', CARGAS_MESSAGES.invalidVisitor(String(visitorId)));
    if (current.id_estado !== null && visitor.id_estado !== current.id_estado) {
      fail(
        'invalid',
        'visitor_other_state',
        CARGAS_MESSAGES.reassignOtherState(current.estado ?? String(current.id_estado)),
      );
    }
    const changed = await setAssignmentVisitor(trx, id, current.id_usuario, visitorId);
    if (!changed) fail('conflict', 'assignment_closed', CARGAS_MESSAGES.reassignClosed(current.estatus));
    await audit(trx, {
      actorId: actor.id,
      requestId: actor.requestId,
      action: 'asignacion.reasignar',
      targetType: 'asignacion',
      targetId: String(id),
      change: { id_usuario: { from: current.id_usuario, to: visitorId } },
    });
  });
  return assignmentOrFail(db, id);
}
