/** SQL of users: profiles, uniqueness look-ups, supervisors, regions and the visitor statistics. */
import {
  fullName,
  type RolStored,
  type SupervisorOption,
  toWireEstatus,
  toWireRol,
  type UsuarioDTO,
  VISITOR_ROLE_STORED,
} from '@socio/contracts';
import { sql } from 'kysely';
import type { Db, NewUsuario, UsuarioUpdate } from '../../db/schema';
import { MAX_INT4 } from '../../http/zod';

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

/** A user with the names of their supervisor and region. */
type UsuarioRow = Awaited<ReturnType<ReturnType<typeof usuarioQuery>['executeTakeFirstOrThrow']>>;

/** A user as the wire shows them. */
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

/** Version of the users list (0007): it changes with every committed change of usuarios or estados. */
export async function usuariosVersion(db: Db): Promise<number> {
  const row = await db
    .selectFrom('versiones_datos')
    .select('version')
    .where('nombre', '=', 'usuarios')
    .executeTakeFirstOrThrow();
  return row.version;
}

export async function listUsuarios(db: Db): Promise<UsuarioDTO[]> {
  return (await usuarioQuery(db).orderBy('u.id_usuario').execute()).map(toDTO);
}

export async function getUsuario(db: Db, id: number): Promise<UsuarioDTO> {
  return toDTO(await usuarioQuery(db).where('u.id_usuario', '=', id).executeTakeFirstOrThrow());
}

/** `{id}` of edit_user: an id_usuario when all digits, otherwise a (normalised) username. */
export async function findUserId(db: Db, ref: { id: number } | { username: string }): Promise<number | null> {
  const row = await db
    .selectFrom('usuarios')
    .select('id_usuario')
    .$if('id' in ref, (q) => q.where('id_usuario', '=', (ref as { id: number }).id))
    .$if('username' in ref, (q) => q.where('username', '=', (ref as { username: string }).username))
    .executeTakeFirst();
  return row?.id_usuario ?? null;
}

/** Whether `text` reads as an id_usuario (digits within int4). */
export function isUserIdText(text: string): boolean {
  return /^\d{1,10}$/.test(text) && Number(text) <= MAX_INT4;
}

export async function usernameExists(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('usuarios')
    .select('id_usuario')
    .where('username', '=', username)
    .executeTakeFirst();
  return row !== undefined;
}

/** id_usuario of the user with `email` (any case), or null. */
export async function emailOwner(db: Db, email: string): Promise<number | null> {
  const row = await db
    .selectFrom('usuarios')
    .select('id_usuario')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row?.id_usuario ?? null;
}

/**
 * User `id` when their role is `rol` (and, with `activeOnly`, they are active): their id and state; else
 * undefined. The one "is user X of role Y" query (users/service exposes it to the other modules).
 */
export async function findUserOfRole(
  db: Db,
  id: number,
  rol: RolStored,
  options: { activeOnly: boolean },
): Promise<{ id_usuario: number; id_estado: number | null } | undefined> {
  let query = db
    .selectFrom('usuarios')
    .select(['id_usuario', 'id_estado'])
    .where('id_usuario', '=', id)
    .where('rol', '=', rol);
  if (options.activeOnly) query = query.where('estatus', '=', 'activo');
  return query.executeTakeFirst();
}

export async function estadoExists(db: Db, idEstado: number): Promise<boolean> {
  const row = await db
    .selectFrom('estados')
    .select('id_estado')
    .where('id_estado', '=', idEstado)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertUsuario(db: Db, values: NewUsuario): Promise<number> {
  const { id_usuario } = await db
    .insertInto('usuarios')
    .values(values)
    .returning('id_usuario')
    .executeTakeFirstOrThrow();
  return id_usuario;
}

/** The editable columns of a user, locked for the rest of the transaction. */
export async function lockUsuarioProfile(db: Db, id: number) {
  return db
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
}

/** Writes a profile; `revokeTokens` bumps token_version so older tokens stop working. */
export async function updateUsuario(
  db: Db,
  id: number,
  values: UsuarioUpdate,
  revokeTokens: boolean,
): Promise<void> {
  await db
    .updateTable('usuarios')
    .set({
      ...values,
      updated_at: sql<Date>`now()`,
      ...(revokeTokens ? { token_version: sql<number>`token_version + 1` } : {}),
    })
    .where('id_usuario', '=', id)
    .execute();
}

export async function listActiveSupervisors(db: Db): Promise<SupervisorOption[]> {
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

/**
 * Names of the states with at least one active Visitador, in Spanish alphabetical order (es-MX, whatever the
 * database's collation). The one query behind users/regions_available and cargas/regions_available.
 */
export async function listRegionsWithActiveVisitors(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('estados as e')
    .select('e.estado')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('usuarios as u')
          .select('u.id_usuario')
          .whereRef('u.id_estado', '=', 'e.id_estado')
          .where('u.rol', '=', VISITOR_ROLE_STORED)
          .where('u.estatus', '=', 'activo'),
      ),
    )
    .execute();
  return rows.map((r) => r.estado).sort((a, b) => a.localeCompare(b, 'es-MX'));
}

/** Per active visitor: assignment counters, recent (30-day) totals and mean days to complete. */
export async function visitorCompetitiveness(db: Db) {
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
    WHERE u.rol = ${VISITOR_ROLE_STORED} AND u.estatus = 'activo'
    ORDER BY u.nombres, u.apellido_paterno, u.id_usuario
  `.execute(db);
  return result.rows;
}
