import { gunzipSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, GZIP_MIN_BYTES } from './client';

function setup() {
  const fetchMock = vi.fn<typeof fetch>(
    async () => new Response('{"ok":true}', { status: 200, headers: { 'Content-Type': 'application/json' } }),
  );
  const http = createHttpClient({ baseUrl: '/api', getToken: () => 'tok', fetch: fetchMock });
  const sent = () => {
    const init = fetchMock.mock.calls[0]?.[1] ?? {};
    return { headers: (init.headers ?? {}) as Record<string, string>, body: init.body };
  };
  return { http, sent };
}

const bigBody = {
  rows: Array.from({ length: 2_000 }, (_, i) => ({ folio: `TEC-${i}`, direccion: 'Av. Juárez 141, Centro' })),
};

describe('createHttpClient compressBody', () => {
  it('sends a big JSON body gzip-compressed with Content-Encoding: gzip', async () => {
    const { http, sent } = setup();
    await http.post('/cargas/save_carga', bigBody, { compressBody: true });
    const { headers, body } = sent();
    expect(headers['Content-Encoding']).toBe('gzip');
    expect(headers['Content-Type']).toBe('application/json');
    // A Blob (Node's, not jsdom's, in this test: compare by shape).
    expect(typeof (body as Blob).arrayBuffer).toBe('function');
    const bytes = Buffer.from(await (body as Blob).arrayBuffer());
    const json = JSON.stringify(bigBody);
    expect(json.length).toBeGreaterThan(GZIP_MIN_BYTES);
    expect(bytes.length).toBeLessThan(json.length / 5);
    expect(JSON.parse(gunzipSync(bytes).toString('utf8'))).toEqual(bigBody);
  });

  it('leaves small bodies, and calls that do not ask for it, as plain JSON', async () => {
    const small = setup();
    await small.http.post('/cargas/save_carga', { rows: [] }, { compressBody: true });
    expect(small.sent().headers['Content-Encoding']).toBeUndefined();
    expect(small.sent().body).toBe('{"rows":[]}');

    const plain = setup();
    await plain.http.post('/cargas/save_carga', bigBody);
    expect(plain.sent().headers['Content-Encoding']).toBeUndefined();
    expect(typeof plain.sent().body).toBe('string');
  });
});
