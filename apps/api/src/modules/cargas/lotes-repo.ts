/**
 * SQL of staged saves (lotes, migration 0012): a lote's parts are checked rows kept in `carga_lote_filas`;
 * confirmar moves them into folios and asignaciones with set-based statements (INSERT … SELECT).
 */
import { OPEN_ESTATUS, PRODUCTO_TEC_MTY, VISITOR_ROLE_STORED } from '@socio/contracts';
import { sql } from 'kysely';
import { CopyBuffer, copyChunks, copyField } from '../../db/copy';
import type { Db } from '../../db/schema';
import { yieldToEventLoop } from '../../lib/event-loop';
import { FOLIO_UPSERT, SAVE_SLICE, type WriteContext } from './repo';
import type { FolioFields } from './rows';

/** What a lote keeps of its file until confirmar. */
export interface LoteRecord {
  id_lote: string;
  file_name: string;
  load_type: string;
  fecha_cliente: string | null;
  filas_invalidas_archivo: number;
}

/** One staged row: a candidate (`motivo` null, fields and visitor set) or a failure with its reason. */
export interface StagedRow {
  row_index: number | null;
  folio: string | null;
  motivo: string | null;
  id_usuario: number | null;
  id_estado: number | null;
  fields: FolioFields | null;
}

/**
 * Deletes the lotes past their expiry (their staged rows go with them: 0013's trigger): an abandoned lote never stays.
 * Asks first (carga_lotes_expira's index): most sweeps find none, and the DELETE that finds no row still cost the
 * server's start 90-270 ms of PGlite (its first write, cold) against 10-40 ms for the question (issue 21 item 6).
 */
export async function sweepExpiredLotes(db: Db): Promise<number> {
  const { rows } = await sql<{ vencidos: boolean }>`
    SELECT EXISTS (SELECT 1 FROM carga_lotes WHERE expira < now()) AS vencidos`.execute(db);
  if (!rows[0]?.vencidos) return 0;
  const { numAffectedRows } = await sql`DELETE FROM carga_lotes WHERE expira < now()`.execute(db);
  return Number(numAffectedRows ?? 0);
}

export async function insertLote(
  db: Db,
  lote: {
    id: string;
    actorId: number;
    fileName: string;
    loadType: string;
    clientDate: string | null;
    invalidInFile: number;
  },
): Promise<void> {
  await sql`
    INSERT INTO carga_lotes (id_lote, id_usuario, file_name, load_type, fecha_cliente, filas_invalidas_archivo)
    VALUES (${lote.id}::uuid, ${lote.actorId}, ${lote.fileName}, ${lote.loadType}, ${lote.clientDate},
      ${lote.invalidInFile})`.execute(db);
}

/** What save_carga's body says of its file, once all of it was read (its rows were staged as they arrived). */
export async function setLoteFile(
  db: Db,
  id: string,
  file: { fileName: string; loadType: string; clientDate: string | null; invalidInFile: number },
): Promise<void> {
  await sql`
    UPDATE carga_lotes SET file_name = ${file.fileName}, load_type = ${file.loadType},
      fecha_cliente = ${file.clientDate}, filas_invalidas_archivo = ${file.invalidInFile}
    WHERE id_lote = ${id}::uuid`.execute(db);
}

/**
 * The lote `id` of `actorId`, not expired, locked for the rest of the transaction; undefined when there is none.
 * `update` (confirmar): nothing else touches the lote meanwhile. `share` (a part): parts of one lote are stored
 * side by side (each part's own rows, `lockPart`), while confirmar, a discard or the expiry sweep wait for them.
 */
export async function lockLote(
  db: Db,
  id: string,
  actorId: number,
  mode: 'update' | 'share' = 'update',
): Promise<LoteRecord | undefined> {
  const { rows } = await sql<LoteRecord>`
    SELECT id_lote, file_name, load_type, fecha_cliente, filas_invalidas_archivo FROM carga_lotes
    WHERE id_lote = ${id}::uuid AND id_usuario = ${actorId} AND expira >= now()
    FOR ${sql.raw(mode === 'update' ? 'UPDATE' : 'SHARE')}`.execute(db);
  return rows[0];
}

