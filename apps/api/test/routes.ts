import {
  buildApiPath,
  isRoleAllowed,
  listApiRoutes,
  type Rol,
  type ApiRoute as TableRoute,
} from '@socio/contracts';
import type { HTTPMethods } from 'fastify';

/** Who may call a route: 'public' (no token) or the roles of the route table. */
export type Access = 'public' | readonly Rol[];

export interface ApiRoute {
  method: Uppercase<HTTPMethods>;
  /** Path as in the OpenAPI document, e.g. '/api/users/edit_user/{id}'. */
  path: string;
  /** A concrete URL to call (path parameters filled in). */
  url: string;
  access: Access;
  /** Module and name in the route table (`cargas.save`). */
  name: string;
  /** The table's declaration. */
  route: TableRoute;
}

/** A value for each path parameter of the table (`edit_user/2`, `check_username/nuevo.usuario`). */
const SAMPLE_PARAMS: Record<string, string | number> = {
  id: 1,
  username: 'nuevo.usuario',
  folio: 'TEC-0001',
  n: 0,
};
const SAMPLE_PARAMS_OF: Record<string, Record<string, string | number>> = { 'users.edit': { id: 2 } };

/** `/users/edit_user/:id` → `/api/users/edit_user/{id}` (the OpenAPI spelling). */
export function openApiPath(path: string): string {
  return `/api${path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
}

/**
 * Every API route and who may call it, derived from the route table of @socio/contracts (the only place a
 * route is declared). The role matrix, the OpenAPI check and the fuzz test read it.
 */
export const API_ROUTES: readonly ApiRoute[] = listApiRoutes().map(({ module, name, route }) => {
  const key = `${module}.${name}`;
  return {
    method: route.method,
    path: openApiPath(route.path),
    url: `/api${buildApiPath(route.path, { ...SAMPLE_PARAMS, ...SAMPLE_PARAMS_OF[key] })}`,
    access: route.roles,
    name: key,
    route,
  };
});

/** Whether `rol` (or an anonymous caller when null) may call `r`. */
export function allows(r: ApiRoute, rol: Rol | null): boolean {
  if (r.access === 'public') return true;
  if (rol === null) return false;
  return isRoleAllowed(r.route, rol);
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
