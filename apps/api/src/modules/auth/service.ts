/** Sign-in rules: login with throttling, the session user, changing one's own password. */
import {
  AUTH_MESSAGES,
  type LoginResponse,
  newPasswordError,
  type SessionUser,
  toWireRol,
} from '@socio/contracts';
import { audit } from '../../audit';
import { DEFAULT_ADMIN_PASSWORD, DEMO_PASSWORD, isLoopbackHost } from '../../config';
import { ConfigError } from '../../data-dir';
import type { Db } from '../../db/schema';
import { fail } from '../../domain-errors';
import { DEMO_SUPERVISORS, DEMO_VISITORS } from '../../seed/demo-people';
import type { AuthUser } from '../../session';
import { issueDeviceToken, trustedDevice } from './device';
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password';
import {
  countLoginAttempt,
  deleteExpiredLoginState,
  exposureCandidates,
  findUserByEmail,
  findUserById,
  forgetLoginFailures,
  revokeToken,
  settleSuccessfulLogin,
  toSessionUser,
  updatePasswordHash,
} from './repo';
import type { TokenService, VerifiedToken } from './tokens';

/** What login needs: the database, the throttle settings and the token signer. */
export interface LoginDeps {
  db: Db;
  tokens: Pick<TokenService, 'sign'>;
  config: { loginMaxFailures: number; loginWindowMinutes: number; jwtSecret: string };
}

/** What a sign-in answers: the session, and a new device token for the browser (a cookie). */
export interface LoginResult {
  session: LoginResponse;
  deviceToken: string;
}

/** Ceiling of failed sign-ins from one address across every e-mail, per `loginWindowMinutes`. */
export const MAX_FAILURES_PER_ADDRESS = 30;

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
 * (only told to someone who knows the password); 429 after too many failures.
 *
 * A browser with a valid device cookie for this e-mail (`deviceCookie`, see device.ts) is throttled on its own
 * counter (`loginMaxFailures`), so other people's failures from the same address never lock it out; once
 * that counter is exhausted it is treated as unknown. An unknown browser is throttled per e-mail + IP
 * (`loginMaxFailures`) and per IP across e-mails (`MAX_FAILURES_PER_ADDRESS`).
 *
 * Every attempt is counted BEFORE the password is checked, each count one atomic upsert
 * (`countLoginAttempt`): of N parallel attempts at most `loginMaxFailures` reach the password check, on one
 * server or several over one PostgreSQL. A success forgets the failures and gives back the address's count.
 */
export async function login(
  { db, tokens, config }: LoginDeps,
  input: { email: string; password: string },
  ip: string,
  deviceCookie?: string,
): Promise<LoginResult> {
  const email = input.email.trim().toLowerCase();
  const device = trustedDevice(config.jwtSecret, deviceCookie, email);
  const deviceKey = device ? `d:${device}` : null;
  const trusted =
    deviceKey !== null &&
    (await countLoginAttempt(db, deviceKey, config.loginWindowMinutes)) <= config.loginMaxFailures;
  const addressKey = `a:${ip}`;
  const emailKey = `e:${email}|${ip}`;
  if (!trusted) {
    const addressCount = await countLoginAttempt(db, addressKey, config.loginWindowMinutes);
    const emailCount = await countLoginAttempt(db, emailKey, config.loginWindowMinutes);
    if (emailCount > config.loginMaxFailures || addressCount > MAX_FAILURES_PER_ADDRESS) {
      fail('too_many', 'too_many_attempts', AUTH_MESSAGES.tooManyAttempts, {
        headers: { 'retry-after': String(config.loginWindowMinutes * 60) },
      });
    }
  }
  const user = await findUserByEmail(db, email);
  const ok = user
    ? await verifyPassword(input.password, user.password_hash)
    : await verifyAgainstDummy(input.password);
  if (!user || !ok) {
    await countLoginForCleanup(db);
    fail('unauthorized', 'invalid_credentials', AUTH_MESSAGES.wrongCredentials);
  }
  if (trusted) await forgetLoginFailures(db, deviceKey);
  else await settleSuccessfulLogin(db, emailKey, addressKey);
  if (user.estatus !== 'activo') fail('forbidden', 'account_inactive', AUTH_MESSAGES.inactive);
  await countLoginForCleanup(db);
  const token = await tokens.sign({
    sub: user.id_usuario,
    rol: toWireRol(user.rol),
    tv: user.token_version,
  });
  return {
    session: { token, token_type: 'bearer', ...toSessionUser(user) },
    deviceToken: issueDeviceToken(config.jwtSecret, email),
  };
}

