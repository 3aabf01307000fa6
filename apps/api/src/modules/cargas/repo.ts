/** SQL of cargas and asignaciones (Kysely; PostgreSQL dialect on PGlite and node-postgres). */
import {
  type ActiveAssignmentsQuery,
  type ActiveVisitor,
  type AsignacionEstatus,
  type Assignment,
  type AssignmentStats,
  OPEN_ESTATUS,
  PRODUCTO_TEC_MTY,
  totalPages,
  VISITOR_ROLE_STORED,
} from '@socio/contracts';
import { type RawBuilder, sql } from 'kysely';
import { CAMPO, HOUR_MS, hourCounters, hourOf } from '../../db/counters';
import { iso, VISITOR_NAME_SQL } from '../../db/fragments';
import type { Db } from '../../db/schema';
import { yieldToEventLoop } from '../../lib/event-loop';
import type { SaveCandidate, VisitorLoad } from './rows';

/** Active Visitadores with their region (state name), by id. */
export async function listActiveVisitors(db: Db): Promise<ActiveVisitor[]> {
  return db
    .selectFrom('usuarios as u')
    .leftJoin('estados as e', 'e.id_estado', 'u.id_estado')
    .select(['u.id_usuario', 'e.estado as region', VISITOR_NAME_SQL.as('name')])
    .where('u.rol', '=', VISITOR_ROLE_STORED)
    .where('u.estatus', '=', 'activo')
    .orderBy('u.id_usuario')
    .execute();
}

/** Active Visitadores with the number of open assignments each already has. */
export async function visitorLoads(db: Db): Promise<VisitorLoad[]> {
  const rows = await db
    .selectFrom('usuarios as u')
    .leftJoin('estados as e', 'e.id_estado', 'u.id_estado')
    .select([
      'u.id_usuario',
      'e.estado as region',
      (eb) =>
        eb
          .selectFrom('asignacion_conteos as c')
          .select(sql<number>`coalesce(sum(c.total), 0)::int`.as('open'))
          .whereRef('c.id_usuario', '=', 'u.id_usuario')
          .where('c.estatus', 'in', OPEN_ESTATUS)
          .as('open'),
    ])
    .where('u.rol', '=', VISITOR_ROLE_STORED)
    .where('u.estatus', '=', 'activo')
    .orderBy('u.id_usuario')
    .execute();
  return rows.map((r) => ({ id_usuario: r.id_usuario, region: r.region, open: Number(r.open ?? 0) }));
}

const LOOKUP_CHUNK = 10_000;

/**
 * Which of `folios` already have an open assignment (asignada or agendada): one probe of the open assignments'
 * unique index per folio (`OFFSET 0` keeps the planner from turning the probes into a scan). Written as
 * `folio = ANY(…)`, the planner, trusting statistics taken while the table was small, read every open assignment
 * through the index on estatus and compared each with the whole list: while a carga was being saved (its
 * uncommitted rows read too) a 500-folio lookup took 3-35 ms, growing with the rows moved (bench:api (a): 1.6 s of
 * the staging connections' time in a 100,000-row save, beside the move on two cores).
 */
export async function findOpenFolios(db: Db, folios: readonly string[]): Promise<Set<string>> {
  const open = new Set<string>();
  for (let i = 0; i < folios.length; i += LOOKUP_CHUNK) {
    const chunk = folios.slice(i, i + LOOKUP_CHUNK);
    const { rows } = await sql<{ folio: string }>`
      SELECT u.folio FROM unnest(${chunk}::text[]) AS u (folio)
      WHERE EXISTS (
        SELECT 1 FROM asignaciones a WHERE a.folio = u.folio AND a.estatus IN ('asignada', 'agendada') OFFSET 0)`.execute(
      db,
    );
    for (const r of rows) open.add(r.folio);
  }
  return open;
}

/** id_estado of each official state name. */
export async function estadoIds(db: Db): Promise<Map<string, number>> {
  const rows = await db.selectFrom('estados').select(['id_estado', 'estado']).execute();
  return new Map(rows.map((r) => [r.estado, r.id_estado]));
}

