import type { Rol } from '@socio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, ROLES, type TestContext } from './helpers';
import { API_ROUTES, allows, openApiRouteKeys } from './routes';

const A = 'Administrador';
const S = 'Supervisor';
const V = 'Visitador';
/**
 * Who may call each route, written out by hand (not read from the route table the server registers from):
 * the matrix below proves the policy, not only the wiring. A new route needs a row here.
 */
const EXPECTED_ACCESS: Record<string, 'public' | readonly Rol[]> = {
  'sistema.health': 'public',
  'auth.login': 'public',
  'auth.me': [A, S, V],
  'auth.changePassword': [A, S, V],
  'auth.logout': [A, S, V],
  'users.all': [A, S],
  'users.create': [A],
  'users.edit': [A],
  'users.checkUsername': [A, S],
  'users.supervisors': [A, S],
  'users.regions': [A, S],
  'users.competitiveness': [A, S],
  'users.completion30d': [A, S],
  'catalogos.estados': [A, S, V],
  'catalogos.clientes': [A, S, V],
  'cargas.activeVisitors': [A, S],
  'cargas.regions': [A, S],
  'cargas.process': [A, S],
  'cargas.save': [A, S],
  'cargas.openSave': [A, S],
  'cargas.savePart': [A, S],
  'cargas.confirmSave': [A, S],
  'cargas.discardSave': [A, S],
  'cargas.activeAssignments': [A, S, V],
  'cargas.stats': [A, S, V],
  'cargas.saveManual': [A, S],
  'cargas.changeStatus': [A, S, V],
  'cargas.reassign': [A, S],
  'reportes.list': [A, S],
  'reportes.pdf': [A, S],
  'reportes.markSent': [A, S],
  'reportes.send': [A, S],
  'reportes.downloadPending': [A, S],
  'reportes.create': [A, S],
  'clientes.destinatarios': [A],
  'clientes.updateDestinatarios': [A],
  'reportes.entregas': [A, S],
  'reportes.retryEntrega': [A, S],
  'entregas.transporte': [A, S],
  'dashboard.resumen': [A, S, V],
  'folios.suggest': [A, S, V],
  'folios.ficha': [A, S, V],
};

/** Whether the hand-written table lets `rol` (null: anonymous) call the route named `name`. */
function expectedAllows(name: string, rol: Rol | null): boolean {
  const access = EXPECTED_ACCESS[name];
  if (access === undefined) throw new Error(`Falta ${name} en EXPECTED_ACCESS`);
  return access === 'public' || (rol !== null && access.includes(rol));
}

/** Every route × (anonymous + every role). */
const cases = API_ROUTES.flatMap((route) =>
  ([null, ...ROLES] as Array<Rol | null>).map((rol) => ({
    route,
    rol,
    name: `${route.method} ${route.path} as ${rol ?? 'anónimo'}`,
  })),
);

describe.each(dbKinds())('role matrix (%s)', (kind) => {
  let ctx: TestContext;
  const tokens = new Map<Rol, string>();
  beforeAll(async () => {
    ctx = await createTestContext(kind);
    for (const rol of ROLES) tokens.set(rol, await ctx.tokenFor(rol));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('lists every route of the OpenAPI document (declared in the route table of @socio/contracts)', async () => {
    const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json();
    const documented = openApiRouteKeys(doc).sort();
    const listed = API_ROUTES.map((r) => `${r.method} ${r.path}`).sort();
    expect(listed).toEqual(documented);
  });

  it('registers every route of the table, and no API route outside it', () => {
    const registered = ctx.app.registeredRoutes
      .filter((r) => r.method !== 'HEAD' && (r.url === '/api' || r.url.startsWith('/api/')))
      .map((r) => `${r.method} ${r.url}`);
    const table = API_ROUTES.map((r) => `${r.method} /api${r.route.path}`);
    for (const key of table) expect(registered, key).toContain(key);
    // Besides the table, only the documentation of the API itself.
    const outside = registered.filter(
      (key) => !table.includes(key) && !/^GET \/api\/(openapi\.json|docs(\/.*)?)$/.test(key),
    );
    expect(outside).toEqual([]);
    // Each call is registered once.
    expect(new Set(registered).size).toBe(registered.length);
  });

  it('documents each route with the tag and summary of the table', async () => {
    const doc = (await ctx.app.inject({ url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { tags?: string[]; summary?: string }>>;
    };
    for (const r of API_ROUTES) {
      const op = doc.paths[r.path]?.[r.method.toLowerCase()];
      expect(op?.tags, r.name).toEqual([r.route.tag]);
      expect(op?.summary, r.name).toBe(r.route.summary);
    }
  });

  it('groups the Clientes calls under their own tag in the documentation', () => {
    const clientes = API_ROUTES.filter((r) => r.route.path.startsWith('/clientes'));
    expect(clientes.length).toBeGreaterThan(0);
    for (const r of clientes) expect(r.route.tag, r.name).toBe('clientes');
  });

  it('every route of the table has a hand-written row, and the table agrees with it', () => {
    expect(API_ROUTES.map((r) => r.name).sort()).toEqual(Object.keys(EXPECTED_ACCESS).sort());
    for (const { route, rol } of cases)
      expect(allows(route, rol), `${route.name} ${rol}`).toBe(expectedAllows(route.name, rol));
  });

  it.each(cases)('$name', async ({ route, rol }) => {
    // An empty body: authorisation must be decided before validation (401/403 rather than 422).
    const res = await ctx.app.inject({
      method: route.method,
      url: route.url,
      // A fresh token per case: POST /auth/logout revokes the token it is called with.
      headers: rol ? { authorization: `Bearer ${await ctx.tokenFor(rol)}` } : {},
      ...(route.method === 'GET' ? {} : { payload: {} }),
    });
    if (expectedAllows(route.name, rol)) {
      expect(res.statusCode, res.body).not.toBe(401);
      expect(res.statusCode, res.body).not.toBe(403);
      expect(res.statusCode, res.body).toBeLessThan(500);
    } else if (rol === null) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'No autenticado', code: 'not_authenticated' });
    } else {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        detail: 'No tienes permiso para realizar esta acción',
        code: 'forbidden',
      });
    }
  });
});
