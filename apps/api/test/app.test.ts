import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PRERENDERED_LOGIN_PAGE } from '@socio/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestContext, dbKinds, type TestContext } from './helpers';

/** Whether this process has loaded @fastify/swagger-ui (a CommonJS package: Node's module cache). */
const requireHere = createRequire(import.meta.url);
const swaggerUiLoaded = () => requireHere.cache[requireHere.resolve('@fastify/swagger-ui')] !== undefined;
/** Whether an app of this file has already asked for /api/docs (the module cache is the process's, not the app's). */
let docsRequested = false;

describe.each(dbKinds())('app (%s)', (kind) => {
  let ctx: TestContext;
  let extra: FastifyInstance[] = [];
  beforeAll(async () => {
    ctx = await createTestContext(kind, { demo: false });
  });
  afterAll(async () => {
    for (const app of extra) await app.close();
    extra = [];
    await ctx?.close();
  });

  it('GET /api/health reports the database kind', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', db: kind });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('serves the OpenAPI document with the zod schemas and the docs page', async () => {
    const res = await ctx.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const login = doc.paths['/api/auth/login'].post;
    const body = login.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['email', 'password']));
    expect(login.responses['200'].content['application/json'].schema.properties).toHaveProperty('token');
    expect(doc.paths['/api/users/edit_user/{id}'].put.parameters).toContainEqual(
      expect.objectContaining({ name: 'id', in: 'path' }),
    );
    // Swagger UI is loaded by the first request for the documentation, not by every start (issue 21 item 6).
    // Both databases' apps run in one process: only the first request for the docs finds it unloaded.
    if (!docsRequested) expect(swaggerUiLoaded()).toBe(false);
    docsRequested = true;
    const docs = await ctx.app.inject({ url: '/api/docs' });
    expect([200, 302], docs.body).toContain(docs.statusCode);
    expect(swaggerUiLoaded()).toBe(true);
    const page = await ctx.app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const initializer = await ctx.app.inject({ url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain('SwaggerUIBundle');
    const json = await ctx.app.inject({ url: '/api/docs/json' });
    expect(json.json().paths).toHaveProperty(['/api/auth/login']);
    expect((await ctx.app.inject({ url: '/api/docs/no-existe' })).statusCode).toBe(404);
  });

  it('sends security headers with a CSP that fits the SPA', async () => {
    const res = await ctx.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("worker-src 'self' blob:");
    expect(csp).toContain("img-src 'self' data: blob:");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-src 'self' blob:");
    expect(csp).toContain("object-src 'self' blob:");
    expect(csp).not.toContain('upgrade-insecure-requests');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await ctx.app.inject({ url: '/api/no-existe' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Recurso no encontrado', code: 'not_found' });
  });

  it('answers 415 to an unsupported content type and 413 to a body over 1 MB', async () => {
    const xml = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ detail: 'Tipo de contenido no soportado', code: 'unsupported_media_type' });
    const big = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.mx', password: 'x'.repeat(1_100_000) }),
    });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({
      detail: 'El cuerpo de la petición es demasiado grande',
      code: 'body_too_large',
    });
  });

  it('answers 422 to a text body where JSON is expected', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.mx',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail[0].loc).toEqual(['body']);
  });

  it('hides unexpected errors: 500 with a request id and no stack', async () => {
    const app = await buildApp({ db: ctx.db, kind, config: ctx.config });
    extra.push(app);
    app.get('/api/__falla', async () => {
      throw new Error('detalle interno secreto');
    });
    await app.ready();
    const res = await app.inject({ url: '/api/__falla' });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body).toEqual({
      detail: 'Error interno del servidor',
      code: 'internal',
      request_id: res.headers['x-request-id'],
    });
    expect(res.body).not.toContain('secreto');
    expect(res.body).not.toContain('at ');
  });

  it('answers 4xx to input errors that escape a route: malformed multipart, database data errors', async () => {
    const app = await buildApp({ db: ctx.db, kind, config: ctx.config });
    extra.push(app);
    app.get('/api/__multipart', async () => {
      throw new Error('Multipart: Boundary not found');
    });
    app.get('/api/__nul', async () => {
      await ctx.db.insertInto('clientes').values({ nombre: 'con \u0000 nulo' }).execute();
    });
    app.get('/api/__duplicado', async () => {
      await ctx.db.insertInto('clientes').values({ nombre: 'UANL' }).execute();
    });
    await app.ready();
    const multipart = await app.inject({ url: '/api/__multipart' });
    expect(multipart.statusCode).toBe(400);
    expect(multipart.json()).toEqual({ detail: 'Formulario multipart inválido', code: 'bad_multipart' });
    const nul = await app.inject({ url: '/api/__nul' });
    expect(nul.statusCode).toBe(422);
    expect(nul.json()).toEqual({ detail: 'Datos inválidos', code: 'invalid_data' });
    const dup = await app.inject({ url: '/api/__duplicado' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toEqual({ detail: 'El registro ya existe', code: 'duplicate' });
  });

  it('serves the built SPA: index.html for app routes, long cache for hashed assets, JSON 404 under /api', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'socio-spa-'));
    try {
      mkdirSync(path.join(dir, 'assets'));
      writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Socioeconómico</title>');
      writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
      writeFileSync(path.join(dir, 'favicon.svg'), '<svg/>');
      const app = await buildApp({ db: ctx.db, kind, config: { ...ctx.config, serveAppDir: dir } });
      extra.push(app);
      await app.ready();
      for (const url of ['/', '/login', '/socioeconomico/usuarios', '/Socioeconomico/cargas?x=1']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('Socioeconómico');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      const asset = await app.inject({ url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await app.inject({ url: '/favicon.svg' })).headers['cache-control']).toBe('no-cache');
      const api = await app.inject({ url: '/api/nada' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toEqual({ detail: 'Recurso no encontrado', code: 'not_found' });
      expect((await app.inject({ method: 'POST', url: '/login' })).statusCode).toBe(404);
      expect((await app.inject({ url: '/api/health' })).json().status).toBe('ok');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('serves the prerendered login page (login.html) at /login only, index.html everywhere else', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'socio-spa-'));
    try {
      writeFileSync(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
      writeFileSync(
        path.join(dir, PRERENDERED_LOGIN_PAGE),
        '<!doctype html><div id="root"><form></form></div>',
      );
      const app = await buildApp({ db: ctx.db, kind, config: { ...ctx.config, serveAppDir: dir } });
      extra.push(app);
      await app.ready();
      for (const url of ['/login', '/Login', '/login/', '/login?next=1']) {
        const res = await app.inject({ url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(res.body, url).toContain('<form>');
      }
      // A reload of any other screen must not flash the login form before the app has run.
      for (const url of ['/', '/socioeconomico/inicio', '/loginx', '/login/otra']) {
        expect((await app.inject({ url })).body, url).toBe('<!doctype html><div id="root"></div>');
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