/**
 * Part `parte` of lote `id` for the rest of the transaction: the same part sent twice at once (a retry while the
 * first is still stored) is stored one after the other, so it replaces itself instead of doubling.
 */
export async function lockPart(db: Db, id: string, parte: number): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${id}), ${parte})`.execute(db);
}

/** Deletes the lote `id` of `actorId` with its rows (0013's trigger); whether there was one. */
export async function deleteLote(db: Db, id: string, actorId: number): Promise<boolean> {
  const { numAffectedRows } = await sql`
    DELETE FROM carga_lotes WHERE id_lote = ${id}::uuid AND id_usuario = ${actorId}`.execute(db);
  return Number(numAffectedRows ?? 0) > 0;
}

/** Removes the rows of part `parte` of a lote (a part sent again replaces itself). */
export async function clearPart(db: Db, id: string, parte: number): Promise<void> {
  await sql`DELETE FROM carga_lote_filas WHERE id_lote = ${id}::uuid AND parte = ${parte}`.execute(db);
}

/** The staging table's columns, in the order `stageRows` writes them. */
const STAGED_COLUMNS = `carga_lote_filas (id_lote, parte, ord, row_index, folio, motivo, id_usuario, id_estado,
  calle, colonia, ciudad, estado, codigo_postal, tel1, tel2, tel3, tel4, nombre_alumno, campus_ingreso,
  correo_alumno, nombre_padre, correo_padre, nombre_madre, correo_madre, solicitud_email, dia_agendo_crm,
  direccion, extra)`;

/**
 * Stages `rows` (one chunk of part `parte`, the part's rows `ord`, `ord + 1`, …) with ONE `COPY … FROM STDIN`
 * (text format: no parameter per value, nothing parsed as JSON on the server); the caller bounds the chunk
 * (`SAVE_CHUNK` rows, or one process_carga batch). The COPY's data is encoded line after line straight into
 * one buffer (`CopyBuffer`; `SAVE_SLICE` rows per turn of the event loop).
 */
export async function stageRows(
  db: Db,
  id: string,
  parte: number,
  ord: number,
  rows: StagedRow[],
): Promise<void> {
  if (rows.length === 0) return;
  const head = `${id}\t${parte}\t`;
  const data = new CopyBuffer();
  for (let i = 0; i < rows.length; i++) {
    if (i % SAVE_SLICE === 0 && i > 0) await yieldToEventLoop();
    data.line(stagedLine(head, ord + i, rows[i]!));
  }
  await copyChunks(db, STAGED_COLUMNS, data.chunks());
  await yieldToEventLoop();
}

/** One staged row as a line of COPY text (`head`: the lote's and part's fields). */
function stagedLine(head: string, ord: number, r: StagedRow): string {
  const f = r.fields;
  const line = `${head}${ord}\t${copyField(r.row_index)}\t${copyField(r.folio)}\t${copyField(r.motivo)}\t${copyField(r.id_usuario)}\t${copyField(r.id_estado)}`;
  if (f === null) return `${line}${NO_FIELDS}\n`;
  return `${line}\t${copyField(f.calle)}\t${copyField(f.colonia)}\t${copyField(f.ciudad)}\t${copyField(f.estado)}\t${copyField(f.codigo_postal)}\t${copyField(f.tel1)}\t${copyField(f.tel2)}\t${copyField(f.tel3)}\t${copyField(f.tel4)}\t${copyField(f.nombre_alumno)}\t${copyField(f.campus_ingreso)}\t${copyField(f.correo_alumno)}\t${copyField(f.nombre_padre)}\t${copyField(f.correo_padre)}\t${copyField(f.nombre_madre)}\t${copyField(f.correo_madre)}\t${copyField(f.solicitud_email)}\t${copyField(f.dia_agendo_crm)}\t${copyField(f.direccion)}\t${copyField(f.extra === null ? null : JSON.stringify(f.extra))}\n`;
}

/**
 * Stages the chunks of part `parte` one after another (`add`), each while the caller checks the next: a chunk's
 * COPY is sent, and the database writes it as the next chunk is checked (the two overlap instead of taking
 * turns). At most one chunk is in flight; `done` waits for the last. A failed COPY is thrown by the next `add`
 * or by `done`. `written`: told, once each COPY committed, the part's rows staged so far (`ord` below `end`);
 * `done` resolves after it was told.
 */
export function createStager(db: Db, id: string, parte: number, written?: (end: number) => void) {
  let pending: Promise<void> = Promise.resolve();
  return {
    async add(ord: number, rows: StagedRow[]): Promise<void> {
      await pending;
      const end = ord + rows.length;
      const copy = stageRows(db, id, parte, ord, rows);
      const next = written === undefined ? copy : copy.then(() => written(end));
      // Awaited by the next add or by done; until then its failure is not an unhandled rejection.
      next.catch(() => undefined);
      pending = next;
    },
    done(): Promise<void> {
      return pending;
    },
  };
}

/** The 20 folio columns of a failed row: all null. */
const NO_FIELDS = '\t\\N'.repeat(20);

/** Records that part `parte` holds `filas` rows; returns the rows the whole lote holds afterwards. */
export async function recordPart(db: Db, id: string, parte: number, filas: number): Promise<number> {
  const { rows: total } = await sql<{ n: number }>`
    WITH p AS (
      INSERT INTO carga_lote_partes (id_lote, parte, filas) VALUES (${id}::uuid, ${parte}, ${filas})
      ON CONFLICT (id_lote, parte) DO UPDATE SET filas = EXCLUDED.filas
      RETURNING parte, filas
    )
    SELECT ((SELECT coalesce(sum(filas), 0) FROM carga_lote_partes WHERE id_lote = ${id}::uuid AND parte <> ${parte})
      + (SELECT filas FROM p))::int AS n`.execute(db);
  return Number(total[0]?.n ?? 0);
}

/** Parts of a lote in file order with their row counts, and the rows actually staged (they agree unless the
 * database lost its unlogged rows in a crash). */
export async function loteParts(
  db: Db,
  id: string,
): Promise<{ parts: Array<{ parte: number; filas: number }>; staged: number }> {
  const { rows: parts } = await sql<{ parte: number; filas: number }>`
    SELECT parte, filas FROM carga_lote_partes WHERE id_lote = ${id}::uuid ORDER BY parte`.execute(db);
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM carga_lote_filas WHERE id_lote = ${id}::uuid`.execute(db);
  return { parts, staged: Number(rows[0]?.n ?? 0) };
}

