import {
  AUTH_MESSAGES,
  type LoginResponse,
  newPasswordError,
  type SessionUser,
  toWireRol,
} from '@socio/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { audit } from '../../audit';
import type { Usuario } from '../../db/schema';
import type { AuthUser } from '../../http/auth';
import { httpError } from '../../http/errors';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';

export function toSessionUser(u: Usuario): SessionUser {
  return {
    id_usuario: u.id_usuario,
    nombres: u.nombres,
    apellido_paterno: u.apellido_paterno,
    apellido_materno: u.apellido_materno,
    email: u.email,
    rol: toWireRol(u.rol),
    foto_path: u.foto_path,
  };
}

let loginsSinceCleanup = 0;

/** Failed logins of `email` from `ip` in the window, not counting those before a later success. */
async function recentFailures(app: FastifyInstance, email: string, ip: string): Promise<number> {
  const windowStart = sql<Date>`now() - make_interval(mins => ${app.config.loginWindowMinutes})`;
  const row = await app.db
    .selectFrom('login_attempts as f')
    .select((eb) => eb.fn.countAll<number>().as('failures'))
    .where('f.email', '=', email)
    .where('f.ip', '=', ip)
    .where('f.success', '=', false)
    .where('f.attempted_at', '>', windowStart)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('login_attempts as s')
            .select('s.id')
            .where('s.email', '=', email)
            .where('s.ip', '=', ip)
            .where('s.success', '=', true)
            .whereRef('s.attempted_at', '>=', 'f.attempted_at'),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(row?.failures ?? 0);
}

async function recordAttempt(
  app: FastifyInstance,
  email: string,
  ip: string,
  success: boolean,
): Promise<void> {
  await app.db.insertInto('login_attempts').values({ email, ip, success }).execute();
  loginsSinceCleanup += 1;
  if (loginsSinceCleanup >= 200) {
    loginsSinceCleanup = 0;
    await app.db
      .deleteFrom('login_attempts')
      .where('attempted_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
  }
}

/**
 * Signs a user in. Same 401 for an unknown e-mail and a wrong password; 403 for an inactive account
 * (only told to someone who knows the password); 429 after too many failures from this IP for this e-mail.
 */
export async function login(
  app: FastifyInstance,
  input: { email: string; password: string },
  ip: string,
): Promise<LoginResponse> {
  const email = input.email.trim().toLowerCase();
  if ((await recentFailures(app, email, ip)) >= app.config.loginMaxFailures) {
    httpError(429, AUTH_MESSAGES.tooManyAttempts, {
      'retry-after': String(app.config.loginWindowMinutes * 60),
    });
  }
  const user = await app.db
    .selectFrom('usuarios')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email)
    .executeTakeFirst();
  const ok = user
    ? await verifyPassword(input.password, user.password_hash)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    await recordAttempt(app, email, ip, false);
    httpError(401, AUTH_MESSAGES.wrongCredentials);
  }
  if (user.estatus !== 'activo') httpError(403, AUTH_MESSAGES.inactive);
  await recordAttempt(app, email, ip, true);
  const token = await app.tokens.sign({
    sub: user.id_usuario,
    rol: toWireRol(user.rol),
    tv: user.token_version,
  });
  return { token, token_type: 'bearer', ...toSessionUser(user) };
}

export async function me(app: FastifyInstance, auth: AuthUser): Promise<SessionUser> {
  const user = await app.db
    .selectFrom('usuarios')
    .selectAll()
    .where('id_usuario', '=', auth.id_usuario)
    .executeTakeFirst();
  if (!user) httpError(401, AUTH_MESSAGES.notAuthenticated);
  return toSessionUser(user);
}

/** Spec §5: new ≥ 8 characters and different from the current one (422); the current one must match (400). */
export async function changePassword(
  app: FastifyInstance,
  auth: AuthUser,
  input: { current_password: string; new_password: string },
  requestId: string,
): Promise<{ detail: string }> {
  const rule = newPasswordError(input.current_password, input.new_password);
  if (rule) httpError(422, rule);
  const user = await app.db
    .selectFrom('usuarios')
    .select(['id_usuario', 'password_hash'])
    .where('id_usuario', '=', auth.id_usuario)
    .executeTakeFirst();
  if (!user) httpError(401, AUTH_MESSAGES.notAuthenticated);
  if (!(await verifyPassword(input.current_password, user.password_hash))) {
    httpError(400, AUTH_MESSAGES.currentPasswordWrong);
  }
  const passwordHash = await hashPassword(input.new_password);
  await app.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('usuarios')
      .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
      .where('id_usuario', '=', auth.id_usuario)
      .execute();
    await audit(trx, {
      actorId: auth.id_usuario,
      action: 'auth.change_password',
      targetType: 'usuario',
      targetId: auth.id_usuario,
      change: { password: 'changed' },
      requestId,
    });
  });
  return { detail: AUTH_MESSAGES.passwordChanged };
}
