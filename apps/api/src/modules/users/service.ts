import {
  type CompetitivenessRow,
  type EditUser,
  fullName,
  type NewUser,
  normalizeUsername,
  type SupervisorOption,
  toStoredEstatus,
  toStoredRol,
  toWireEstatus,
  toWireRol,
  USER_MESSAGES,
  type UsuarioDTO,
  usernameError,
} from '@socio/contracts';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql, type Transaction } from 'kysely';
import { audit, diff } from '../../audit';
import type { Database } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { HttpError, httpError, validationError } from '../../http/errors';
import { MAX_INT4 } from '../../http/zod';
import { hashPassword } from '../auth/password';

type Db = Kysely<Database> | Transaction<Database>;

function usuarioQuery(db: Db) {
  return db
    .selectFrom('usuarios as u')
    .leftJoin('usuarios as s', 's.id_usuario', 'u.supervisor_id')
    .leftJoin('estados as e', 'e.id_estado', 'u.id_estado')
    .select([
      'u.id_usuario',
      'u.username',
      'u.nombres',
      'u.apellido_paterno',
      'u.apellido_materno',
      'u.email',
      'u.rol',
      'u.estatus',
      'u.supervisor_id',
      'u.id_estado',
      'u.foto_path',
      's.nombres as s_nombres',
      's.apellido_paterno as s_apellido_paterno',
      's.apellido_materno as s_apellido_materno',
      'e.estado as region',
    ]);
}

type UsuarioRow = Awaited<ReturnType<ReturnType<typeof usuarioQuery>['executeTakeFirstOrThrow']>>;

function toDTO(row: UsuarioRow): UsuarioDTO {
  const supervisorName =
    row.supervisor_id !== null && row.s_nombres !== null
      ? fullName({
          nombres: row.s_nombres,
          apellido_paterno: row.s_apellido_paterno ?? '',
          apellido_materno: row.s_apellido_materno ?? '',
        })
      : null;
  return {
    id_usuario: row.id_usuario,
    username: row.username,
    nombres: row.nombres,
    apellido_paterno: row.apellido_paterno,
    apellido_materno: row.apellido_materno,
    name: fullName(row),
    email: row.email,
    rol: toWireRol(row.rol),
    supervisor: row.supervisor_id,
    supervisor_nombre: supervisorName,
    estatus: toWireEstatus(row.estatus),
    foto_path: row.foto_path,
    estado: row.id_estado,
    region: row.region,
  };
}

export async function allUsers(db: Db): Promise<UsuarioDTO[]> {
  const rows = await usuarioQuery(db).orderBy('u.id_usuario').execute();
  return rows.map(toDTO);
}

async function userDTO(db: Db, id: number): Promise<UsuarioDTO> {
  return toDTO(await usuarioQuery(db).where('u.id_usuario', '=', id).executeTakeFirstOrThrow());
}

/** `{id}` of edit_user: an id_usuario when all digits, otherwise a username. */
async function findUserId(db: Db, idOrUsername: string): Promise<number | null> {
  const text = idOrUsername.trim();
  const byId = /^\d{1,10}$/.test(text) && Number(text) <= MAX_INT4;
  const row = await db
    .selectFrom('usuarios')
    .select('id_usuario')
    .$if(byId, (q) => q.where('id_usuario', '=', Number(text)))
    .$if(!byId, (q) => q.where('username', '=', normalizeUsername(text)))
    .executeTakeFirst();
  return row?.id_usuario ?? null;
}

async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('usuarios')
    .select('id_usuario')
    .where('username', '=', username)
    .executeTakeFirst();
  return row !== undefined;
}

async function emailOwner(db: Db, email: string): Promise<number | null> {
  const row = await db
    .selectFrom('usuarios')
    .select('id_usuario')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.id_usuario ?? null;
}

/** A supervisor must be an active Supervisor other than the user (422 otherwise). */
async function checkSupervisor(db: Db, supervisorId: number | null, selfId: number | null): Promise<void> {
  if (supervisorId === null) return;
  if (supervisorId === selfId) validationError(['body', 'supervisor'], USER_MESSAGES.selfSupervisor);
  const row = await db
    .selectFrom('usuarios')
    .select('id_usuario')
    .where('id_usuario', '=', supervisorId)
    .where('rol', '=', 'supervisor')
    .where('estatus', '=', 'activo')
    .executeTakeFirst();
  if (!row) validationError(['body', 'supervisor'], USER_MESSAGES.invalidSupervisor);
}

async function checkEstado(db: Db, idEstado: number | null | undefined): Promise<void> {
  if (idEstado === null || idEstado === undefined) return;
  const row = await db
    .selectFrom('estados')
    .select('id_estado')
    .where('id_estado', '=', idEstado)
    .executeTakeFirst();
  if (!row) validationError(['body', 'estado'], USER_MESSAGES.invalidEstado);
}