/** The record of one saved file (counts filled in by `setCargaCounts` once the rows are written). */
export async function insertCarga(
  db: Db,
  carga: {
    fileName: string;
    loadType: string;
    actorId: number;
    /** Date as the browser showed it, kept as text. */
    clientDate: string | null;
    totalRows: number;
    invalidInFile: number;
  },
): Promise<{ id_carga: number; fecha: Date }> {
  return db
    .insertInto('cargas')
    .values({
      file_name: carga.fileName,
      load_type: carga.loadType,
      id_usuario: carga.actorId,
      fecha_cliente: carga.clientDate,
      total_filas: carga.totalRows,
      filas_invalidas_archivo: carga.invalidInFile,
    })
    .returning(['id_carga', 'fecha'])
    .executeTakeFirstOrThrow();
}

/**
 * What the file says of a carga whose record was written before its file was all read (save_carga's body moved
 * while it arrives): its name, load type, date, rows and invalid rows.
 */
export async function setCargaFile(
  db: Db,
  idCarga: number,
  file: {
    fileName: string;
    loadType: string;
    clientDate: string | null;
    totalRows: number;
    invalidInFile: number;
  },
): Promise<void> {
  await db
    .updateTable('cargas')
    .set({
      file_name: file.fileName,
      load_type: file.loadType,
      fecha_cliente: file.clientDate,
      total_filas: file.totalRows,
      filas_invalidas_archivo: file.invalidInFile,
    })
    .where('id_carga', '=', idCarga)
    .execute();
}

/** Rows written and rows failed of a carga. */
export async function setCargaCounts(
  db: Db,
  idCarga: number,
  counts: { processed: number; failed: number },
): Promise<void> {
  await db
    .updateTable('cargas')
    .set({ registros_procesados: counts.processed, registros_fallidos: counts.failed })
    .where('id_carga', '=', idCarga)
    .execute();
}

/**
 * Rows a save checks and stages per statement (a lookup of their open folios, one COPY), and per INSERT of
 * `insertFoliosAndAssignments`. Small on purpose: the rows of a chunk stay alive from their parsing until their
 * COPY, and V8 copies whatever outlives a minor collection — with 5,000-row chunks a 100,000-row save spent
 * 3.7–3.9 s of CPU before confirming, 0.8–0.9 s of it in minor collections; with 500, 2.2–2.5 s and 0.25 s.
 */
export const SAVE_CHUNK = 500;

/**
 * Rows a save checks, or turns into JSON, or process_carga processes, between two turns of the event loop: another
 * request waits for at most this much row work.
 */
export const SAVE_SLICE = 250;

export interface WriteContext {
  idCarga: number | null;
  idCliente: number | null;
  actorId: number;
  estadoIds: ReadonlyMap<string, number>;
}

/**
 * What a folio loaded again keeps and takes: the file's address, phones and carga replace the old ones; names and
 * e-mails left empty in the file keep the folio's. One clause for every writer of folios (save, lotes, manual).
 */
export const FOLIO_UPSERT = sql`
  ON CONFLICT (folio) DO UPDATE SET
  producto = EXCLUDED.producto, id_cliente = EXCLUDED.id_cliente,
  nombre_alumno = coalesce(EXCLUDED.nombre_alumno, folios.nombre_alumno),
  campus_ingreso = coalesce(EXCLUDED.campus_ingreso, folios.campus_ingreso),
  correo_alumno = coalesce(EXCLUDED.correo_alumno, folios.correo_alumno),
  calle = EXCLUDED.calle, colonia = EXCLUDED.colonia, ciudad = EXCLUDED.ciudad,
  estado = EXCLUDED.estado, id_estado = EXCLUDED.id_estado, codigo_postal = EXCLUDED.codigo_postal,
  tel1 = EXCLUDED.tel1, tel2 = EXCLUDED.tel2, tel3 = EXCLUDED.tel3, tel4 = EXCLUDED.tel4,
  nombre_padre = coalesce(EXCLUDED.nombre_padre, folios.nombre_padre),
  correo_padre = coalesce(EXCLUDED.correo_padre, folios.correo_padre),
  nombre_madre = coalesce(EXCLUDED.nombre_madre, folios.nombre_madre),
  correo_madre = coalesce(EXCLUDED.correo_madre, folios.correo_madre),
  solicitud_email = coalesce(EXCLUDED.solicitud_email, folios.solicitud_email),
  dia_agendo_crm = coalesce(EXCLUDED.dia_agendo_crm, folios.dia_agendo_crm),
  direccion = EXCLUDED.direccion, extra = EXCLUDED.extra, id_carga = EXCLUDED.id_carga,
  updated_at = now()`;

