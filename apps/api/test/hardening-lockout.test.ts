/**
 * Issue 22 item 6: one address could lock everyone out. 31 failed logins with 31 different e-mails from one
 * address gave the administrator's correct password 429 for 15 minutes — behind a TLS proxy or an office NAT
 * every member of staff shares that address. Now a browser that signed in before (device cookie) is throttled
 * on its own, and TRUST_PROXY makes each client's forwarded address the one throttled.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../src/config';
import { DEVICE_COOKIE } from '../src/modules/auth/device';
import { ADMIN_PASSWORD, createTestContext, dbKinds, ROLE_EMAILS, type TestContext } from './helpers';

const ADMIN = ROLE_EMAILS.Administrador;

interface Attempt {
  email: string;
  password: string;
  remoteAddress?: string;
  forwardedFor?: string;
  cookie?: string;
}

const login = (app: FastifyInstance, a: Attempt) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: a.email, password: a.password },
    remoteAddress: a.remoteAddress ?? '127.0.0.1',
    headers: {
      ...(a.forwardedFor ? { 'x-forwarded-for': a.forwardedFor } : {}),
      ...(a.cookie ? { cookie: a.cookie } : {}),
    },
  });

/** The `name=value` part of the device cookie a login answered with. */
function deviceCookie(res: { headers: Record<string, unknown> }): string {
  const header = String(res.headers['set-cookie'] ?? '');
  expect(header).toContain(`${DEVICE_COOKIE}=`);
  expect(header).toContain('HttpOnly');
  expect(header).toContain('SameSite=Strict');
  return header.split(';')[0] ?? '';
}

/** 31 failed sign-ins with 31 different e-mails, as from one office address. */
async function strangersFail(app: FastifyInstance, where: Omit<Attempt, 'email' | 'password'>) {
  const codes: number[] = [];
  for (let i = 0; i < 31; i++) {
    codes.push(
      (await login(app, { ...where, email: `persona${i}@ejemplo.mx`, password: 'mala' })).statusCode,
    );
  }
  return codes;
}

describe.each(dbKinds())('hardening: lockout by others (%s)', (kind) => {
  let ctx: TestContext;
  let proxied: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { demo: false, demoOperations: false });
    proxied = await createTestContext(kind, {
      demo: false,
      demoOperations: false,
      config: { trustProxy: ['127.0.0.1'] },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await proxied?.close();
  });

  it("a browser that signed in before is not locked out by other people's failures from its address", async () => {
    const office = '10.70.0.1';
    const first = await login(ctx.app, { email: ADMIN, password: ADMIN_PASSWORD, remoteAddress: office });
    expect(first.statusCode).toBe(200);
    const cookie = deviceCookie(first);

    const codes = await strangersFail(ctx.app, { remoteAddress: office });
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);

    // A browser never seen before still meets the address's limit…
    const unknown = await login(ctx.app, { email: ADMIN, password: ADMIN_PASSWORD, remoteAddress: office });
    expect(unknown.statusCode).toBe(429);
    // …the administrator's own browser signs in.
    const known = await login(ctx.app, {
      email: ADMIN,
      password: ADMIN_PASSWORD,
      remoteAddress: office,
      cookie,
    });
    expect(known.statusCode).toBe(200);
    expect(known.json().token).toEqual(expect.any(String));
  });

  it('a device cookie counts only for its own account, and its own failures are limited too', async () => {
    const office = '10.71.0.1';
    const first = await login(ctx.app, { email: ADMIN, password: ADMIN_PASSWORD, remoteAddress: office });
    const cookie = deviceCookie(first);
    await strangersFail(ctx.app, { remoteAddress: office });
    // Someone else's e-mail with the administrator's cookie is an unknown browser: throttled.
    const other = await login(ctx.app, {
      email: 'persona0@ejemplo.mx',
      password: 'x',
      remoteAddress: office,
      cookie,
    });
    expect(other.statusCode).toBe(429);
    // A forged cookie is an unknown browser too.
    const forged = `${DEVICE_COOKIE}=${'a'.repeat(24)}.${'b'.repeat(43)}`;
    const withForged = await login(ctx.app, {
      email: ADMIN,
      password: ADMIN_PASSWORD,
      remoteAddress: office,
      cookie: forged,
    });
    expect(withForged.statusCode).toBe(429);
    // Ten wrong passwords from the trusted browser are answered 401; after that it is an unknown browser.
    const own: number[] = [];
    for (let i = 0; i < 11; i++) {
      own.push(
        (await login(ctx.app, { email: ADMIN, password: `mala-${i}`, remoteAddress: office, cookie }))
          .statusCode,
      );
    }
    expect(own.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(own[10]).toBe(429);
  });

  it('without TRUST_PROXY a forwarded address is ignored: everyone behind the proxy shares one address', async () => {
    const codes = await strangersFail(ctx.app, { remoteAddress: '10.72.0.1', forwardedFor: '203.0.113.1' });
    expect(codes.at(-1)).toBe(429);
    const colleague = await login(ctx.app, {
      email: ADMIN,
      password: ADMIN_PASSWORD,
      remoteAddress: '10.72.0.1',
      forwardedFor: '203.0.113.2',
    });
    expect(colleague.statusCode).toBe(429);
  });

  it("with TRUST_PROXY each client's forwarded address is throttled on its own", async () => {
    const codes = await strangersFail(proxied.app, { forwardedFor: '203.0.113.1' });
    expect(codes.at(-1)).toBe(429);
    const colleague = await login(proxied.app, {
      email: ADMIN,
      password: ADMIN_PASSWORD,
      forwardedFor: '203.0.113.2',
    });
    expect(colleague.statusCode).toBe(200);
    const sameClient = await login(proxied.app, {
      email: ADMIN,
      password: ADMIN_PASSWORD,
      forwardedFor: '203.0.113.1',
    });
    expect(sameClient.statusCode).toBe(429);
  });
});

describe('TRUST_PROXY', () => {
  it('reads unset, true, a number of proxies or a list of addresses; refuses anything else in Spanish', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(() => parseTrustProxy('mi-proxy')).toThrow(/TRUST_PROXY inválido/);
  });
});
