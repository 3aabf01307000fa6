import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
// Same measurement as `pnpm size` (scripts/size.mjs).
import { measurePageLoad } from '../scripts/lib/wire-bytes.mjs';

const LIMIT_KB = Number(process.env.LOGIN_JS_LIMIT_KB ?? 150);
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/backoffice/dist');

test.describe('static delivery', () => {
  test(`the /login route downloads at most ${LIMIT_KB} KB of JavaScript on the wire`, async ({ page }) => {
    const wire = await measurePageLoad(page, '/login');
    expect(wire.script / 1024).toBeLessThanOrEqual(LIMIT_KB);
    for (const entry of wire.entries.filter((e) => e.type === 'script' || e.type === 'stylesheet')) {
      expect(entry.encoding, entry.url).toMatch(/^(br|gzip)$/);
    }
  });

  test('assets are precompressed by negotiation, immutable, and vary on Accept-Encoding', async ({
    request,
  }) => {
    const js = readdirSync(path.join(dist, 'assets')).find((f) => /^index-.*\.js$/.test(f));
    expect(js).toBeTruthy();
    const url = `/assets/${js}`;
    const br = await request.get(url, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(br.status()).toBe(200);
    expect(br.headers()['content-encoding']).toBe('br');
    expect(br.headers().vary?.toLowerCase()).toContain('accept-encoding');
    expect(br.headers()['cache-control']).toContain('immutable');
    const gz = await request.get(url, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gz.headers()['content-encoding']).toBe('gzip');
    const plain = await request.get(url, { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    expect(await plain.text()).toContain('import');
    const html = await request.get('/login', { headers: { 'Accept-Encoding': 'br' } });
    expect(html.headers()['cache-control']).toBe('no-cache');
  });

  test('source maps are not served to browsers', async ({ request }) => {
    const js = readdirSync(path.join(dist, 'assets')).find((f) => f.endsWith('.js'));
    const map = await request.get(`/assets/${js}.map`);
    expect(map.status()).toBe(404);
    expect(readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.map'))).toEqual([]);
  });
});
