/** Sign-in rules: login with throttling, the session user, changing one's own password. */
import {
  AUTH_MESSAGES,
  type LoginResponse,
  newPasswordError,
  type SessionUser,
  toWireRol,
} from '@socio/contracts';
import type { Kysely } from 'kysely';
import { audit } from '../../audit';
import { ConfigError, DEFAULT_ADMIN_PASSWORD, isLoopbackHost } from '../../config';
import type { Database, Usuario } from '../../db/schema';
import { fail } from '../../domain-errors';
import type { AuthUser } from '../../session';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import {
  activeAdminPasswords,
  countLoginAttempt,
  deleteExpiredLoginState,
  findUserByEmail,
  findUserById,
  revokeToken,
  settleSuccessfulLogin,
  updatePasswordHash,
} from './repo';
import type { TokenService, VerifiedToken } from './tokens';

type Db = Kysely<Database>;

/** What login needs: the database, the throttle settings and the token signer. */
export interface LoginDeps {
  db: Db;
  tokens: Pick<TokenService, 'sign'>;
  config: { loginMaxFailures: number; loginWindowMinutes: number };
}

/** Ceiling of failed sign-ins from one address across every e-mail, per `loginWindowMinutes`. */
export const MAX_FAILURES_PER_ADDRESS = 30;

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

/** Every 200 sign-ins that reach the password check, forgets expired throttle windows and revoked tokens. */
async function countLoginForCleanup(db: Db): Promise<void> {
  loginsSinceCleanup += 1;
  if (loginsSinceCleanup >= 200) {
    loginsSinceCleanup = 0;
    await deleteExpiredLoginState(db);
  }
}

/**
 * Signs a user in. Same 401 for an unknown e-mail and a wrong password; 403 for an inactive account
 * (only told to someone who knows the password); 429 after too many failures from this IP for this e-mail
 * (`loginMaxFailures`) or from this IP across e-mails (`MAX_FAILURES_PER_ADDRESS`).
 *
 * Every attempt is counted BEFORE the password is checked, each count one atomic upsert
 * (`countLoginAttempt`): of N parallel attempts at most `loginMaxFailures` reach the password check, on one
 * server or several over one PostgreSQL. A success forgets the e-mail's failures and gives back its count.
 */
export async function login(
  { db, tokens, config }: LoginDeps,
  input: { email: string; password: string },
  ip: string,
): Promise<LoginResponse> {
  const email = input.email.trim().toLowerCase();
  const addressKey = `a:${ip}`;
  const emailKey = `e:${email}|${ip}`;
  const addressCount = await countLoginAttempt(db, addressKey, config.loginWindowMinutes);
  const emailCount = await countLoginAttempt(db, emailKey, config.loginWindowMinutes);
  if (emailCount > config.loginMaxFailures || addressCount > MAX_FAILURES_PER_ADDRESS) {
    fail('too_many', AUTH_MESSAGES.tooManyAttempts, {
      headers: { 'retry-after': String(config.loginWindowMinutes * 60) },
    });
  }
  const user = await findUserByEmail(db, email);
  const ok = user
    ? await verifyPassword(input.password, user.password_hash)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    await countLoginForCleanup(db);
    fail('unauthorized', AUTH_MESSAGES.wrongCredentials);
  }
  await settleSuccessfulLogin(db, emailKey, addressKey);
  if (user.estatus !== 'activo') fail('forbidden', AUTH_MESSAGES.inactive);
  await countLoginForCleanup(db);
  const token = await tokens.sign({
    sub: user.id_usuario,
    rol: toWireRol(user.rol),
    tv: user.token_version,
  });
  return { token, token_type: 'bearer', ...toSessionUser(user) };
}

export async function me(db: Db, auth: AuthUser): Promise<SessionUser> {
  const user = await findUserById(db, auth.id_usuario);
  if (!user) fail('unauthorized', AUTH_MESSAGES.notAuthenticated);
  return toSessionUser(user);
}

/**
 * New ≥ 8 characters and different from the current one (422); the current one must match (400).
 * Every other token of the user stops working; `token` (the one making the change) stays valid.
 */
export async function changePassword(
  db: Db,
  auth: AuthUser,
  token: Pick<VerifiedToken, 'jti'>,
  input: { current_password: string; new_password: string },
  requestId: string,
): Promise<{ detail: string }> {
  const rule = newPasswordError(input.current_password, input.new_password);
  if (rule) fail('invalid', rule);
  const user = await findUserById(db, auth.id_usuario);
  if (!user) fail('unauthorized', AUTH_MESSAGES.notAuthenticated);
  if (!(await verifyPassword(input.current_password, user.password_hash))) {
    fail('rejected', AUTH_MESSAGES.currentPasswordWrong);
  }
  const passwordHash = await hashPassword(input.new_password);
  await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, auth.id_usuario, passwordHash, token.jti);
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

/** Signs the current token out (401 afterwards, on every server). */
export async function logout(db: Db, auth: AuthUser, token: Pick<VerifiedToken, 'jti' | 'exp'>) {
  await revokeToken(db, auth.id_usuario, token.jti, token.exp);
  return { detail: AUTH_MESSAGES.loggedOut };
}

/** E-mails of the active administrators whose password is still the documented demo one. */
export async function adminsWithDemoPassword(db: Db): Promise<string[]> {
  const admins = await activeAdminPasswords(db);
  const out: string[] = [];
  for (const a of admins)
    if (await verifyPassword(DEFAULT_ADMIN_PASSWORD, a.password_hash)) out.push(a.email);
  return out;
}

/**
 * Refuses to serve the network (HOST not loopback) while an administrator still has the documented demo
 * password: anyone who read the README could sign in as administrator.
 */
export async function assertSafeToExpose(db: Db, host: string): Promise<void> {
  if (isLoopbackHost(host)) return;
  const exposed = await adminsWithDemoPassword(db);
  if (exposed.length === 0) return;
  throw new ConfigError(
    [
      `HOST=${host} expone el servidor a la red, pero el administrador ${exposed.join(', ')} aún tiene la contraseña de demostración (${DEFAULT_ADMIN_PASSWORD}).`,
      'Para servir a la red define una contraseña propia: en una base nueva, inicia con',
      `  ADMIN_PASSWORD='una-contraseña-segura' HOST=${host} npm start`,
      'o, en una base existente, inicia sin HOST (solo 127.0.0.1), entra como administrador, usa «Cambiar contraseña» y vuelve a iniciar con HOST.',
    ].join('\n'),
  );
}
