/**
 * Cargas use cases: process (read only), save (one transaction), manual assignment, listing and statistics
 * (a Visitador sees only theirs), status transitions and reassignment. SQL in ./repo.ts.
 */

import { randomUUID } from 'node:crypto';
import {
  type ActiveAssignmentsQuery,
  type ActiveVisitor,
  type AsignacionEstatus,
  type Assignment,
  type AssignmentFilters,
  type AssignmentStats,
  CARGAS_MESSAGES,
  type ConfirmSaveRequest,
  canMoveTo,
  canTransition,
  formatAddress,
  LOAD_TYPES,
  MAX_ROWS_PER_CARGA,
  type ManualAssignment,
  normalizeStateName,
  OPEN_ESTATUS,
  type OpenSaveRequest,
  type OpenSaveResponse,
  ownAssignmentsOnly,
  type ProcessAnswer,
  type ProcessCargaComputedResponse,
  type ProcessCargaResponse,
  type SaveCargaRequest,
  type SaveCargaResponse,
  type SavePartResponse,
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
  deleteLote,
  insertLote,
  lockLote,
  loteFailures,
  loteParts,
  type MessageTemplate,
  markLoteFailures,
  markUnwritten,
  memoryForTheMove,
  moveStagedRows,
  openCheckByProbe,
  recordPart,
  setLoteFile,
  sweepExpiredLotes,
} from './lotes-repo';
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
  setCargaFile,
  visitorLoads,
  type WriteContext,
} from './repo';
import { createRowProcessing, type FolioFields, foliosOf, rulesReader, type SaveFailure } from './rows';
import {
  BODY_PART,
  type BodyFile,
  type BodyStager,
  FeedEnded,
  PartStager,
  replacePart,
  type StagedFeed,
  stageProcessed,
  stagingContext,
} from './staging';

export type { Actor };

/** Most failure reasons returned by a save (the counts are always exact). */
const MAX_FAILURES_LISTED = 1_000;

/**
 * process_carga: validates and proposes visitors. With a `lote` of `actor`'s, the batch's valid rows are also
 * stored as its part `lote.parte` (`stageProcessed`): the wizard's save is then confirmar alone. `answer`: what
 * each answer row carries (`processRows`); what is stored is the same either way.
 */
export async function processCarga(
  db: Db,
  actor: Actor,
  rows: readonly SheetRow[],
  lote?: { id: string; parte: number },
  answerRows?: ProcessAnswer,
): Promise<ProcessCargaResponse | ProcessCargaComputedResponse> {
  const visitors = await visitorLoads(db);
  const reader = rulesReader(rows);
  const openFolios = await findOpenFolios(db, foliosOf(rows, reader));
  // Each valid row's folio fields, for the lote's part (none kept without a lote).
  const fields: FolioFields[] = [];
  // `SAVE_SLICE` rows per turn of the event loop: a request of 100,000 rows held the server 0.25-0.5 s at once.
  const processing = createRowProcessing(
    rows,
    { visitors, openFolios, answer: answerRows, fields: lote === undefined ? undefined : fields },
    reader,
  );
  for (let from = 0; from < rows.length; from += SAVE_SLICE) {
    if (from > 0) await yieldToEventLoop();
    processing.run(from, Math.min(rows.length, from + SAVE_SLICE));
  }
  const answer = processing.answer();
  if (lote === undefined) return answer;
  return { ...answer, staged: await stageProcessed(db, actor.id, lote, answer.processedData, fields) };
}

/** Thrown inside the save transaction to roll it back when nothing could be written. */
class NothingSaved extends Error {}
/** Thrown inside confirmar when the lote's staged rows are fewer than its parts say (lost in a database crash). */
class LoteLost extends Error {}

/** `message(value)` split around its value, for SQL to build: `prefix || value || suffix`. */
function templateOf(message: (value: string) => string): MessageTemplate {
  const marker = '\u0000';
  const [prefix = '', suffix = ''] = message(marker).split(marker);
  return { prefix, suffix };
}

const CONFIRM_MESSAGES = {
  invalidVisitor: templateOf(CARGAS_MESSAGES.invalidVisitor),
  openAssignment: templateOf(CARGAS_MESSAGES.openAssignment),
  duplicate: templateOf(CARGAS_MESSAGES.duplicateInFile),
};

