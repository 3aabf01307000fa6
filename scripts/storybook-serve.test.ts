/**
 * `pnpm storybook:serve` hands designers and QA the built Storybook as plain files: every file of the
 * folder by its path (a folder by its index.html) with its type, nothing outside the folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo, Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveStatic } from './lib/static-server.mjs';

let dir = '';
let server: Server;
let base = '';

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sb-static-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Storybook</title>');
  writeFileSync(path.join(dir, 'assets', 'app.js'), 'export {};');
  writeFileSync(path.join(path.dirname(dir), 'secreto.txt'), 'no');
  server = await serveStatic(dir, { port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server?.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(path.join(path.dirname(dir), 'secreto.txt'), { force: true });
});

describe('the static Storybook server', () => {
  it('answers / with index.html as HTML', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('<title>Storybook</title>');
  });

  it('answers a file by its path and type, query string ignored', async () => {
    const res = await fetch(`${base}/assets/app.js?v=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await res.text()).toBe('export {};');
  });

  it('answers 404 for a missing file and for a path that climbs out of the folder', async () => {
    expect((await fetch(`${base}/nada.js`)).status).toBe(404);
    expect((await fetch(`${base}/%2e%2e/secreto.txt`)).status).toBe(404);
    expect((await fetch(`${base}/..%2fsecreto.txt`)).status).toBe(404);
  });

  it('refuses methods other than GET and HEAD', async () => {
    expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(405);
    const head = await fetch(`${base}/`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
  });
});
