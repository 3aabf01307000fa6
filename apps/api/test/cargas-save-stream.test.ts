/**
 * save_carga's body is checked and staged while it arrives (issue 22.7, issue 21.3): the first chunk of rows is
 * staged before the body's last byte is read, and the body is not read far ahead of the staging (at most three
 * chunks of rows held), so 100,000 rows never are 100,000 row objects at once. A body refused as a whole still
 * answers as before and leaves nothing staged; a repeated member counts its last list, as JSON.parse does.
 * Watched through the statements sent (./event-loop-turns.ts) and the body's chunks. No clocks.
 */
import http from 'node:http';
import { Readable } from 'node:stream';
import type { SaveCargaResponse } from '@socio/contracts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JsonBodySplitter } from '../src/http/big-json';
import { SAVE_CHUNK } from '../src/modules/cargas/repo';
import { BodyStager } from '../src/modules/cargas/staging';
import { isStagingCopy, unwatchQueries, watchQueries } from './event-loop-turns';
import { activeVisitorsOf, createTestContext, dbKinds, saveRows, type TestContext } from './helpers';

describe.each(dbKinds())('save_carga stages its rows while the body arrives (%s)', (kind) => {
  let ctx: TestContext;
  let visitors: Array<{ id_usuario: number; region: string }>;

  beforeAll(async () => {
    ctx = await createTestContext(kind, { demoOperations: false });
    visitors = await activeVisitorsOf(ctx);
  });
  afterEach(() => {
    unwatchQueries();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const rows = (prefix: string, n: number) => saveRows(visitors, prefix, n);

  /** POSTs `pieces` to save_carga as a body that arrives one piece per chunk. */
  async function postInPieces(pieces: string[]) {
    const headers = await ctx.authHeaders('Administrador');
    return ctx.app.inject({
      method: 'POST',
      url: '/api/cargas/save_carga',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: Readable.from(
        pieces.map((p) => Buffer.from(p)),
        { objectMode: false, highWaterMark: 1 },
      ),
    });
  }

  /** Counts the body's bytes as the parser reads them. */
  function countBytesRead() {
    const state = { bytes: 0, restore: () => {} };
    const write = JsonBodySplitter.prototype.write;
    JsonBodySplitter.prototype.write = function (this: JsonBodySplitter, chunk: Buffer) {
      state.bytes += chunk.length;
      write.call(this, chunk);
    };
    state.restore = () => {
      JsonBodySplitter.prototype.write = write;
    };
    return state;
  }

  const staged = async () => {
    const { rows: lotes } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM carga_lotes`.execute(
      ctx.db,
    );
    const { rows: filas } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM carga_lote_filas`.execute(ctx.db);
    return { lotes: Number(lotes[0]!.n), filas: Number(filas[0]!.n) };
  };

  it('stages each chunk of rows before the body is all read, never more than one chunk ahead', async () => {
    const ROWS_PER_PIECE = 250;
    const n = 4 * SAVE_CHUNK;
    const all = rows('STREAM', n).map((row) => JSON.stringify(row));
    const pieces = ['{"fileName":"stream.xlsx","loadType":"TEC_MTY","processedData":['];
    for (let i = 0; i < n; i += ROWS_PER_PIECE)
      pieces.push(`${i > 0 ? ',' : ''}${all.slice(i, i + ROWS_PER_PIECE).join(',')}`);
    pieces.push(']}');
    /** Where each row's text ends in the body, in bytes. */
    const rowEnds: number[] = [];
    let offset = Buffer.byteLength(pieces[0]!);
    all.forEach((row, i) => {
      offset += Buffer.byteLength(row) + (i > 0 ? 1 : 0);
      rowEnds.push(offset);
    });
    const total = offset + Buffer.byteLength(']}');
    /** Bytes read when each chunk of rows was staged. */
    const readAtStaging: number[] = [];
    const counter = countBytesRead();
    watchQueries((text, result) => {
      if (isStagingCopy(text)) readAtStaging.push(counter.bytes);
      return result;
    });
    let res: Awaited<ReturnType<typeof postInPieces>>;
    try {
      res = await postInPieces(pieces);
    } finally {
      counter.restore();
    }
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as SaveCargaResponse).toMatchObject({ recordsProcessed: n, recordsFailed: 0 });
    expect(readAtStaging).toHaveLength(n / SAVE_CHUNK);
    // The first chunk was staged before the body was all read (the old save: the whole body first).
    expect(readAtStaging[0]).toBeLessThan(total);
    // When chunk k's COPY is sent, at most chunks k + 1 and k + 2 were read behind it (the one being checked
    // and the one being read while the COPY's lines are built; plus the rest of the piece that filled it): the
    // rows held never pass three chunks, whatever the body's length.
    readAtStaging.forEach((read, k) => {
      const rowsRead = rowEnds.filter((end) => end <= read).length;
      expect(rowsRead, `chunk ${k}`).toBeLessThanOrEqual((k + 3) * SAVE_CHUNK + ROWS_PER_PIECE);
    });
    expect(await staged()).toEqual({ lotes: 0, filas: 0 });
  });

  it('refuses a body with a bad row past the first chunks as before, leaving nothing staged', async () => {
    const good = rows('BAD', 2 * SAVE_CHUNK + 10);
    const body = {
      fileName: 'bad.xlsx',
      processedData: [...good, { ...good[0], Calle: { nested: true } }, ...rows('BAD2', 3)],
      loadType: 'TEC_MTY',
    };
    let stagings = 0;
    watchQueries((text, result) => {
      if (isStagingCopy(text)) stagings++;
      return result;
    });
    const res = await ctx.request(
      { method: 'POST', url: '/api/cargas/save_carga', payload: body },
      'Administrador',
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({
      code: 'validation',
      detail: [
        {
          loc: ['body', 'processedData', 2 * SAVE_CHUNK + 10, 'Calle'],
          msg: expect.stringContaining('Calle'),
          type: 'custom',
        },
      ],
    });
    // Rows before the bad row were staged while the body arrived, and are gone with the answer.
    expect(stagings).toBeGreaterThan(0);
    expect(await staged()).toEqual({ lotes: 0, filas: 0 });
  });

  it('saves the last list of a repeated processedData member only, as JSON.parse reads it', async () => {
    const first = rows('TWICE-A', SAVE_CHUNK + 5);
    const last = rows('TWICE-B', 3);
    const text = `{"fileName":"twice.xlsx","processedData":${JSON.stringify(first)},"loadType":"TEC_MTY","processedData":${JSON.stringify(last)}}`;
    const res = await postInPieces([text.slice(0, text.length / 2), text.slice(text.length / 2)]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as SaveCargaResponse).toMatchObject({ recordsProcessed: 3, recordsFailed: 0 });
    const { rows: saved } = await sql<{ folio: string }>`
      SELECT folio FROM asignaciones WHERE folio LIKE 'TWICE-%' ORDER BY folio`.execute(ctx.db);
    expect(saved.map((r) => r.folio)).toEqual(['TWICE-B-0', 'TWICE-B-1', 'TWICE-B-2']);
    expect(await staged()).toEqual({ lotes: 0, filas: 0 });
  });
  it('leaves nothing staged when the client goes away in the middle of the body', async () => {
    const port = kind === 'pglite' ? 42101 : 42102;
    await ctx.app.listen({ port, host: '127.0.0.1' });
    const discard = BodyStager.prototype.discard;
    const discarded = new Promise<void>((resolve) => {
      BodyStager.prototype.discard = function (this: BodyStager) {
        const done = discard.call(this);
        done.then(resolve);
        return done;
      };
    });
    try {
      const text = JSON.stringify({ fileName: 'cut.xlsx', processedData: rows('CUT', 2 * SAVE_CHUNK) });
      const headers = await ctx.authHeaders('Administrador');
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/cargas/save_carga',
        // More bytes announced than are ever sent: the server waits for the rest until the client goes away.
        headers: { ...headers, 'content-type': 'application/json', 'content-length': text.length * 2 },
      });
      request.on('error', () => undefined);
      let stagedOnce = false;
      watchQueries((query, result) => {
        if (isStagingCopy(query) && !stagedOnce) {
          stagedOnce = true;
          result.then(() => request.destroy());
        }
        return result;
      });
      request.write(text.slice(0, -2));
      await discarded;
      expect(stagedOnce).toBe(true);
      expect(await staged()).toEqual({ lotes: 0, filas: 0 });
    } finally {
      BodyStager.prototype.discard = discard;
    }
  });
});