/** The supervisor only applies to a Visitador. */
function supervisorOf(input: NewUser | EditUser): number | null {
  return input.role === 'Visitador' ? input.supervisor : null;
}

/** The stored profile columns that a creation and an edit both write. */
function profileColumns(input: NewUser | EditUser) {
  return {
    email: input.email,
    nombres: input.nombres,
    apellido_paterno: input.apellido_paterno,
    apellido_materno: input.apellido_materno,
    rol: toStoredRol(input.role),
    estatus: toStoredEstatus(input.status),
    supervisor_id: supervisorOf(input),
  };
}

/** Maps a unique violation that slipped past the checks (two requests at once) to its 409. */
function mapUniqueViolation(err: unknown): never {
  const e = err as { code?: string; constraint?: string };
  if (e?.code === '23505') {
    if (e.constraint === 'usuarios_username_key') httpError(409, USER_MESSAGES.usernameTaken);
    if (e.constraint === 'usuarios_email_lower_key') httpError(409, USER_MESSAGES.emailTaken);
  }
  throw err;
}

export async function createUser(
  app: FastifyInstance,
  actor: AuthUser,
  input: NewUser,
  requestId: string,
): Promise<UsuarioDTO> {
  const { db } = app;
  if (await usernameTaken(db, input.username)) httpError(409, USER_MESSAGES.usernameTaken);
  if ((await emailOwner(db, input.email)) !== null) httpError(409, USER_MESSAGES.emailTaken);
  await checkSupervisor(db, supervisorOf(input), null);
  await checkEstado(db, input.estado);
  const passwordHash = await hashPassword(input.password);
  const values = {
    username: input.username,
    ...profileColumns(input),
    id_estado: input.estado,
    foto_path: input.avatar,
  };
  try {
    return await db.transaction().execute(async (trx) => {
      const { id_usuario } = await trx
        .insertInto('usuarios')
        .values({ ...values, password_hash: passwordHash })
        .returning('id_usuario')
        .executeTakeFirstOrThrow();
      await audit(trx, {
        actorId: actor.id_usuario,
        action: 'user.create',
        targetType: 'usuario',
        targetId: id_usuario,
        change: values,
        requestId,
      });
      return userDTO(trx, id_usuario);
    });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    mapUniqueViolation(err);
  }
}

export async function editUser(
  app: FastifyInstance,
  actor: AuthUser,
  idOrUsername: string,
  input: EditUser,
  requestId: string,
): Promise<UsuarioDTO> {
  const { db } = app;
  const id = await findUserId(db, idOrUsername);
  if (id === null) httpError(404, USER_MESSAGES.notFound);
  const owner = await emailOwner(db, input.email);
  if (owner !== null && owner !== id) httpError(409, USER_MESSAGES.emailTaken);
  if (id === actor.id_usuario) {
    if (input.status !== 'Activo') httpError(422, USER_MESSAGES.cannotDeactivateSelf);
    if (input.role !== actor.rol && actor.rol === 'Administrador')
      httpError(422, USER_MESSAGES.cannotDemoteSelf);
  }
  await checkSupervisor(db, supervisorOf(input), id);
  await checkEstado(db, input.estado);

  try {
    const dto = await db.transaction().execute(async (trx) => {
      const before = await trx
        .selectFrom('usuarios')
        .select([
          'email',
          'nombres',
          'apellido_paterno',
          'apellido_materno',
          'rol',
          'estatus',
          'supervisor_id',
          'id_estado',
        ])
        .where('id_usuario', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!before) httpError(404, USER_MESSAGES.notFound);
      const after = {
        ...profileColumns(input),
        ...(input.estado !== undefined ? { id_estado: input.estado } : {}),
      };
      const deactivated = before.estatus === 'activo' && after.estatus === 'inactivo';
      await trx
        .updateTable('usuarios')
        .set({
          ...after,
          updated_at: sql<Date>`now()`,
          // Tokens issued before a deactivation never work again, even after reactivation.
          ...(deactivated ? { token_version: sql<number>`token_version + 1` } : {}),
        })
        .where('id_usuario', '=', id)
        .execute();
      await audit(trx, {
        actorId: actor.id_usuario,
        action: 'user.update',
        targetType: 'usuario',
        targetId: id,
        change: diff(before, after),
        requestId,
      });
      return userDTO(trx, id);
    });
    app.authCache.invalidate(id);
    return dto;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    mapUniqueViolation(err);
  }
}

/** Availability of a username (after normalising): free and valid by the username rules. */
export async function checkUsername(db: Db, raw: string): Promise<{ username: string; available: boolean }> {
  const username = normalizeUsername(raw);
  if (usernameError(username) !== null) return { username, available: false };
  return { username, available: !(await usernameTaken(db, username)) };
}