/**
 * Upserts the folios of `candidates` and inserts one open assignment each, in one statement; the assignments
 * carry the folios' client (`ctx.idCliente`, what trigger asignaciones_cliente_ins would copy). An assignment
 * whose folio is already open (the unique partial index) is skipped (ON CONFLICT DO NOTHING).
 * Returns the folios whose assignment was inserted, with the new ids.
 */
export async function insertFoliosAndAssignments(
  db: Db,
  candidates: readonly SaveCandidate[],
  ctx: WriteContext,
): Promise<Array<{ folio: string; id_asignacion: number }>> {
  const out: Array<{ folio: string; id_asignacion: number }> = [];
  for (let i = 0; i < candidates.length; i += SAVE_CHUNK) {
    const chunk = candidates.slice(i, i + SAVE_CHUNK).map((c, j) => ({
      ord: i + j,
      ...c.fields,
      extra: c.fields.extra,
      id_estado: c.fields.estado === null ? null : (ctx.estadoIds.get(c.fields.estado) ?? null),
      id_usuario: c.visitorId,
    }));
    // The parameter's text is made `SAVE_SLICE` rows per turn of the event loop.
    const json: string[] = [];
    for (let j = 0; j < chunk.length; j += SAVE_SLICE) {
      if (j > 0) await yieldToEventLoop();
      json.push(JSON.stringify(chunk.slice(j, j + SAVE_SLICE)).slice(1, -1));
    }
    const { rows } = await sql<{ folio: string; id_asignacion: number }>`
      WITH input AS (
        SELECT * FROM jsonb_to_recordset(${`[${json.join(',')}]`}::jsonb) AS t(
          ord int, folio text, calle text, colonia text, ciudad text, estado text, codigo_postal text,
          tel1 text, tel2 text, tel3 text, tel4 text, nombre_alumno text, campus_ingreso text, correo_alumno text,
          nombre_padre text, correo_padre text, nombre_madre text, correo_madre text, solicitud_email text,
          dia_agendo_crm date, direccion text, extra jsonb, id_estado int, id_usuario int)
      ),
      f AS (
        INSERT INTO folios (folio, load_type, producto, id_cliente, nombre_alumno, campus_ingreso, correo_alumno,
          calle, colonia, ciudad, estado, id_estado, codigo_postal, tel1, tel2, tel3, tel4, nombre_padre,
          correo_padre, nombre_madre, correo_madre, solicitud_email, dia_agendo_crm, direccion, extra, id_carga)
        SELECT folio, 'TEC_MTY', ${PRODUCTO_TEC_MTY}, ${ctx.idCliente}::int, nombre_alumno, campus_ingreso,
          correo_alumno, calle, colonia, ciudad, estado, id_estado, codigo_postal, tel1, tel2, tel3, tel4,
          nombre_padre, correo_padre, nombre_madre, correo_madre, solicitud_email, dia_agendo_crm, direccion,
          extra, ${ctx.idCarga}::int
        FROM input
        ${FOLIO_UPSERT}
        RETURNING id_folio, folio
      )
      INSERT INTO asignaciones (folio, id_folio, id_usuario, id_estado, estado, direccion, id_carga, asignado_por,
        id_cliente)
      SELECT i.folio, f.id_folio, i.id_usuario, i.id_estado, i.estado, i.direccion, ${ctx.idCarga}::int,
        ${ctx.actorId}::int, ${ctx.idCliente}::int
      FROM input i JOIN f ON f.folio = i.folio
      ORDER BY i.ord
      ON CONFLICT (folio) WHERE estatus IN ('asignada', 'agendada') DO NOTHING
      RETURNING folio, id_asignacion`.execute(db);
    out.push(...rows);
  }
  return out;
}