const loteNotFound = (): never => fail('not_found', 'lote_not_found', CARGAS_MESSAGES.loteNotFound);

/** Expired lotes deleted (at start; opening a lote sweeps too). */
export { sweepExpiredLotes };

/** POST save_carga/lotes: opens a staged save of `actor` (expired lotes swept first). */
export async function openLote(db: Db, actor: Actor, meta: OpenSaveRequest): Promise<OpenSaveResponse> {
  await sweepExpiredLotes(db);
  const id = randomUUID();
  await insertLote(db, {
    id,
    actorId: actor.id,
    fileName: meta.fileName,
    loadType: meta.loadType,
    clientDate: meta.date ?? null,
    invalidInFile: meta.invalidCount ?? 0,
  });
  return { id };
}

/**
 * PUT save_carga/lotes/:id/partes/:n: checks the part's rows with save_carga's rules and stages them as part `n`
 * (replacing an earlier copy of it), `SAVE_CHUNK` rows at a time (`PartStager`): only the request's rows not yet
 * reached and one chunk of typed rows are held.
 */
export async function saveLotePart(
  db: Db,
  actor: Actor,
  id: string,
  parte: number,
  processedData: readonly SheetRow[],
): Promise<SavePartResponse> {
  const rows = processedData as Array<SheetRow | null>;
  const total = rows.length;
  const ctx = await stagingContext(db);
  const received = await replacePart(db, actor.id, { id, parte }, async (trx) => {
    const stager = new PartStager(trx, ctx, id, parte);
    const take = (start: number) => {
      const chunk = rows.slice(start, start + SAVE_CHUNK);
      rows.fill(null, start, start + SAVE_CHUNK);
      return chunk;
    };
    let next = take(0);
    for (let start = 0; start < total; start += SAVE_CHUNK) {
      const chunk = next;
      next = take(start + SAVE_CHUNK);
      await stager.stage(chunk, next);
    }
    await stager.done();
    return total;
  });
  return { received: received ?? loteNotFound() };
}

/** DELETE save_carga/lotes/:id: the lote and its rows are gone; 404 when it is not one of `actor`'s. */
export async function discardLote(db: Db, actor: Actor, id: string): Promise<void> {
  if (!(await deleteLote(db, id, actor.id))) loteNotFound();
}

/**
 * What a confirmation's move did inside its transaction: the carga it wrote, of which file, the rows the lote
 * held and those moved.
 */
interface Moved {
  carga: { id_carga: number; fecha: Date };
  file: BodyFile;
  total: number;
  processed: number;
}

/**
 * The rows lote `id` holds, under the lote's lock, after the checks of its parts: refused past
 * `MAX_ROWS_PER_CARGA` or when the wizard's `validCount` differs; `LoteLost` when the staged rows are fewer than
 * its parts say.
 */
async function loteTotal(
  trx: Db,
  id: string,
  validCount?: number,
): Promise<{ parts: number; total: number }> {
  const { parts, staged } = await loteParts(trx, id);
  const total = parts.reduce((sum, p) => sum + p.filas, 0);
  // Parts stored side by side each counted the others' committed rows only: the whole lote is counted here.
  if (total > MAX_ROWS_PER_CARGA) fail('invalid', 'too_many_rows', CARGAS_MESSAGES.tooManyRows);
  // Rows lost with the database's unlogged staging (a crash of the database itself): send the lote again.
  if (staged !== total) throw new LoteLost();
  if (validCount !== undefined && validCount !== total)
    fail('invalid', 'lote_rows_mismatch', CARGAS_MESSAGES.loteRowsMismatch(validCount, total));
  return { parts: parts.length, total };
}

/**
 * One confirmar of lote `id`: ONE transaction in which `move` takes the writers' lock, writes the carga record
 * and moves the lote's candidates into folios and asignaciones; then, in the same transaction, the rows lost to
 * a concurrent writer are failed, the counts and the audit row written and the lote deleted. A crash before the
 * commit leaves nothing. Answers as save_carga: exact counts and the first `MAX_FAILURES_LISTED` failures in
 * file order; nothing written (every row refused) rolls the carga back and deletes the lote. Both ways of
 * confirming (`confirmLote`, the whole lote at once; `confirmWhileStaged`, range by range) go here.
 */
