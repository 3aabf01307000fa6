/**
 * Issue 13, defect 4: `GET /api/reportes/pendientes/descarga` built the whole zip in memory (231 MB pending on
 * PGlite: 26.7 s, /api/health stalled up to 25 s; four at once: 2.2 GB). It now streams: PDFs read in small
 * 64 KB slices, written through a streaming zip with backpressure. Checked, on PGlite and (with TEST_PG_URL)
 * PostgreSQL, for one download and for four at once, without a clock: each client holds its download after
 * the first bytes; meanwhile /api/health answers and a report is deleted, and once released every zip is
 * complete without it (the server reads each PDF only as the client takes the bytes; the old code had read
 * them all before the first byte). The server's extra memory stays bounded. The latencies are printed by
 * `pnpm bench:api` (part f, ./bench/zip.ts).
 */
import { createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPendingReports, usedMemory, ZIP_PDF_BYTES, ZIP_REPORTS } from '../bench/zip';
import { discardPdf } from '../src/modules/reportes/pdf-store';
import { createTestContext, dbKinds, type TestContext } from './helpers';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/**
 * Extra memory of the server process (heap + array buffers over the baseline) at its peak; the test client
 * writes the zips to disk, so this is the server's. Streaming holds a few slices and each stream's 1 MB
 * buffer plus garbage not yet collected (measured: 25–55 MB for one; for four, 71–154 MB since PDFs are read
 * as 256 KB base64 parts, whose strings are garbage until the next collection); the old code held every PDF
 * and the whole zip, ≥ 2 × the pending bytes per download (≥ 250 MB for four here). The bounds sit between.
 */
const MEMORY_BOUND_MB = { one: 100, four: 220 } as const;

interface Held {
  /** Resolves when the first bytes arrived; the response is paused from then on. */
  started: Promise<void>;
  /** Resumes the paused response. */
  release(): void;
  /** Resolves when the whole body is on disk. */
  done: Promise<{ status: number; file: string }>;
}

/** A download of the pending zip to `file`, held (paused) after its first bytes until `release()`. */
function heldDownload(port: number, auth: Record<string, string>, file: string): Held {
  let onStarted!: () => void;
  let onRelease!: () => void;
  const started = new Promise<void>((resolve) => {
    onStarted = resolve;
  });
  const released = new Promise<void>((resolve) => {
    onRelease = resolve;
  });
  const done = new Promise<{ status: number; file: string }>((resolve, reject) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: '/api/reportes/pendientes/descarga', headers: auth },
      (res) => {
        res.on('error', reject);
        const out = createWriteStream(file);
        out.on('error', reject);
        out.on('finish', () => resolve({ status: res.statusCode ?? 0, file }));
        res.once('data', (first: Buffer) => {
          res.pause();
          out.write(first);
          onStarted();
          void released.then(() => res.pipe(out));
        });
        res.once('end', onStarted); // an empty body: nothing to hold
      },
    );
    req.on('error', reject);
  });
  return { started, release: onRelease, done };
}

async function health(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: '/api/health' }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

/** The zip holds exactly `folios`, each a whole PDF. */
function expectZipOf(zip: { status: number; file: string }, folios: string[]) {
  expect(zip.status).toBe(200);
  const files = unzipSync(new Uint8Array(readFileSync(zip.file)));
  const names = Object.keys(files).map((name) => path.basename(name, '.pdf'));
  expect(names.sort()).toEqual([...folios].sort());
  expect(Object.values(files).every((f) => f.length === ZIP_PDF_BYTES)).toBe(true);
  rmSync(zip.file);
}

describe.each(dbKinds())('hardening: the pending-reports zip streams (%s)', (kind) => {
  let ctx: TestContext;
  let port: number;
  let auth: Record<string, string>;
  let dir: string;
  const pending = Array.from({ length: ZIP_REPORTS }, (_, i) => `ZIP-${i}`);

  /**
   * `n` downloads at once, each held after its first bytes; while all are held /api/health answers and the
   * last pending report is deleted; then all are released. Returns the finished downloads and the peak
   * extra memory (bytes) over the whole run.
   */
  async function heldDownloads(n: number) {
    gc();
    const base = usedMemory();
    let peak = 0;
    const sampler = setInterval(() => {
      peak = Math.max(peak, usedMemory() - base);
    }, 5);
    const held = Array.from({ length: n }, (_, i) =>
      heldDownload(port, auth, path.join(dir, `zip-${n}-${i}.zip`)),
    );
    await Promise.all(held.map((h) => h.started));
    // Each client holds its download: /api/health answers meanwhile (the old code answered nothing until
    // the zip was built), and a report deleted now is left out of every zip (the old code had read it).
    expect(await health(port)).toBe(200);
    const gone = await ctx.db
      .deleteFrom('reportes')
      .where('folio', '=', pending.pop() ?? '')
      .returning('id_pdf')
      .executeTakeFirstOrThrow();
    await discardPdf(ctx.db, gone.id_pdf);
    for (const h of held) h.release();
    const zips = await Promise.all(held.map((h) => h.done));
    clearInterval(sampler);
    return { zips, peak };
  }

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'socio-zip-'));
    ctx = await createTestContext(kind, { demoOperations: false });
    await ctx.db.updateTable('reportes').set({ estatus: 'enviado' }).execute();
    await insertPendingReports(ctx.db);
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
    auth = await ctx.authHeaders('Supervisor');
  }, 300_000);
  afterAll(async () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    await ctx?.close();
  });

  it('streams the zip as the client takes it: /api/health answers meanwhile, memory bounded', async () => {
    const { zips, peak } = await heldDownloads(1);
    console.info(`[${kind}] one zip: extra memory peak ${(peak / 1e6).toFixed(1)} MB`);
    const zip = zips[0];
    if (!zip) throw new Error('sin zip');
    expectZipOf(zip, pending);
    expect(peak / 1e6).toBeLessThan(MEMORY_BOUND_MB.one);
  }, 300_000);

  it('four downloads at once: all stream and complete, memory bounded', async () => {
    const { zips, peak } = await heldDownloads(4);
    console.info(`[${kind}] four zips at once: extra memory peak ${(peak / 1e6).toFixed(1)} MB`);
    expect(zips).toHaveLength(4);
    for (const zip of zips) expectZipOf(zip, pending);
    // The old code held ≥ 2 × 31 MB per download (2.2 GB for four of 231 MB).
    expect(peak / 1e6).toBeLessThan(MEMORY_BOUND_MB.four);
  }, 300_000);
});