/* ----------------------------------------------------------------------------
 * Listing and statistics.
 * -------------------------------------------------------------------------- */

interface AssignmentRow {
  id_asignacion: number;
  folio: string;
  id_usuario: number;
  visitador: string | null;
  estado: string | null;
  direccion: string | null;
  estatus: string;
  fecha_asignacion: Date;
  fecha_agendada: Date | null;
  fecha_completada: Date | null;
  id_carga: number | null;
}

export function toAssignment(r: AssignmentRow): Assignment {
  return {
    id_asignacion: r.id_asignacion,
    folio: r.folio,
    id_usuario: r.id_usuario,
    visitador: r.visitador,
    estado: r.estado,
    direccion: r.direccion,
    estatus: r.estatus as AsignacionEstatus,
    fecha_asignacion: iso(r.fecha_asignacion) ?? '',
    fecha_agendada: iso(r.fecha_agendada),
    fecha_completada: iso(r.fecha_completada),
    id_carga: r.id_carga,
  };
}

/** Statistics from the trigger-kept counters; `visitorId` limits them to one visitor. */
export async function assignmentStats(db: Db, visitorId?: number): Promise<AssignmentStats> {
  let q = db
    .selectFrom('asignacion_conteos')
    .select(['estatus', sql<number>`sum(total)::int`.as('n')])
    .groupBy('estatus');
  if (visitorId !== undefined) q = q.where('id_usuario', '=', visitorId);
  const rows = await q.execute();
  const stats: AssignmentStats = { total: 0, asignada: 0, agendada: 0, completada: 0, cancelada: 0 };
  for (const r of rows) {
    const n = Number(r.n);
    if (r.estatus in stats && r.estatus !== 'total') stats[r.estatus as AsignacionEstatus] = n;
    stats.total += n;
  }
  return stats;
}

/** Below this offset a page is found by skipping index entries directly (cheap enough). */
export const SEEK_FROM_OFFSET = 2_000;

interface Seek {
  estatus: string | null;
  dia: number;
  /** Rows of the page's first bucket that come before the page. */
  skip: number;
}

/**
 * Which (status,) day bucket holds row number `offset` in the requested order, from the per-day counters:
 * a running sum over at most a few thousand buckets instead of skipping `offset` index entries.
 */
async function seekBucket(
  db: Db,
  q: ActiveAssignmentsQuery,
  offset: number,
  visitorId?: number,
): Promise<Seek | null> {
  const dir = sql.raw(q.sort_order === 'asc' ? 'ASC' : 'DESC');
  const byStatus = q.sort_by === 'estatus';
  const table = visitorId === undefined ? sql`asignacion_dias_todos` : sql`asignacion_dias`;
  const where = visitorId === undefined ? sql`` : sql`WHERE id_usuario = ${visitorId}`;
  const keys = byStatus ? sql`estatus, dia` : sql`dia`;
  const order = byStatus ? sql`estatus ${dir}, dia ${dir}` : sql`dia ${dir}`;
  const { rows } = await sql<{ estatus: string | null; dia: number; before: number }>`
    SELECT ${byStatus ? sql`estatus` : sql`NULL::text AS estatus`}, dia, (cum - total)::bigint AS before FROM (
      SELECT ${keys}, sum(total) AS total, sum(sum(total)) OVER (ORDER BY ${order}) AS cum
      FROM ${table} ${where} GROUP BY ${keys}
    ) b
    WHERE cum > ${offset}
    ORDER BY ${order}
    LIMIT 1`.execute(db);
  const row = rows[0];
  return row ? { estatus: row.estatus, dia: Number(row.dia), skip: offset - Number(row.before) } : null;
}

export interface ListOptions {
  /** Offsets from which the page is located through the day counters (tests lower it). */
  seekFrom?: number;
}

