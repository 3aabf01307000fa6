/**
 * A big save does not starve the server (issue 22.7): while save_carga checks the rows of a batch, while its
 * body arrives in many chunks, and while process_carga processes a large request, the event loop turns — other
 * requests (/api/health) get their turn instead of waiting for the whole body or the whole batch. Turns and
 * statements are watched with ./event-loop-turns.ts. No clocks.
 */
import { Readable } from 'node:stream';
import type { SaveCargaResponse } from '@socio/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { JsonBodySplitter } from '../src/http/big-json';
import { SAVE_CHUNK, SAVE_SLICE } from '../src/modules/cargas/repo';
import {
  isOpenFolioLookup,
  isStagingCopy,
  turnCounter,
  unwatchQueries,
  watchQueries,
} from './event-loop-turns';
import { createTestContext, dbKinds, saveRows, type TestContext } from './helpers';

describe.each(dbKinds())('save_carga yields to other requests (%s)', (kind) => {
  let ctx: TestContext;
  let visitors: Array<{ id_usuario: number; region: string }>;

  beforeAll(async () => {
    ctx = await createTestContext(kind, { demoOperations: false });
    const res = await ctx.request({ method: 'GET', url: '/api/cargas/active_visitors' }, 'Administrador');
    visitors = (res.json() as { visitors: typeof visitors }).visitors;
  });
  afterEach(() => unwatchQueries());
  afterAll(async () => {
    await ctx?.close();
  });

  const rows = (prefix: string, n: number) => saveRows(visitors, prefix, n);

  const expectSaved = (res: { statusCode: number; body: string; json: () => unknown }, n: number) => {
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as SaveCargaResponse).toMatchObject({ recordsProcessed: n, recordsFailed: 0 });
  };

  it('turns the event loop while it checks the rows of its first batch', async () => {
    const counter = turnCounter();
    let turnsAtFirstBatch: number | null = null;
    watchQueries((text, result) => {
      // save_carga stages its body as one part of a lote, opened when its first chunk of rows was read; then the
      // chunk's rows are checked and staged.
      if (/insert into carga_lotes\s*\(/i.test(text)) {
        return result.then((answer) => {
          counter.start();
          return answer;
        });
      }
      if (isStagingCopy(text)) turnsAtFirstBatch ??= counter.turns;
      return result;
    });
    const n = SAVE_CHUNK + 10;
    const res = await ctx.request(
      {
        method: 'POST',
        url: '/api/cargas/save_carga',
        payload: { fileName: 'yield.xlsx', processedData: rows('YIELD', n), loadType: 'TEC_MTY' },
      },
      'Administrador',
    );
    counter.stop();
    expectSaved(res, n);
    // At least one turn per slice of checked rows before the batch is written (the old save: none).
    expect(turnsAtFirstBatch).toBeGreaterThanOrEqual(SAVE_CHUNK / SAVE_SLICE);
  });

  it('turns the event loop between the chunks of a body that arrives in many', async () => {
    const counter = turnCounter();
    /** The turn at which each chunk of the body was parsed. */
    const turnsAtChunks: number[] = [];
    const write = JsonBodySplitter.prototype.write;
    JsonBodySplitter.prototype.write = function (this: JsonBodySplitter, chunk: Buffer) {
      turnsAtChunks.push(counter.turns);
      write.call(this, chunk);
    };
    try {
      const n = 2_000;
      const text = JSON.stringify({
        fileName: 'chunks.xlsx',
        processedData: rows('CHUNKS', n),
        loadType: 'TEC_MTY',
      });
      const CHUNKS = 100;
      const size = Math.ceil(text.length / CHUNKS);
      const pieces = Array.from({ length: CHUNKS }, (_, i) =>
        Buffer.from(text.slice(i * size, (i + 1) * size)),
      );
      const headers = await ctx.authHeaders('Administrador');
      counter.start();
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/cargas/save_carga',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: Readable.from(pieces, { objectMode: false, highWaterMark: 1 }),
      });
      counter.stop();
      expectSaved(res, n);
    } finally {
      JsonBodySplitter.prototype.write = write;
    }
    // The body came in many chunks, and between two of them the event loop turned (the old parser: never).
    expect(turnsAtChunks.length).toBeGreaterThan(10);
    const sameTurn = turnsAtChunks.filter((turn, i) => i > 0 && turn === turnsAtChunks[i - 1]);
    expect(sameTurn).toEqual([]);
  });

  it('turns the event loop while process_carga processes the rows of a large request', async () => {
    const opened = await ctx.request(
      {
        method: 'POST',
        url: '/api/cargas/save_carga/lotes',
        payload: { fileName: 'turnos.xlsx', loadType: 'TEC_MTY' },
      },
      'Administrador',
    );
    const { id } = opened.json() as { id: string };
    const counter = turnCounter();
    let lookedUp = false;
    let turnsAfterRows: number | null = null;
    watchQueries((text, result) => {
      // The open folios are the last thing process_carga reads before it processes the rows; the next statement
      // (the staging of the valid rows in the lote) comes once every row was processed.
      if (isOpenFolioLookup(text)) {
        return result.then((answer) => {
          lookedUp = true;
          counter.start();
          return answer;
        });
      }
      if (lookedUp) turnsAfterRows ??= counter.turns;
      return result;
    });
    const n = 4 * SAVE_SLICE + 1;
    const res = await ctx.request(
      {
        method: 'POST',
        url: '/api/cargas/process_carga',
        payload: { rows: rows('PTURN', n), loadType: 'TEC_MTY', lote: { id, parte: 0 } },
      },
      'Administrador',
    );
    counter.stop();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ staged: true, validCount: n, invalidCount: 0 });
    // Five slices of at most SAVE_SLICE rows: a turn between each two (all at once, the next statement came in
    // the same turn as the lookup's answer).
    expect(turnsAfterRows).toBeGreaterThanOrEqual(4);
  });
});
