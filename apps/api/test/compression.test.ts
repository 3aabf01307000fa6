import { brotliDecompressSync, gzipSync } from 'node:zlib';
import { apiRoutes } from '@socio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESS_THRESHOLD, DEFAULT_BODY_LIMIT } from '../src/app';
import { apiUrl } from '../src/http/route';
import { ADMIN_PASSWORD, createTestContext, dbKinds, ROLE_EMAILS, type TestContext } from './helpers';

describe.each(dbKinds())('HTTP compression (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { demoOperations: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('compresses JSON over 1 KB when the client accepts it, and says so in Vary', async () => {
    const headers = await ctx.authHeaders('Administrador');
    const url = apiUrl(apiRoutes.users.all);
    const plain = await ctx.app.inject({ url, headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);

    const br = await ctx.app.inject({ url, headers: { ...headers, 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary).toLowerCase()).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

    const gz = await ctx.app.inject({ url, headers: { ...headers, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
  });

  it('sends small answers as they are', async () => {
    const res = await ctx.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toEqual({ status: 'ok', db: kind });
  });

  it('answers /api/health without loading the fetch Response class (Node loads fetch on its first use: ~80 ms of CPU in the first answer of a start)', async () => {
    const real = Object.getOwnPropertyDescriptor(globalThis, 'Response');
    if (!real) throw new Error('globalThis.Response no existe');
    let reads = 0;
    Object.defineProperty(globalThis, 'Response', {
      configurable: true,
      enumerable: real.enumerable,
      get() {
        reads++;
        return real.get ? real.get.call(globalThis) : real.value;
      },
    });
    try {
      const res = await ctx.app.inject({ url: '/api/health', headers: { 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode).toBe(200);
    } finally {
      Object.defineProperty(globalThis, 'Response', real);
    }
    expect(reads).toBe(0);
  });

  it('accepts a gzip request body (Content-Encoding: gzip)', async () => {
    const body = gzipSync(JSON.stringify({ email: ROLE_EMAILS.Administrador, password: ADMIN_PASSWORD }));
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiUrl(apiRoutes.auth.login),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveProperty('token');
  });

  it('applies the body limit to the decompressed size: a zip bomb gets 413', async () => {
    // ~2 KB on the wire, twice the route's limit once inflated.
    const bomb = gzipSync(Buffer.alloc(DEFAULT_BODY_LIMIT * 2, 0x20), { level: 9 });
    expect(bomb.length).toBeLessThan(16 * 1024);
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiUrl(apiRoutes.auth.login),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: bomb,
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toHaveProperty('detail');
    expect(res.json()).toHaveProperty('code', 'body_too_large');
  });

  it('answers 400 to a body that claims gzip and is not', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: apiUrl(apiRoutes.auth.login),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: '{"email":"a@b.mx"}',
    });
    expect(res.statusCode).toBe(400);
  });
});