/**
 * One page of assignments. The API takes page numbers, so a page is an offset; it is located cheaply:
 * - the total comes from the counters;
 * - for a deep page, the per-day counters give the bucket (day, or status and day) holding its first row, and
 *   the scan starts at that bucket's boundary, skipping only rows of that bucket;
 * - the skipping runs over the covering index (sort keys + id), and the heap is read for the `page_size` rows
 *   found (a deferred join).
 * Ties are broken by id_asignacion in the direction of the sort.
 */
export async function listAssignments(
  db: Db,
  q: ActiveAssignmentsQuery,
  visitorId?: number,
  options: ListOptions = {},
): Promise<{
  assignments: Assignment[];
  total: number;
  total_pages: number;
  page: number;
  page_size: number;
}> {
  const total = (await assignmentStats(db, visitorId)).total;
  const offset = (q.page - 1) * q.page_size;
  const pages = totalPages(total, q.page_size);
  if (offset >= total) {
    return { assignments: [], total, total_pages: pages, page: q.page, page_size: q.page_size };
  }
  const asc = q.sort_order === 'asc';
  const byStatus = q.sort_by === 'estatus';
  const filters = visitorId === undefined ? [] : [sql`a.id_usuario = ${visitorId}`];
  let skip = offset;
  if (offset >= (options.seekFrom ?? SEEK_FROM_OFFSET)) {
    const seek = await seekBucket(db, q, offset, visitorId);
    if (seek) {
      skip = seek.skip;
      // The bucket's first instant (ascending) or the next bucket's first instant (descending).
      const boundary = sql`to_timestamp(${(asc ? seek.dia : seek.dia + 1) * 86_400}::bigint)`;
      if (byStatus) {
        filters.push(
          asc
            ? sql`(a.estatus, a.fecha_asignacion) >= (${seek.estatus}, ${boundary})`
            : sql`(a.estatus, a.fecha_asignacion) < (${seek.estatus}, ${boundary})`,
        );
      } else {
        filters.push(asc ? sql`a.fecha_asignacion >= ${boundary}` : sql`a.fecha_asignacion < ${boundary}`);
      }
    }
  }
  const rows = await pageRows(db, q, filters, skip);
  return {
    assignments: rows,
    total,
    total_pages: pages,
    page: q.page,
    page_size: q.page_size,
  };
}

/**
 * The `limit` rows from `skip` of the assignments matching `filters` (conditions on `a`), in the order asked:
 * the keys are found over a covering index, then only the page's rows are read (a deferred join).
 */
export async function pageRows(
  db: Db,
  q: Pick<ActiveAssignmentsQuery, 'sort_by' | 'sort_order' | 'page_size'>,
  filters: readonly RawBuilder<unknown>[],
  skip: number,
): Promise<Assignment[]> {
  const dir = sql.raw(q.sort_order === 'asc' ? 'ASC' : 'DESC');
  const keys =
    q.sort_by === 'estatus'
      ? sql`a.estatus ${dir}, a.fecha_asignacion ${dir}, a.id_asignacion ${dir}`
      : sql`a.fecha_asignacion ${dir}, a.id_asignacion ${dir}`;
  const where = filters.length > 0 ? sql`WHERE ${sql.join([...filters], sql` AND `)}` : sql``;
  const { rows } = await sql<AssignmentRow>`
    SELECT a.id_asignacion, a.folio, a.id_usuario, a.estado, a.direccion, a.estatus, a.fecha_asignacion,
      a.fecha_agendada, a.fecha_completada, a.id_carga,
      ${VISITOR_NAME_SQL} AS visitador
    FROM (
      SELECT a.id_asignacion FROM asignaciones a ${where}
      ORDER BY ${keys}
      LIMIT ${q.page_size} OFFSET ${skip}
    ) page
    JOIN asignaciones a ON a.id_asignacion = page.id_asignacion
    LEFT JOIN usuarios u ON u.id_usuario = a.id_usuario
    ORDER BY ${keys}`.execute(db);
  return rows.map(toAssignment);
}

/**
 * Serialises the writers of asignaciones for the rest of the transaction. The counter triggers lock counter
 * rows chunk after chunk; without this, a bulk save and a concurrent write could lock them in opposite orders.
 */
