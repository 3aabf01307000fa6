import { AUTH_MESSAGES, type Rol, toWireRol } from '@socio/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { TokenService } from '../modules/auth/tokens';
import { HttpError } from './errors';

/** A route hook; use it as `onRequest` so 401/403 come before body validation (422). */
export type AuthHook = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/** The signed-in user of a request (set by `app.authenticate`). */
export interface AuthUser {
  id_usuario: number;
  rol: Rol;
  email: string;
  username: string;
}

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
  }
}

interface CachedUser {
  user: AuthUser;
  active: boolean;
  tokenVersion: number;
  at: number;
}

/**
 * A short-lived cache of the users behind tokens, so each request does not read `usuarios`.
 * Writes to a user call `invalidate(id)`, so deactivation and role changes take effect at once on this
 * server (other servers on the same PostgreSQL see them within `ttlMs`).
 */
export class AuthCache {
  readonly #entries = new Map<number, CachedUser>();
  readonly #ttlMs: number;
  constructor(ttlMs = 5_000) {
    this.#ttlMs = ttlMs;
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
  invalidate(id?: number): void {
    if (id === undefined) this.#entries.clear();
    else this.#entries.delete(id);
  }
}

const notAuthenticated = () =>
  new HttpError(401, AUTH_MESSAGES.notAuthenticated, { 'www-authenticate': 'Bearer' });
const invalidToken = () => new HttpError(401, AUTH_MESSAGES.invalidToken, { 'www-authenticate': 'Bearer' });

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
  const row = await app.db
    .selectFrom('usuarios')
    .select(['id_usuario', 'rol', 'email', 'username', 'estatus', 'token_version'])
    .where('id_usuario', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const entry = {
    user: { id_usuario: row.id_usuario, rol: toWireRol(row.rol), email: row.email, username: row.username },
    active: row.estatus === 'activo',
    tokenVersion: row.token_version,
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
  // Deleted, deactivated, or a token issued before the user was deactivated/reactivated.
  if (!entry?.active || entry.tokenVersion !== claims.tv) throw invalidToken();
  request.user = entry.user;
  return entry.user;
}

/** Registers `app.authenticate` and `request.user`. */
export function registerAuth(app: FastifyInstance, tokens: TokenService): void {
  app.decorate('tokens', tokens);
  app.decorate('authCache', new AuthCache());
  app.decorateRequest('user', null);
  app.decorate('authenticate', async (request: FastifyRequest, _reply: FastifyReply) => {
    await authenticateRequest(request);
  });
}

export const ALL_ROLES: readonly Rol[] = ['Administrador', 'Supervisor', 'Visitador'];

/**
 * Route hook: authenticates (401) and then requires one of `roles` (403).
 * `requireRole()` with no roles lets any signed-in user through.
 * Register it as `onRequest` (runs before parsing/validation): `{ onRequest: requireRole('Administrador') }`.
 */
export function requireRole(...roles: Rol[]): AuthHook {
  const allowed = new Set<Rol>(roles.length ? roles : ALL_ROLES);
  return async (request: FastifyRequest) => {
    const user = await authenticateRequest(request);
    if (!allowed.has(user.rol)) throw new HttpError(403, AUTH_MESSAGES.forbidden);
  };
}

/** Returns the authenticated user of a request that passed `requireRole`/`authenticate`. */
export function currentUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw notAuthenticated();
  return request.user;
}
