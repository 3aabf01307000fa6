/**
 * Regression tests of issue 13 (sign-in): atomic login throttle (1), token revocation on password change and
 * logout (3), cross-server cache invalidation by LISTEN/NOTIFY (10). Before the fixes: 60 parallel wrong
 * passwords all got 401 (limit 10), 100 of 100 across two servers; 90 failures over 10 accounts from one address
 * passed; an old token kept working after change-password; there was no logout; a deactivation took up to 5 s
 * to reach another server.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, DEMO_PASSWORD, dbKinds, type TestContext, useTwoServers } from './helpers';

const login = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

const me = (app: FastifyInstance, token: string) =>
  app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });

function statuses(responses: Array<{ statusCode: number }>): Record<number, number> {
  const out: Record<number, number> = {};
  for (const r of responses) out[r.statusCode] = (out[r.statusCode] ?? 0) + 1;
  return out;
}

async function signIn(app: FastifyInstance, email: string, remoteAddress = '10.50.0.1'): Promise<string> {
  const res = await login(app, email, DEMO_PASSWORD, remoteAddress);
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

describe.each(dbKinds())('hardening: sign-in (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { demoOperations: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('200 parallel wrong passwords for one e-mail: at most 10 get 401, the rest 429', async () => {
    const attempts = Array.from({ length: 200 }, (_, i) =>
      login(ctx.app, 'visitador3@socioeconomico.mx', `mala-${i}`, '10.60.0.1'),
    );
    const counts = statuses(await Promise.all(attempts));
    expect((counts[401] ?? 0) + (counts[429] ?? 0)).toBe(200);
    expect(counts[401] ?? 0).toBeLessThanOrEqual(10);
    expect(counts[401] ?? 0).toBeGreaterThan(0);
  });

  it('caps failures from one address across e-mails (90 over 10 accounts no longer pass)', async () => {
    const results = [];
    for (let v = 10; v < 20; v++) {
      for (let i = 0; i < 9; i++) {
        results.push(await login(ctx.app, `visitador${v}@socioeconomico.mx`, 'mala', '10.61.0.1'));
      }
    }
    const counts = statuses(results);
    expect(counts[401]).toBe(30);
    expect(counts[429]).toBe(60);
    // Another address is not affected.
    expect(
      (await login(ctx.app, 'visitador10@socioeconomico.mx', DEMO_PASSWORD, '10.61.0.2')).statusCode,
    ).toBe(200);
  });

  it('changing the password revokes every other token of the user; the one that changed it still works', async () => {
    const email = 'visitador5@socioeconomico.mx';
    const other = await signIn(ctx.app, email);
    const current = await signIn(ctx.app, email);
    expect((await me(ctx.app, other)).statusCode).toBe(200);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/auth/me/change-password',
      headers: { authorization: `Bearer ${current}` },
      payload: { current_password: DEMO_PASSWORD, new_password: 'Nueva2026!x' },
    });
    expect(res.statusCode).toBe(200);
    expect((await me(ctx.app, other)).statusCode).toBe(401);
    expect((await me(ctx.app, current)).statusCode).toBe(200);
    // A deactivation afterwards still ends the kept token.
    await ctx.db.updateTable('usuarios').set({ token_version: 99 }).where('email', '=', email).execute();
    ctx.app.authCache.invalidate();
    expect((await me(ctx.app, current)).statusCode).toBe(401);
  });

  it('POST /api/auth/logout revokes the current token only', async () => {
    const email = 'visitador6@socioeconomico.mx';
    const a = await signIn(ctx.app, email);
    const b = await signIn(ctx.app, email);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${a}` },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ detail: 'Sesión cerrada' });
    expect((await me(ctx.app, a)).statusCode).toBe(401);
    expect((await me(ctx.app, b)).statusCode).toBe(200);
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/logout',
          headers: { authorization: `Bearer ${a}` },
        })
      ).statusCode,
    ).toBe(401);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(401);
  });
});

describe.runIf(process.env.TEST_PG_URL)('hardening: two servers on one PostgreSQL', () => {
  const servers = useTwoServers({ demoOperations: false });
  // The clock stopped: no cache entry can expire, so only the notification can carry a change.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('200 parallel wrong passwords split over two servers: at most 10 get 401', async () => {
    const attempts = Array.from({ length: 200 }, (_, i) =>
      login(i % 2 ? servers.app2 : servers.ctx.app, 'visitador4@socioeconomico.mx', `mala-${i}`, '10.70.0.1'),
    );
    const counts = statuses(await Promise.all(attempts));
    expect(counts[401] ?? 0).toBeLessThanOrEqual(10);
    expect(counts[429] ?? 0).toBeGreaterThanOrEqual(190);
  });

  it('a logout and a password change on one server end the tokens on the other at once', async () => {
    const email = 'visitador7@socioeconomico.mx';
    const a = await signIn(servers.ctx.app, email);
    const b = await signIn(servers.ctx.app, email);
    expect((await me(servers.app2, a)).statusCode).toBe(200); // cached on server 2
    expect((await me(servers.app2, b)).statusCode).toBe(200);
    await servers.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${a}` },
    });
    await eventually401(servers.app2, a);
    const c = await signIn(servers.app2, email);
    const changed = await servers.app2.inject({
      method: 'PUT',
      url: '/api/auth/me/change-password',
      headers: { authorization: `Bearer ${c}` },
      payload: { current_password: DEMO_PASSWORD, new_password: 'Nueva2026!y' },
    });
    expect(changed.statusCode).toBe(200);
    await eventually401(servers.ctx.app, b);
    expect((await me(servers.ctx.app, c)).statusCode).toBe(200);
  });

  it('a deactivation on one server reaches the other while its 5 s cache cannot expire (LISTEN/NOTIFY)', async () => {
    const token = await signIn(servers.ctx.app, 'visitador8@socioeconomico.mx');
    expect((await me(servers.app2, token)).statusCode).toBe(200); // cached on server 2
    const all = await servers.ctx.request({ url: '/api/users/all_users' }, 'Administrador');
    const u = all.json().usuarios.find((x: { email: string }) => x.email === 'visitador8@socioeconomico.mx');
    const res = await servers.ctx.request(
      {
        method: 'PUT',
        url: `/api/users/edit_user/${u.id_usuario}`,
        payload: {
          nombres: u.nombres,
          apellido_paterno: u.apellido_paterno,
          apellido_materno: u.apellido_materno,
          email: u.email,
          role: u.rol,
          supervisor: u.supervisor,
          status: 'Inactivo',
        },
      },
      'Administrador',
    );
    expect(res.statusCode).toBe(200);
    await eventually401(servers.app2, token);
  });
});

/**
 * Polls `GET /api/auth/me` with `token` until it answers 401. Run with `Date` stopped, the 5 s caches never
 * expire, so the 401 can only come from the LISTEN/NOTIFY invalidation (before the fix it never came). The
 * polls are counted, not timed (`vi.waitFor` would advance the stopped clock); the test's timeout is the
 * ceiling for a broken notification.
 */
async function eventually401(app: FastifyInstance, token: string): Promise<void> {
  for (let polls = 1; ; polls++) {
    const status = (await me(app, token)).statusCode;
    if (status === 401) return;
    expect(status).toBe(200);
    if (polls % 500 === 0) console.warn(`todavía sin 401 tras ${polls} consultas`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
