/** User administration and visitor statistics: rules and transactions (SQL in ./repo.ts). */
import {
  type CompetitivenessRow,
  type EditUser,
  fullName,
  type NewUser,
  normalizeUsername,
  type SupervisorOption,
  toStoredEstatus,
  toStoredRol,
  USER_MESSAGES,
  type UsuarioDTO,
  usernameError,
  VISITOR_ROLE_STORED,
} from '@socio/contracts';
import { audit, diff } from '../../audit';
import type { Db } from '../../db/schema';
import { DomainError, fail } from '../../domain-errors';
import type { AuthUser } from '../../session';
import { hashPassword } from '../auth/password';
import { completionLast30Days } from '../cargas/service';
import {
  emailOwner,
  estadoExists,
  findUserId,
  findUserOfRole,
  getUsuario,
  insertUsuario,
  isUserIdText,
  listActiveSupervisors,
  listRegionsWithActiveVisitors,
  listUsuarios,
  lockUsuarioProfile,
  updateUsuario,
  usernameExists,
  usuariosVersion,
  visitorCompetitiveness,
} from './repo';

/** Per database handle: the users list as of a version of it (nothing is ever evicted but by a newer one). */
const usersLists = new WeakMap<Db, { version: number; usuarios: UsuarioDTO[] }>();

/**
 * Every user. The list is kept with the version read BEFORE reading it, and answered again while the version
 * stays the same: a change committed meanwhile moves the version past it, so the next call rebuilds the list
 * (never an older list under a newer version). One indexed row read instead of 2,000 rows when unchanged.
 * The answer is shared between calls: read it, never change it.
 */
export async function allUsers(db: Db): Promise<UsuarioDTO[]> {
  const version = await usuariosVersion(db);
  const cached = usersLists.get(db);
  if (cached?.version === version) return cached.usuarios;
  const usuarios = await listUsuarios(db);
  usersLists.set(db, { version, usuarios });
  return usuarios;
}

async function userDTO(db: Db, id: number): Promise<UsuarioDTO> {
  return getUsuario(db, id);
}

/** `{id}` of edit_user: an id_usuario when all digits, otherwise a username. */
async function resolveUserId(db: Db, idOrUsername: string): Promise<number | null> {
  const text = idOrUsername.trim();
  return findUserId(db, isUserIdText(text) ? { id: Number(text) } : { username: normalizeUsername(text) });
}

/** A supervisor must be an active Supervisor other than the user. */
async function checkSupervisor(db: Db, supervisorId: number | null, selfId: number | null): Promise<void> {
  if (supervisorId === null) return;
  const loc = ['body', 'supervisor'];
  if (supervisorId === selfId) fail('invalid', 'self_supervisor', USER_MESSAGES.selfSupervisor, { loc });
  if (!(await findUserOfRole(db, supervisorId, 'supervisor', { activeOnly: true })))
    fail('invalid', 'invalid_supervisor', USER_MESSAGES.invalidSupervisor, { loc });
}

async function checkEstado(db: Db, idEstado: number | null | undefined): Promise<void> {
  if (idEstado === null || idEstado === undefined) return;
  if (!(await estadoExists(db, idEstado))) {
    fail('invalid', 'invalid_estado', USER_MESSAGES.invalidEstado, { loc: ['body', 'estado'] });
  }
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

/** Maps a unique violation that slipped past the checks (two requests at once) to its conflict. */
function mapUniqueViolation(err: unknown): never {
  if (err instanceof DomainError) throw err;
  const e = err as { code?: string; constraint?: string };
  if (e?.code === '23505') {
    if (e.constraint === 'usuarios_username_key')
      fail('conflict', 'username_taken', USER_MESSAGES.usernameTaken);
    if (e.constraint === 'usuarios_email_lower_key')
      fail('conflict', 'email_taken', USER_MESSAGES.emailTaken);
  }
  throw err;
}

export async function createUser(
  db: Db,
  actor: AuthUser,
  input: NewUser,
  requestId: string,
): Promise<UsuarioDTO> {
  if (await usernameExists(db, input.username))
    fail('conflict', 'username_taken', USER_MESSAGES.usernameTaken);
  if ((await emailOwner(db, input.email)) !== null) fail('conflict', 'email_taken', USER_MESSAGES.emailTaken);
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
      const id_usuario = await insertUsuario(trx, { ...values, password_hash: passwordHash });
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
    mapUniqueViolation(err);
  }
}

/** Edits a profile (the username never changes); a deactivation revokes the user's tokens. */
export async function editUser(
  db: Db,
  actor: AuthUser,
  idOrUsername: string,
  input: EditUser,
  requestId: string,
): Promise<UsuarioDTO> {
  const id = await resolveUserId(db, idOrUsername);
  if (id === null) fail('not_found', 'user_not_found', USER_MESSAGES.notFound);
  const owner = await emailOwner(db, input.email);
  if (owner !== null && owner !== id) fail('conflict', 'email_taken', USER_MESSAGES.emailTaken);
  if (id === actor.id_usuario) {
    if (input.status !== 'Activo')
      fail('invalid', 'cannot_deactivate_self', USER_MESSAGES.cannotDeactivateSelf);
    if (input.role !== actor.rol && actor.rol === 'Administrador') {
      fail('invalid', 'cannot_demote_self', USER_MESSAGES.cannotDemoteSelf);
    }
  }
  await checkSupervisor(db, supervisorOf(input), id);
  await checkEstado(db, input.estado);

  try {
    return await db.transaction().execute(async (trx) => {
      const before = await lockUsuarioProfile(trx, id);
      if (!before) fail('not_found', 'user_not_found', USER_MESSAGES.notFound);
      const after = {
        ...profileColumns(input),
        ...(input.estado !== undefined ? { id_estado: input.estado } : {}),
      };
      // Tokens issued before a deactivation never work again, even after reactivation.
      const deactivated = before.estatus === 'activo' && after.estatus === 'inactivo';
      await updateUsuario(trx, id, after, deactivated);
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
  } catch (err) {
    mapUniqueViolation(err);
  }
}

/** Availability of a username (after normalising): free and valid by the username rules. */
export async function checkUsername(db: Db, raw: string): Promise<{ username: string; available: boolean }> {
  const username = normalizeUsername(raw);
  if (usernameError(username) !== null) return { username, available: false };
  return { username, available: !(await usernameExists(db, username)) };
}

export async function supervisorsList(db: Db): Promise<SupervisorOption[]> {
  return listActiveSupervisors(db);
}

/** Names of the states that have at least one active visitor. */
export async function regionsAvailable(db: Db): Promise<string[]> {
  return listRegionsWithActiveVisitors(db);
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
  const rows = await visitorCompetitiveness(db);
  return rows.map((r) => ({
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
  return completionLast30Days(db, new Date());
}

/** An active Visitador with their state, or undefined (the visitor of a new or moved assignment). */
export async function findActiveVisitador(
  db: Db,
  id: number,
): Promise<{ id_usuario: number; id_estado: number | null } | undefined> {
  return findUserOfRole(db, id, VISITOR_ROLE_STORED, { activeOnly: true });
}

/** Whether `id` is a Visitador, active or not (the visitor named by a report upload). */
export async function isVisitador(db: Db, id: number): Promise<boolean> {
  return (await findUserOfRole(db, id, VISITOR_ROLE_STORED, { activeOnly: false })) !== undefined;
}