async function runConfirmation(
  db: Db,
  actor: Actor,
  id: string,
  move: (trx: Db, write: (idCarga: number) => WriteContext) => Promise<Moved>,
): Promise<SaveCargaResponse> {
  const estados = await estadoIds(db);
  const idCliente = await clienteOfLoadType(db);
  const write = (idCarga: number): WriteContext => ({
    idCarga,
    idCliente,
    actorId: actor.id,
    estadoIds: estados,
  });
  let idCarga: number | null = null;
  let fecha = new Date();
  let processed = 0;
  let failures: { count: number; first: SaveFailure[] } = { count: 0, first: [] };
  try {
    await db.transaction().execute(async (trx) => {
      const moved = await move(trx, write);
      const { carga, file, total } = moved;
      processed = moved.processed;
      failures = await loteFailures(trx, id, MAX_FAILURES_LISTED);
      if (processed < total - failures.count) {
        await markUnwritten(trx, id, carga.id_carga, CONFIRM_MESSAGES.openAssignment);
        failures = await loteFailures(trx, id, MAX_FAILURES_LISTED);
      }
      // Nothing written (every row refused or lost to a concurrent save): no carga record without assignments.
      if (processed === 0) throw new NothingSaved();
      await setCargaCounts(trx, carga.id_carga, { processed, failed: failures.count });
      await audit(trx, {
        actorId: actor.id,
        requestId: actor.requestId,
        action: 'carga.save',
        targetType: 'carga',
        targetId: String(carga.id_carga),
        change: {
          fileName: file.fileName,
          loadType: file.loadType,
          recordsProcessed: processed,
          recordsFailed: failures.count,
        },
      });
      await deleteLote(trx, id, actor.id);
      idCarga = carga.id_carga;
      fecha = carga.fecha;
    });
    actor.log?.info({ id_carga: idCarga, registros: processed }, 'carga: transacción confirmada');
  } catch (error) {
    if (error instanceof LoteLost) {
      await deleteLote(db, id, actor.id);
      loteNotFound();
    }
    if (!(error instanceof NothingSaved)) throw error;
    processed = 0;
    await deleteLote(db, id, actor.id);
  }
  const failed = failures.count;
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
    failures: failures.first,
  };
}
/**
 * POST save_carga/lotes/:id/confirmar (`runConfirmation`): under the writers' lock and the lote's, the checks only
 * the whole file can make (visitor still active, folio not open now, folio once in the file — in SQL), the carga
 * record, and the lote's candidates moved into folios and asignaciones with set-based INSERT … SELECT, one
 * statement per table for the whole lote (as fast as a COPY of the same rows, where 10,000-row statements took
 * ~1.4× longer). The lote stays until it is confirmed again, discarded or expired when this fails. `file` (the
 * wizard's, which opened the lote before it knew them): the rows the lote must hold — another count is refused,
 * nothing written — and the file's invalid rows and date, which replace those the lote was opened with.
 */
export async function confirmLote(
  db: Db,
  actor: Actor,
  id: string,
  file: ConfirmSaveRequest = {},
): Promise<SaveCargaResponse> {
  return runConfirmation(db, actor, id, async (trx, write) => {
    await lockAssignmentWrites(trx);
    const lote = (await lockLote(trx, id, actor.id)) ?? loteNotFound();
    const { parts, total } = await loteTotal(trx, id, file.validCount);
    actor.log?.info({ filas: total, lote: id }, 'carga: transacción iniciada');
    await memoryForTheMove(trx);
    await markLoteFailures(trx, id, parts, CONFIRM_MESSAGES, {
      probeOpen: await openCheckByProbe(trx, total),
    });
    const cargaFile: BodyFile = {
      fileName: lote.file_name,
      loadType: lote.load_type,
      clientDate: file.date ?? lote.fecha_cliente,
      invalidInFile: file.invalidCount ?? lote.filas_invalidas_archivo,
    };
    const carga = await insertCarga(trx, { ...cargaFile, actorId: actor.id, totalRows: total });
    const processed = await moveStagedRows(trx, id, write(carga.id_carga));
    return { carga, file: cargaFile, total, processed };
  });
}

