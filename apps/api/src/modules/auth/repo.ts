/** SQL of sign-in: users by e-mail or id, login attempts, password writes. */
import { type SessionUser, toWireRol } from '@socio/contracts';
import { sql } from 'kysely';
import type { Db, Usuario } from '../../db/schema';

/** The signed-in user as the wire shows them. */
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

/** What the auth hook needs of a token's user, with the user's signed-out tokens not yet expired. */
export async function findSessionUser(db: Db, id: number) {
  return db
    .selectFrom('usuarios as u')
    .select([
      'u.id_usuario',
      'u.rol',
      'u.email',
      'u.username',
      'u.estatus',
      'u.token_version',
      'u.kept_jti',
      'u.kept_tv',
      sql<
        string[]
      >`array(SELECT r.jti FROM revoked_tokens r WHERE r.id_usuario = u.id_usuario AND r.expires_at > now())`.as(
        'revoked',
      ),
    ])
    .where('u.id_usuario', '=', id)
    .executeTakeFirst();
}

/** Signs a token out until it would have expired (`exp`, seconds since the epoch). */
export async function revokeToken(db: Db, id: number, jti: string, exp: number): Promise<void> {
  await db
    .insertInto('revoked_tokens')
    .values({ jti, id_usuario: id, expires_at: new Date(exp * 1000) })
    .onConflict((oc) => oc.column('jti').doNothing())
    .execute();
}

export async function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('usuarios')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/**
 * E-mail and password hash of the active accounts that may still have a documented password: every
 * administrator, the seeded demo accounts (`emails`), and any account sharing its hash with another (the seed
 * hashes the demo password once for all its people). Bounded: other accounts have hashes of their own.
 */
export async function exposureCandidates(
  db: Db,
  emails: readonly string[],
): Promise<Array<{ email: string; password_hash: string }>> {
  return db
    .selectFrom('usuarios as u')
    .select(['u.email', 'u.password_hash'])
    .where('u.estatus', '=', 'activo')
    .where((eb) =>
      eb.or([
        eb('u.rol', '=', 'administrador'),
        eb(sql<string>`lower(u.email)`, 'in', emails.length ? [...emails] : ['']),
        eb.exists(
          eb
            .selectFrom('usuarios as o')
            .select('o.id_usuario')
            .whereRef('o.password_hash', '=', 'u.password_hash')
            .whereRef('o.id_usuario', '<>', 'u.id_usuario')
            .where('o.estatus', '=', 'activo'),
        ),
      ]),
    )
    .orderBy('u.id_usuario')
    .execute();
}

export async function findUserById(db: Db, id: number) {
  return db.selectFrom('usuarios').selectAll().where('id_usuario', '=', id).executeTakeFirst();
}

/**
 * Counts one attempt under throttle `key` and answers the count in the current window, in ONE statement
 * (insert or increment, restarting the window when it is older than `windowMinutes`). Parallel attempts and
 * other servers on the same database are serialised by the row lock of the upsert, so no two attempts can
 * both see a count under the limit that their sum exceeds.
 */
export async function countLoginAttempt(db: Db, key: string, windowMinutes: number): Promise<number> {
  const expired = sql<boolean>`t.window_start < now() - make_interval(mins => ${windowMinutes})`;
  const row = await sql<{ failures: number }>`
    INSERT INTO login_throttle AS t (key, failures, window_start) VALUES (${key}, 1, now())
    ON CONFLICT (key) DO UPDATE SET
      failures = CASE WHEN ${expired} THEN 1 ELSE t.failures + 1 END,
      window_start = CASE WHEN ${expired} THEN now() ELSE t.window_start END
    RETURNING failures`.execute(db);
  return Number(row.rows[0]?.failures ?? 0);
}

/** Forgets the failures counted under a throttle key. */
export async function forgetLoginFailures(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

/** A successful sign-in: forgets the e-mail + address failures and gives back the address's counted attempt. */
export async function settleSuccessfulLogin(db: Db, emailKey: string, addressKey: string): Promise<void> {
  await forgetLoginFailures(db, emailKey);
  await db
    .updateTable('login_throttle')
    .set({ failures: sql<number>`greatest(failures - 1, 0)` })
    .where('key', '=', addressKey)
    .execute();
}

/** Forgets throttle windows older than a day and revoked tokens past their expiry. */
export async function deleteExpiredLoginState(db: Db): Promise<void> {
  const dayAgo = sql<Date>`now() - interval '1 day'`;
  await db.deleteFrom('login_throttle').where('window_start', '<', dayAgo).execute();
  await db.deleteFrom('revoked_tokens').where('expires_at', '<', sql<Date>`now()`).execute();
}

/**
 * Writes a new password and revokes every other token of the user: token_version is bumped and only
 * `keptJti` (the token that made the change) stays valid under the new version.
 */
export async function updatePasswordHash(
  db: Db,
  id: number,
  passwordHash: string,
  keptJti: string,
): Promise<void> {
  await db
    .updateTable('usuarios')
    .set({
      password_hash: passwordHash,
      token_version: sql<number>`token_version + 1`,
      kept_jti: keptJti,
      kept_tv: sql<number>`token_version + 1`,
      updated_at: sql<Date>`now()`,
    })
    .where('id_usuario', '=', id)
    .execute();
}