export async function lockAssignmentWrites(db: Db): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${ASSIGNMENT_WRITE_LOCK}::bigint)`.execute(db);
}
const ASSIGNMENT_WRITE_LOCK = 7_310_002;

/** One assignment with its visitor's name, or undefined. */
export async function findAssignment(db: Db, id: number): Promise<Assignment | undefined> {
  const { rows } = await sql<AssignmentRow>`
    SELECT a.id_asignacion, a.folio, a.id_usuario, a.estado, a.direccion, a.estatus, a.fecha_asignacion,
      a.fecha_agendada, a.fecha_completada, a.id_carga,
      ${VISITOR_NAME_SQL} AS visitador
    FROM asignaciones a LEFT JOIN usuarios u ON u.id_usuario = a.id_usuario
    WHERE a.id_asignacion = ${id}`.execute(db);
  return rows[0] ? toAssignment(rows[0]) : undefined;
}

/** The fields of an assignment its rules need, locked for the rest of the transaction. */
export async function lockAssignment(
  db: Db,
  id: number,
): Promise<
  | { estatus: AsignacionEstatus; id_usuario: number; id_estado: number | null; estado: string | null }
  | undefined
> {
  const row = await db
    .selectFrom('asignaciones')
    .select(['estatus', 'id_usuario', 'id_estado', 'estado'])
    .where('id_asignacion', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row ? { ...row, estatus: row.estatus as AsignacionEstatus } : undefined;
}

/** Moves an assignment to `to`, stamping the date of that status. */
export async function setAssignmentStatus(db: Db, id: number, to: AsignacionEstatus): Promise<void> {
  const stamp = {
    agendada: 'fecha_agendada',
    completada: 'fecha_completada',
    cancelada: 'fecha_cancelada',
    asignada: null,
  }[to];
  await db
    .updateTable('asignaciones')
    .set({ estatus: to, ...(stamp ? { [stamp]: sql`now()` } : {}) })
    .where('id_asignacion', '=', id)
    .execute();
}

/**
 * Gives an assignment to `visitorId` if it is still open and still `fromVisitor`'s (a conditional update:
 * safe even without the row lock). Returns whether it changed.
 */
export async function setAssignmentVisitor(
  db: Db,
  id: number,
  fromVisitor: number,
  visitorId: number,
): Promise<boolean> {
  const rows = await db
    .updateTable('asignaciones')
    .set({ id_usuario: visitorId })
    .where('id_asignacion', '=', id)
    .where('id_usuario', '=', fromVisitor)
    .where('estatus', 'in', OPEN_ESTATUS)
    .returning('id_asignacion')
    .execute();
  return rows.length > 0;
}

/**
 * Assignments made since `since` (of one visitor when given): those not cancelled, and the completed ones.
 * Whole hours from the hour counters (migration 0005_tablero), the partial first hour from the rows.
 */
export async function completionSince(
  db: Db,
  since: Date,
  visitorId?: number,
): Promise<{ total: number; completed: number }> {
  const hour = hourOf(since);
  const boundary = new Date(hour * HOUR_MS);
  const { table: counters, owner } = hourCounters(visitorId);
  const { rows } = await sql<{ total: number; completed: number }>`
    WITH h AS (
      SELECT coalesce(sum(total) FILTER (WHERE estatus <> 'cancelada'), 0) AS total,
        coalesce(sum(total) FILTER (WHERE estatus = 'completada'), 0) AS completed
      FROM ${counters} WHERE campo = ${CAMPO.fecha_asignacion} AND hora >= ${hour} ${owner}
    ), p AS (
      SELECT count(*) FILTER (WHERE estatus <> 'cancelada') AS total,
        count(*) FILTER (WHERE estatus = 'completada') AS completed
      FROM asignaciones
      WHERE fecha_asignacion >= ${since} AND fecha_asignacion < ${boundary} ${owner}
    )
    SELECT (h.total + p.total)::int AS total, (h.completed + p.completed)::int AS completed FROM h, p`.execute(
    db,
  );
  const row = rows[0];
  return { total: Number(row?.total ?? 0), completed: Number(row?.completed ?? 0) };
}