export async function supervisorsList(db: Db): Promise<SupervisorOption[]> {
  const rows = await db
    .selectFrom('usuarios')
    .select(['id_usuario', 'nombres', 'apellido_paterno', 'apellido_materno'])
    .where('rol', '=', 'supervisor')
    .where('estatus', '=', 'activo')
    .orderBy('nombres')
    .orderBy('apellido_paterno')
    .orderBy('id_usuario')
    .execute();
  return rows.map((r) => ({ id: r.id_usuario, name: fullName(r) }));
}

/** Names of the states that have at least one active visitor. */
export async function regionsAvailable(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('estados as e')
    .select('e.estado')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('usuarios as u')
          .select('u.id_usuario')
          .whereRef('u.id_estado', '=', 'e.id_estado')
          .where('u.rol', '=', 'visitador')
          .where('u.estatus', '=', 'activo'),
      ),
    )
    .orderBy('e.estado')
    .execute();
  return rows.map((r) => r.estado);
}

const round = (value: number, decimals: number) => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/**
 * One row per active visitor:
 * - assignments / studiesCompleted: all their assignments except cancelled / the completed ones
 *   (from the per-visitor counters kept by migration 0002's triggers);
 * - completionPercentage: completed among their assignments made in the last 30 days (cancelled excluded);
 *   null when they have no such assignment (no recent work is not 0 % done);
 * - averageResponseDays: mean days from assignment to completion of the studies completed in the last 30 days.
 */
export async function competitivenessStats(db: Db): Promise<CompetitivenessRow[]> {
  const result = await sql<{
    id: number;
    nombres: string;
    apellido_paterno: string;
    apellido_materno: string;
    avatar: string | null;
    assignments: number;
    completed: number;
    recent_total: number;
    recent_completed: number;
    avg_days: number | null;
  }>`
    SELECT u.id_usuario AS id, u.nombres, u.apellido_paterno, u.apellido_materno, u.foto_path AS avatar,
      COALESCE(c.assignments, 0)::int AS assignments,
      COALESCE(c.completed, 0)::int AS completed,
      COALESCE(r.recent_total, 0)::int AS recent_total,
      COALESCE(r.recent_completed, 0)::int AS recent_completed,
      d.avg_days::float8 AS avg_days
    FROM usuarios u
    LEFT JOIN (
      SELECT id_usuario,
        SUM(total) FILTER (WHERE estatus <> 'cancelada') AS assignments,
        SUM(total) FILTER (WHERE estatus = 'completada') AS completed
      FROM asignacion_conteos GROUP BY id_usuario
    ) c ON c.id_usuario = u.id_usuario
    LEFT JOIN (
      SELECT id_usuario,
        COUNT(*) FILTER (WHERE estatus <> 'cancelada') AS recent_total,
        COUNT(*) FILTER (WHERE estatus = 'completada') AS recent_completed
      FROM asignaciones
      WHERE fecha_asignacion >= now() - interval '30 days'
      GROUP BY id_usuario
    ) r ON r.id_usuario = u.id_usuario
    LEFT JOIN (
      SELECT id_usuario,
        AVG(EXTRACT(EPOCH FROM (fecha_completada - fecha_asignacion)) / 86400.0) AS avg_days
      FROM asignaciones
      WHERE fecha_completada IS NOT NULL AND fecha_completada >= now() - interval '30 days'
        AND estatus = 'completada'
      GROUP BY id_usuario
    ) d ON d.id_usuario = u.id_usuario
    WHERE u.rol = 'visitador' AND u.estatus = 'activo'
    ORDER BY u.nombres, u.apellido_paterno, u.id_usuario
  `.execute(db);
  return result.rows.map((r) => ({
    id: r.id,
    name: fullName(r),
    avatar: r.avatar,
    assignments: r.assignments,
    studiesCompleted: r.completed,
    averageResponseDays: r.avg_days === null ? null : round(Math.max(0, r.avg_days), 2),
    completionPercentage: r.recent_total > 0 ? round((100 * r.recent_completed) / r.recent_total, 1) : null,
  }));
}

/** Completed among all assignments made in the last 30 days (cancelled excluded), 0–100. */
export async function percentageCompletionLast30Days(db: Db): Promise<number> {
  const result = await sql<{ total: number; completed: number }>`
    SELECT COUNT(*) FILTER (WHERE estatus <> 'cancelada')::int AS total,
           COUNT(*) FILTER (WHERE estatus = 'completada')::int AS completed
    FROM asignaciones
    WHERE fecha_asignacion >= now() - interval '30 days'
  `.execute(db);
  const row = result.rows[0];
  if (!row || row.total === 0) return 0;
  return round((100 * row.completed) / row.total, 1);
}