/** A message of one value split around it, so SQL can build it: `prefix || value || suffix`. */
export interface MessageTemplate {
  prefix: string;
  suffix: string;
}

/** `work_mem` of a confirmar's transaction (`memoryForTheMove`). */
export const MOVE_WORK_MEM = '64MB';

/**
 * Memory for the sorts and hashes of a confirmar (for the rest of the transaction): its statements sort and hash
 * the whole lote (file order, folios repeated, the funnel trigger's sums), which at the default 4 MB spill to
 * disk past a few tens of thousands of rows.
 */
export async function memoryForTheMove(db: Db): Promise<void> {
  await sql`SET LOCAL work_mem = ${sql.lit(MOVE_WORK_MEM)}`.execute(db);
}

/** Staged rows of one part with `ord` in [from, to): what a confirmation moves at a time (`moveStagedRows`). */
export interface StagedRange {
  parte: number;
  from: number;
  to: number;
}

/** The candidates of lote `id` (as `s`): all of them, or those in `range`. */
function candidatesIn(id: string, range: StagedRange | undefined) {
  return range
    ? sql`s.id_lote = ${id}::uuid AND s.parte = ${range.parte} AND s.ord >= ${range.from} AND s.ord < ${range.to}
      AND s.motivo IS NULL`
    : sql`s.id_lote = ${id}::uuid AND s.motivo IS NULL`;
}

/**
 * The checks only the whole lote can make, under the writers' lock, in the order save_carga applies them:
 * a visitor no longer active, a folio with an open assignment, a folio already written earlier in the file.
 * The last one only across parts (`parts` > 1): inside one part, the part's own checks already failed every
 * folio repeated (`createSaveChecker`). `range`: only the candidates in it (a one-part lote moved range by range,
 * each range checked just before it is moved: as its folios are none of the earlier ranges', the same rows fail
 * as when the whole part is checked at once). `probeOpen`: each candidate's folio looked up in the open
 * assignments' index (`openCheckByProbe`) instead of the planner's choice; the same rows fail.
 */