export async function me(db: Db, auth: AuthUser): Promise<SessionUser> {
  const user = await findUserById(db, auth.id_usuario);
  if (!user) fail('unauthorized', 'not_authenticated', AUTH_MESSAGES.notAuthenticated);
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
  if (rule) fail('invalid', 'invalid_new_password', rule);
  const user = await findUserById(db, auth.id_usuario);
  if (!user) fail('unauthorized', 'not_authenticated', AUTH_MESSAGES.notAuthenticated);
  if (!(await verifyPassword(input.current_password, user.password_hash))) {
    fail('rejected', 'current_password_wrong', AUTH_MESSAGES.currentPasswordWrong);
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

/** Passwords printed in the README and at start-up: whoever read them can sign in with them. */
const DOCUMENTED_PASSWORDS = [DEFAULT_ADMIN_PASSWORD, DEMO_PASSWORD] as const;
const DEMO_EMAILS = [...DEMO_SUPERVISORS, ...DEMO_VISITORS].map((p) => p.email.toLowerCase());

/**
 * E-mails of the active accounts whose password is still a documented one (the demo administrator's or the
 * demo people's). Each distinct hash is checked once: the seed's people share one.
 */
export async function accountsWithDocumentedPassword(db: Db): Promise<string[]> {
  const candidates = await exposureCandidates(db, DEMO_EMAILS);
  const verdicts = new Map<string, Promise<boolean>>();
  const documented = (hash: string) =>
    Promise.all(DOCUMENTED_PASSWORDS.map((p) => verifyPassword(p, hash))).then((r) => r.some(Boolean));
  for (const c of candidates)
    if (!verdicts.has(c.password_hash)) verdicts.set(c.password_hash, documented(c.password_hash));
  const out: string[] = [];
  for (const c of candidates) if (await verdicts.get(c.password_hash)) out.push(c.email);
  return out;
}

/**
 * Refuses to serve the network (HOST not loopback) while any active account still has a documented password:
 * anyone who read the README could sign in with it.
 */
export async function assertSafeToExpose(db: Db, host: string): Promise<void> {
  if (isLoopbackHost(host)) return;
  const exposed = await accountsWithDocumentedPassword(db);
  if (exposed.length === 0) return;
  const shown = exposed.slice(0, 5).join(', ') + (exposed.length > 5 ? ` y ${exposed.length - 5} más` : '');
  throw new ConfigError(
    [
      `HOST=${host} expone el servidor a la red, pero ${exposed.length === 1 ? 'la cuenta' : `${exposed.length} cuentas activas`} ${shown} aún ${exposed.length === 1 ? 'tiene' : 'tienen'} una contraseña de demostración publicada (${DOCUMENTED_PASSWORDS.join(' o ')}).`,
      'Para servir a la red usa contraseñas propias: en una base nueva, inicia sin datos de demostración con',
      `  ADMIN_PASSWORD='una-contraseña-segura' HOST=${host} npm start`,
      'o, en una base existente, inicia sin HOST (solo 127.0.0.1), entra como administrador, cambia esas contraseñas',
      '(«Cambiar contraseña» y la pantalla Usuarios) o desactiva las cuentas de demostración, y vuelve a iniciar con HOST.',
    ].join('\n'),
  );
}
