import type { Rol } from '@socio/contracts';
import type { HTTPMethods } from 'fastify';

/** Who may call a route: 'public' (no token), 'any' (any signed-in user) or a list of roles. */
export type Access = 'public' | 'any' | readonly Rol[];

export interface ApiRoute {
  method: Uppercase<HTTPMethods>;
  /** Path as in the OpenAPI document, e.g. '/api/users/edit_user/{id}'. */
  path: string;
  /** A concrete URL to call (path parameters filled in). */
  url: string;
  access: Access;
}

const STAFF: readonly Rol[] = ['Administrador', 'Supervisor'];
const ADMIN: readonly Rol[] = ['Administrador'];

const route = (method: ApiRoute['method'], path: string, access: Access, url = path): ApiRoute => ({
  method,
  path,
  url,
  access,
});

/**
 * Every API route and who may call it (the role matrix of wire.md). The role-matrix test checks this list
 * against the OpenAPI document, so a new route must be added here. The fuzz test uses it too.
 */
export const API_ROUTES: readonly ApiRoute[] = [
  route('GET', '/api/health', 'public'),
  // auth
  route('POST', '/api/auth/login', 'public'),
  route('GET', '/api/auth/me', 'any'),
  route('PUT', '/api/auth/me/change-password', 'any'),
  // users
  route('GET', '/api/users/all_users', STAFF),
  route('POST', '/api/users/new_user', ADMIN),
  route('PUT', '/api/users/edit_user/{id}', ADMIN, '/api/users/edit_user/2'),
  route('GET', '/api/users/check_username/{username}', STAFF, '/api/users/check_username/nuevo.usuario'),
  route('GET', '/api/users/supervisors_list', STAFF),
  route('GET', '/api/users/regions_available', STAFF),
  route('GET', '/api/users/competitiviness_stats', STAFF),
  route('GET', '/api/users/percentage_completion_last_30_days', STAFF),
  // catalogs
  route('GET', '/api/catalogos/estados', 'any'),
  route('GET', '/api/catalogos/clientes', 'any'),
  // cargas
  route('GET', '/api/cargas/active_visitors', STAFF),
  route('GET', '/api/cargas/regions_available', STAFF),
  route('POST', '/api/cargas/process_carga', STAFF),
  route('POST', '/api/cargas/save_carga', STAFF),
  route('GET', '/api/cargas/active_assignments', 'any'),
  route('GET', '/api/cargas/assignment_stats', 'any'),
  route('POST', '/api/cargas/save_manual_assignment', STAFF),
  route('PATCH', '/api/cargas/asignaciones/{id}', STAFF, '/api/cargas/asignaciones/1'),
  // reportes
  route('GET', '/api/reportes', STAFF),
  route('POST', '/api/reportes', STAFF),
  route('GET', '/api/reportes/{id}/pdf', STAFF, '/api/reportes/1/pdf'),
  route('POST', '/api/reportes/marcar_enviados', STAFF),
  route('POST', '/api/reportes/{id}/enviar', STAFF, '/api/reportes/1/enviar'),
  route('GET', '/api/reportes/pendientes/descarga', STAFF),
  // dashboard
  route('GET', '/api/dashboard/resumen', 'any'),
];

/** Whether `rol` (or an anonymous caller when null) may call `r`. */
export function allows(r: ApiRoute, rol: Rol | null): boolean {
  if (r.access === 'public') return true;
  if (rol === null) return false;
  if (r.access === 'any') return true;
  return r.access.includes(rol);
}

/** Routes of the OpenAPI document, as 'METHOD /path' keys. */
export function openApiRouteKeys(doc: { paths?: Record<string, Record<string, unknown>> }): string[] {
  const methods = ['get', 'post', 'put', 'patch', 'delete'];
  return Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => methods.includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
}
