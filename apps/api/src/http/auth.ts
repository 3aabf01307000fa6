import { ALL_ROLES, AUTH_MESSAGES, type Rol, toWireRol } from '@socio/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ListenFn } from '../db/index';
import { DomainError } from '../domain-errors';
import { findSessionUser } from '../modules/auth/repo';
import type { TokenService, VerifiedToken } from '../modules/auth/tokens';
import type { Actor, AuthUser } from '../session';

/** A route hook; use it as `onRequest` so 401/403 come before body validation (422). */
export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

export type { AuthUser };

declare module 'fastify' {
  interface FastifyInstance {
    /** Hook (onRequest or preHandler): requires a valid bearer token of an active user; sets `request.user`. */
    authenticate: AuthHook;
    tokens: TokenService;
    authCache: AuthCache;
  }
  interface FastifyRequest {
    /** Set by `app.authenticate` / `requireRole`; null on public routes. */
    user: AuthUser | null;
    /** The verified token of `user` (its jti and expiry: logout, password change). */
    authToken: VerifiedToken | null;
  }
}

interface CachedUser {
  user: AuthUser;
  active: boolean;
  tokenVersion: number;
  /** The token that survived the user's last password change, valid while tokenVersion = keptTv. */
  keptJti: string | null;
  keptTv: number | null;
  /** Signed-out tokens of the user that have not expired yet. */
  revoked: ReadonlySet<string>;
  at: number;
}

/** Channel of the cache invalidations between servers (payload: a user id, or `*` for everyone). */
export const AUTH_INVALIDATE_CHANNEL = 'auth_invalidate';

/**
 * A short-lived cache of the users behind tokens, so each request does not read `usuarios`.
 * Writes to a user call `invalidate(id)`: the entry is dropped here at once and `publish` tells the other
 * servers (PostgreSQL NOTIFY on `auth_invalidate`; see `subscribeAuthInvalidation`), so deactivation, role
 * changes, logout and password changes take effect at once everywhere. If a server misses a notification
 * (its listening connection dropped), entries still expire after `ttlMs`.
 */
export class AuthCache {
  readonly #entries = new Map<number, CachedUser>();
  readonly #ttlMs: number;
  readonly #publish: ((id?: number) => void) | undefined;
  constructor(ttlMs = 5_000, publish?: (id?: number) => void) {
    this.#ttlMs = ttlMs;
    this.#publish = publish;
  }
  get(id: number): CachedUser | undefined {
    const entry = this.#entries.get(id);
    if (entry && Date.now() - entry.at <= this.#ttlMs) return entry;
    if (entry) this.#entries.delete(id);
    return undefined;
  }
  set(id: number, entry: Omit<CachedUser, 'at'>): void {
    if (this.#entries.size >= 10_000) this.#entries.clear();
    this.#entries.set(id, { ...entry, at: Date.now() });
  }
  /** Drops the user's entry (every entry without `id`) here and on the other servers. */
  invalidate(id?: number): void {
    this.forget(id);
    this.#publish?.(id);
  }
  /** Drops the user's entry on this server only (a notification from another server). */
  forget(id?: number): void {
    if (id === undefined) this.#entries.clear();
    else this.#entries.delete(id);
  }
}

/**
 * Applies the invalidations published by other servers (and by this one: harmless) to `app.authCache`.
 * Unsubscribes itself when the app closes (an `onClose` hook).
 */
export async function subscribeAuthInvalidation(app: FastifyInstance, listen: ListenFn): Promise<void> {
  const stop = await listen(AUTH_INVALIDATE_CHANNEL, (payload) => {
    const id = Number(payload);
    app.authCache.forget(payload === '*' || !Number.isInteger(id) ? undefined : id);
  });
  app.addHook('onClose', async () => {
    await stop();
  });
}

const BEARER = { headers: { 'www-authenticate': 'Bearer' } };
const notAuthenticated = () =>
  new DomainError('unauthorized', 'not_authenticated', AUTH_MESSAGES.notAuthenticated, BEARER);
const invalidToken = () =>
  new DomainError('unauthorized', 'invalid_token', AUTH_MESSAGES.invalidToken, BEARER);

/** Reads the bearer token of `Authorization: Bearer <token>`. */
function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

async function loadUser(app: FastifyInstance, id: number): Promise<CachedUser | undefined> {
  const cached = app.authCache.get(id);
  if (cached) return cached;
  const row = await findSessionUser(app.db, id);
  if (!row) return undefined;
  const entry = {
    user: { id_usuario: row.id_usuario, rol: toWireRol(row.rol), email: row.email, username: row.username },
    active: row.estatus === 'activo',
    tokenVersion: row.token_version,
    keptJti: row.kept_jti,
    keptTv: row.kept_tv,
    revoked: new Set(row.revoked),
  };
  app.authCache.set(id, entry);
  return app.authCache.get(id) ?? { ...entry, at: Date.now() };
}

/** Verifies the request's token and sets `request.user`; throws 401 otherwise. */
export async function authenticateRequest(request: FastifyRequest): Promise<AuthUser> {
  if (request.user) return request.user;
  const token = bearerToken(request);
  if (!token) throw notAuthenticated();
  const app = request.server;
  const claims = await app.tokens.verify(token);
  if (!claims) throw invalidToken();
  const entry = await loadUser(app, claims.sub);
  // Deleted, deactivated, signed out, or issued before the user was deactivated/reactivated or changed the
  // password (only the token that changed it survives).
  if (!entry?.active || entry.revoked.has(claims.jti)) throw invalidToken();
  const current =
    entry.tokenVersion === claims.tv || (entry.keptJti === claims.jti && entry.keptTv === entry.tokenVersion);
  if (!current) throw invalidToken();
  request.user = entry.user;
  request.authToken = claims;
  return entry.user;
}

/** Registers `app.authenticate` and `request.user`. */
export function registerAuth(app: FastifyInstance, tokens: TokenService): void {
  app.decorate('tokens', tokens);
  const publish = (id?: number) => {
    sql`SELECT pg_notify(${AUTH_INVALIDATE_CHANNEL}, ${id === undefined ? '*' : String(id)})`
      .execute(app.db)
      .catch((err: unknown) => app.log.error({ err }, 'no se pudo avisar la invalidación de sesión'));
  };
  app.decorate('authCache', new AuthCache(5_000, publish));
  app.decorateRequest('user', null);
  app.decorateRequest('authToken', null);
  app.decorate('authenticate', async (request: FastifyRequest, _reply: FastifyReply) => {
    await authenticateRequest(request);
  });
}

/**
 * Route hook: authenticates (401) and then requires one of `roles` (403); the roles come from the route table
 * (`registerRoute` installs it). With no roles, any signed-in user passes.
 * It runs as `onRequest` (before parsing and validation), so a body is never read for someone not allowed.
 */
export function requireRole(roles: readonly Rol[] = ALL_ROLES): AuthHook {
  const allowed = new Set<Rol>(roles);
  return async (request: FastifyRequest) => {
    const user = await authenticateRequest(request);
    if (!allowed.has(user.rol)) throw new DomainError('forbidden', 'forbidden', AUTH_MESSAGES.forbidden);
  };
}

/** Returns the authenticated user of a request that passed `requireRole`/`authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw notAuthenticated();
  return request.user;
}

/** The request's user as a service's actor (audit, role rules, progress log). */
export function actorOf(request: FastifyRequest): Actor {
  const user = currentUser(request);
  return { id: user.id_usuario, rol: user.rol, requestId: request.id, log: request.log };
}