export async function markLoteFailures(
  db: Db,
  id: string,
  parts: number,
  messages: { invalidVisitor: MessageTemplate; openAssignment: MessageTemplate; duplicate: MessageTemplate },
  { range, probeOpen = false }: { range?: StagedRange; probeOpen?: boolean } = {},
): Promise<void> {
  if (range !== undefined && parts > 1)
    throw new Error('markLoteFailures: un rango solo en un lote de una parte');
  const { invalidVisitor: v, openAssignment: o, duplicate: d } = messages;
  const candidates = candidatesIn(id, range);
  await sql`
    UPDATE carga_lote_filas s SET motivo = ${v.prefix} || s.id_usuario::text || ${v.suffix}
    WHERE ${candidates} AND s.id_usuario NOT IN (
      SELECT u.id_usuario FROM usuarios u WHERE u.rol = ${VISITOR_ROLE_STORED} AND u.estatus = 'activo')`.execute(
    db,
  );
  await sql`
    UPDATE carga_lote_filas s SET motivo = ${o.prefix} || s.folio || ${o.suffix}
    WHERE ${candidates} AND EXISTS (
      SELECT 1 FROM asignaciones a WHERE a.folio = s.folio AND a.estatus IN (${sql.join(OPEN_ESTATUS)})
      ${probeOpen ? sql`OFFSET 0` : sql``})`.execute(db);
  if (parts <= 1) return;
  await sql`
    UPDATE carga_lote_filas s SET motivo = ${d.prefix} || s.folio || ${d.suffix}
    FROM (
      SELECT parte, ord, row_number() OVER (PARTITION BY folio ORDER BY parte, ord) AS n
      FROM carga_lote_filas WHERE id_lote = ${id}::uuid AND motivo IS NULL
    ) dup
    WHERE s.id_lote = ${id}::uuid AND s.parte = dup.parte AND s.ord = dup.ord AND dup.n > 1`.execute(db);
}

/** Assignments per candidate from which `openCheckByProbe` probes (the measured break-even is ~4-6). */
export const OPEN_PROBE_FACTOR = 5;

/**
 * Whether a confirmar of `candidates` rows checks their folios for an open assignment one by one, a probe of the
 * open assignments' unique index each (`markLoteFailures`' `probeOpen`), rather than as the planner chooses: it
 * hashes every open assignment (read from the whole table, or from that index once the table was vacuumed), which
 * it prices below 100,000 probes however big the table. Measured on PostgreSQL, 100,000 candidates: 1,000,000
 * assignments (all open, just loaded) 385-480 ms hashed, 225-231 ms probed; 5,000,000 (1,400,000 open, vacuumed)
 * 761-828 against 135-148 ms; an empty table < 1 against 33 ms. The hash wins while the table is small next to the
 * lote: it is kept below `OPEN_PROBE_FACTOR` assignments a candidate (as PostgreSQL last estimated the table).
 */
