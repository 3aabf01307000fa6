import { gunzipSync } from 'node:zlib';
import { apiRoutes } from '@socio/contracts';
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient, GZIP_MIN_BYTES, PIECEWISE_FROM_ITEMS, prepareJson } from './client';

function setup() {
  const fetchMock = vi.fn<typeof fetch>(async () => Response.json(saved, { status: 200 }));
  const http = createHttpClient({ baseUrl: '/api', getToken: () => 'tok', fetch: fetchMock });
  const sent = () => {
    const init = fetchMock.mock.calls[0]?.[1] ?? {};
    return { headers: (init.headers ?? {}) as Record<string, string>, body: init.body };
  };
  return { http, sent };
}

const saved = {
  success: true,
  message: 'Carga guardada',
  date: '2026-11-20T10:00:00.000Z',
  recordsProcessed: 2_000,
  recordsFailed: 0,
  id_carga: 1,
  failures: [],
};
const save = apiRoutes.cargas.save;

const bigBody = {
  loadType: 'TEC_MTY' as const,
  processedData: Array.from({ length: 2_000 }, (_, i) => ({
    folio: `TEC-${i}`,
    direccion: 'Av. Juárez 141, Centro',
  })),
};

describe('createHttpClient compressBody', () => {
  it('sends a big JSON body gzip-compressed with Content-Encoding: gzip', async () => {
    const { http, sent } = setup();
    await http.call(save, { body: bigBody, compressBody: true });
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

  it('a body written ahead (prepareJson) is sent as it was made, compressed, without writing the body again', async () => {
    const { http, sent } = setup();
    const prepared = await prepareJson(bigBody, true);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      await http.call(save, { body: bigBody, compressBody: true, prepared });
      // (The fake server's answer is written with JSON.stringify too: only the body's writing counts.)
      expect(stringify.mock.calls.filter(([value]) => value === bigBody)).toEqual([]);
    } finally {
      stringify.mockRestore();
    }
    const { headers, body } = sent();
    expect(headers['Content-Encoding']).toBe('gzip');
    expect(headers['Content-Type']).toBe('application/json');
    expect(body).toBe(prepared.payload);
    expect(JSON.parse(gunzipSync(Buffer.from(await (body as Blob).arrayBuffer())).toString('utf8'))).toEqual(
      bigBody,
    );
  });

  it('writes a body with a long list piece by piece, giving the page turns, to the same gzip-compressed JSON', async () => {
    const { http, sent } = setup();
    const rows = Array.from({ length: 30_000 }, (_, i) => ({
      folio: `TEC-${i}`,
      direccion: i % 7 ? 'Av. Juárez 141, Centro' : 'Calle "Ñandú" \\ 2',
      tel2: i % 3 ? null : undefined,
    }));
    const body = {
      loadType: 'TEC_MTY' as const,
      processedData: rows,
      fileName: 'carga.xlsx',
      date: undefined,
    };
    expect(rows.length).toBeGreaterThan(PIECEWISE_FROM_ITEMS);
    // A clock that moves 5 ms per reading: a turn for the page every other piece.
    let now = 0;
    const clock = vi.spyOn(performance, 'now').mockImplementation(() => (now += 5));
    const turns = vi.spyOn(globalThis, 'setTimeout');
    try {
      await http.call(save, { body, compressBody: true });
      expect(turns.mock.calls.filter(([, ms]) => ms === 0).length).toBeGreaterThan(3);
    } finally {
      clock.mockRestore();
      turns.mockRestore();
    }
    const { headers, body: payload } = sent();
    expect(headers['Content-Encoding']).toBe('gzip');
    const text = gunzipSync(Buffer.from(await (payload as Blob).arrayBuffer())).toString('utf8');
    expect(text).toBe(JSON.stringify(body));
  });

  it('leaves small bodies, and calls that do not ask for it, as plain JSON', async () => {
    const small = setup();
    await small.http.call(save, { body: { loadType: 'TEC_MTY', processedData: [] }, compressBody: true });
    expect(small.sent().headers['Content-Encoding']).toBeUndefined();
    expect(small.sent().body).toBe('{"loadType":"TEC_MTY","processedData":[]}');

    const plain = setup();
    await plain.http.call(save, { body: bigBody });
    expect(plain.sent().headers['Content-Encoding']).toBeUndefined();
    expect(typeof plain.sent().body).toBe('string');
  });
});