/**
 * save_carga's one body confirmed while it still arrives (PostgreSQL: the staging writes on other connections of
 * the pool): as soon as the body's lote is opened, the confirmation's transaction takes the writers' lock, writes
 * the carga record (its file's fields are known only at the body's end: set then, `setCargaFile`) and moves the
 * part's rows range by range as their COPYs commit (`StagedFeed`: each range the rows staged since the last one,
 * checked just before it is moved — `markLoteFailures`' range), so the server's parsing, checks and COPYs of the
 * rest of the body run while the database writes the rows already staged, instead of before all of it. The
 * answer, the failures and the database afterwards are those of `confirmLote` on the whole part: the body's
 * checks already refused a folio repeated in it, so no range's folio is an earlier range's.
 *
 * The writers' lock is held from the first range to the commit, as it must (the counter triggers' row locks of
 * the rows moved are held until the commit too; another writer taking them in another order would deadlock):
 * other writers of asignaciones wait while the body arrives. `StagedFeed` bounds that wait for a slow client:
 * past `lockIdleMs` without a new range the transaction rolls back (the lock released) and the body is
 * confirmed as a whole once it has all arrived (`confirmLote`), as on PGlite. A body refused or abandoned rolls
 * the transaction back; the lote is then discarded as before.
 */
export function confirmWhileStaged(
  db: Db,
  actor: Actor,
  id: string,
  feed: StagedFeed,
): Promise<SaveCargaResponse> {
  return runConfirmation(db, actor, id, async (trx, write) => {
    await lockAssignmentWrites(trx);
    if ((await lockLote(trx, id, actor.id, 'share')) === undefined) loteNotFound();
    actor.log?.info({ lote: id }, 'carga: transacción iniciada');
    await memoryForTheMove(trx);
    // The file's fields as the body will say them (set at its end); meanwhile a load type the table accepts.
    const carga = await insertCarga(trx, {
      fileName: '',
      loadType: LOAD_TYPES[0],
      clientDate: null,
      invalidInFile: 0,
      actorId: actor.id,
      totalRows: 0,
    });
    const ctx = write(carga.id_carga);
    let processed = 0;
    for (let range = await feed.next(); range !== null; range = await feed.next()) {
      await markLoteFailures(trx, id, 1, CONFIRM_MESSAGES, { range });
      processed += await moveStagedRows(trx, id, ctx, range);
    }
    const { file, rows } = feed.file();
    await recordPart(trx, id, BODY_PART, rows);
    const { total } = await loteTotal(trx, id);
    await setCargaFile(trx, carga.id_carga, { ...file, totalRows: total });
    return { carga, file, total, processed };
  });
}

/**
 * save_carga (one body): its rows were checked and staged as part 0 of a lote while the body arrived
 * (`BodyStager`) and, on PostgreSQL, moved meanwhile (`confirmWhileStaged`, finished here with the file's
 * fields); otherwise the lote is confirmed now (`confirmLote`): one save logic. The lote is discarded when
 * anything fails before its commit (by the route too, for a body refused); a crash leaves it to expire.
 */
export async function saveCarga(
  db: Db,
  actor: Actor,
  body: SaveCargaRequest,
  rows: BodyStager,
): Promise<SaveCargaResponse> {
  let id: string | null = null;
  try {
    const staged = await rows.finish();
    const file: BodyFile = {
      fileName: body.fileName,
      loadType: body.loadType,
      clientDate: body.date ?? null,
      invalidInFile: body.invalidCount ?? 0,
    };
    if (staged.id === null) id = (await openLote(db, actor, body)).id;
    else {
      id = staged.id;
      if (staged.moving !== null) {
        staged.moving.feed.close(file, staged.rows);
        const answer = await staged.moving.confirmation.catch((error: unknown) => {
          // Given back while the body was slow to arrive: confirmed whole below.
          if (error instanceof FeedEnded && error.idle) return null;
          throw error;
        });
        if (answer !== null) return answer;
      }
      await setLoteFile(db, id, file);
      await recordPart(db, id, BODY_PART, staged.rows);
    }
    return await confirmLote(db, actor, id);
  } catch (error) {
    if (id !== null) await deleteLote(db, id, actor.id).catch(() => undefined);
    throw error;
  }
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