export async function openCheckByProbe(db: Db, candidates: number): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    SELECT greatest(reltuples, 0)::float8 AS n FROM pg_class WHERE oid = 'asignaciones'::regclass`.execute(
    db,
  );
  return Number(rows[0]?.n ?? 0) >= OPEN_PROBE_FACTOR * candidates;
}

/** The open assignments' unique index (one open assignment per folio, migration 0002). */
const OPEN_PER_FOLIO = 'asignaciones_folio_abierta_uq';

/**
 * Writes the lote's candidates — all of them, or those of part `range.parte` with `ord` in [from, to): upserts
 * their folios and inserts one open assignment each, in file order. Returns the assignments inserted.
 *
 * The assignments go in with a plain INSERT: under the writers' lock, just after `markLoteFailures`, no candidate's
 * folio has an open assignment, so ON CONFLICT's speculative insertion (a probe, a token and a second write per
 * row) only cost time — 100,000 rows took 3.4-3.8 s plain against 3.9-5.3 s with ON CONFLICT DO NOTHING (same
 * copies of one staged lote, alternating). Should a writer that skipped the lock have opened one of those folios
 * meanwhile, the INSERT's unique violation is rolled back to a savepoint and the rows written with ON CONFLICT DO
 * NOTHING (a folio already open skipped; the caller fails it, `markUnwritten`).
 */
export async function moveStagedRows(
  db: Db,
  id: string,
  ctx: WriteContext,
  range?: StagedRange,
): Promise<number> {
  const input = candidatesIn(id, range);
  // Two statements, not one with a CTE: the assignments find their folios through the folios' unique index
  // (joining two CTEs, the planner chose a nested loop over 10,000 × 10,000 rows on stale statistics).
  await sql`
    INSERT INTO folios (folio, load_type, producto, id_cliente, nombre_alumno, campus_ingreso, correo_alumno,
      calle, colonia, ciudad, estado, id_estado, codigo_postal, tel1, tel2, tel3, tel4, nombre_padre,
      correo_padre, nombre_madre, correo_madre, solicitud_email, dia_agendo_crm, direccion, extra, id_carga)
    SELECT folio, 'TEC_MTY', ${PRODUCTO_TEC_MTY}, ${ctx.idCliente}::int, nombre_alumno, campus_ingreso,
      correo_alumno, calle, colonia, ciudad, estado, id_estado, codigo_postal, tel1, tel2, tel3, tel4,
      nombre_padre, correo_padre, nombre_madre, correo_madre, solicitud_email, dia_agendo_crm, direccion,
      extra, ${ctx.idCarga}::int
    FROM carga_lote_filas s WHERE ${input}
    ${FOLIO_UPSERT}`.execute(db);
  const insert = (onConflict: boolean) => sql`
    INSERT INTO asignaciones (folio, id_folio, id_usuario, id_estado, estado, direccion, id_carga, asignado_por,
      id_cliente)
    SELECT s.folio, f.id_folio, s.id_usuario, s.id_estado, s.estado, s.direccion, ${ctx.idCarga}::int,
      ${ctx.actorId}::int, ${ctx.idCliente}::int
    FROM carga_lote_filas s JOIN folios f ON f.folio = s.folio
    WHERE ${input}
    ORDER BY s.parte, s.ord
    ${onConflict ? sql`ON CONFLICT (folio) WHERE estatus IN ('asignada', 'agendada') DO NOTHING` : sql``}`;
  await sql`SAVEPOINT mover_asignaciones`.execute(db);
  let inserted: bigint | undefined;
  try {
    inserted = (await insert(false).execute(db)).numAffectedRows;
  } catch (error) {
    const e = error as { code?: string; constraint?: string };
    if (e?.code !== '23505' || e.constraint !== OPEN_PER_FOLIO) throw error;
    await sql`ROLLBACK TO SAVEPOINT mover_asignaciones`.execute(db);
    inserted = (await insert(true).execute(db)).numAffectedRows;
  }
  await sql`RELEASE SAVEPOINT mover_asignaciones`.execute(db);
  return Number(inserted ?? 0);
}

/** Candidates whose assignment was not written (lost to a concurrent writer): failed as already open. */
export async function markUnwritten(
  db: Db,
  id: string,
  idCarga: number,
  open: MessageTemplate,
): Promise<void> {
  await sql`
    UPDATE carga_lote_filas s SET motivo = ${open.prefix} || s.folio || ${open.suffix}
    WHERE s.id_lote = ${id}::uuid AND s.motivo IS NULL AND NOT EXISTS (
      SELECT 1 FROM asignaciones a WHERE a.id_carga = ${idCarga} AND a.folio = s.folio)`.execute(db);
}

/** The failed rows of a lote: their exact count and the first `limit` in file order. */
export async function loteFailures(
  db: Db,
  id: string,
  limit: number,
): Promise<{
  count: number;
  first: Array<{ row_index: number | null; id_folio: string | null; reason: string }>;
}> {
  const { rows: count } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM carga_lote_filas WHERE id_lote = ${id}::uuid AND motivo IS NOT NULL`.execute(
    db,
  );
  const { rows: first } = await sql<{ row_index: number | null; id_folio: string | null; reason: string }>`
    SELECT row_index, folio AS id_folio, motivo AS reason FROM carga_lote_filas
    WHERE id_lote = ${id}::uuid AND motivo IS NOT NULL ORDER BY parte, ord LIMIT ${limit}`.execute(db);
  return { count: Number(count[0]?.n ?? 0), first };
}
