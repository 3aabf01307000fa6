/**
 * Part (f) of `pnpm bench:api`: the pending-reports zip (issue 13, defect 4). Before the fix the whole zip
 * was built in memory: 231 MB pending on PGlite took 26.7 s, /api/health stalled up to 25 s, four at once
 * used 2.2 GB. It streams now; this prints how /api/health answers while one and four zips of
 * `REPORTS` × 1 MB download (goal: worst under 100 ms on PostgreSQL, 500 ms on PGlite, twice that for four
 * at once — PGlite runs in the server's process and holds the event loop for each 64 KB slice it reads),
 * next to the idle latency measured just before (on a busy machine the idle figure grows too), and the
 * server's extra memory at its peak. `apps/api/test/hardening-zip.test.ts` checks the behaviour (streamed,
 * read as the client takes it, memory bounded); the timings live here, where a busy machine cannot fail a gate.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../src/db/schema';
import { storePdf } from '../src/modules/reportes/pdf-store';

export const ZIP_REPORTS = 30;
export const ZIP_PDF_BYTES = 1024 * 1024;

/** `n` pending reports of `bytes` random bytes each (a PDF header first), folios `ZIP-0`…, of the first client. */
export async function insertPendingReports(db: Kysely<Database>, n = ZIP_REPORTS, bytes = ZIP_PDF_BYTES) {
  const cliente = await db.selectFrom('clientes').select('id_cliente').executeTakeFirstOrThrow();
  for (let i = 0; i < n; i++) {
    const pdf = randomBytes(bytes);
    pdf.write('%PDF-1.7\n', 0, 'latin1');
    await db
      .insertInto('reportes')
      .values({
        folio: `ZIP-${i}`,
        id_folio: null,
        id_cliente: cliente.id_cliente,
        id_visitador: null,
        fecha_recibido: '2026-11-20',
        estatus: 'pendiente',
        id_pdf: await storePdf(db, pdf),
        pdf_bytes: pdf.length,
        created_at: sql<Date>`now()`,
      })
      .execute();
  }
}

/** Memory the server may be using: heap and array buffers (PDF slices, zip chunks). */
export const usedMemory = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};

/** A timed GET; the body is drained, or written to `file`. */
function timedGet(port: number, url: string, headers: Record<string, string> = {}, file?: string) {
  return new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const started = performance.now();
    const req = http.get({ host: '127.0.0.1', port, path: url, headers }, (res) => {
      const done = () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started });
      res.on('error', reject);
      if (file) {
        const out = createWriteStream(file);
        out.on('error', reject);
        out.on('finish', done);
        res.pipe(out);
        return;
      }
      res.resume();
      res.on('end', done);
    });
    req.on('error', reject);
  });
}

async function healthMs(port: number): Promise<number> {
  const h = await timedGet(port, '/api/health');
  if (h.status !== 200) throw new Error(`/api/health: ${h.status}`);
  return h.ms;
}

/** `n` downloads at once while /api/health is probed every 10 ms and memory sampled every 5 ms. */
async function downloadWhileProbing(port: number, auth: Record<string, string>, n: number, dir: string) {
  const base = usedMemory();
  let peak = 0;
  const sampler = setInterval(() => {
    peak = Math.max(peak, usedMemory() - base);
  }, 5);
  const downloads = Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const file = path.join(dir, `zip-${n}-${i}.zip`);
      const res = await timedGet(port, '/api/reportes/pendientes/descarga', auth, file);
      rmSync(file, { force: true });
      if (res.status !== 200) throw new Error(`descarga: ${res.status}`);
      return res.ms;
    }),
  );
  let done = false;
  const health: number[] = [];
  const probe = (async () => {
    while (!done) {
      health.push(await healthMs(port));
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  const zipMs = await downloads;
  clearInterval(sampler);
  done = true;
  await probe;
  return { slowest: Math.max(...zipMs), health, peak };
}

export interface ZipLine {
  test: string;
  value: string;
  goal: string;
  ok: boolean | null;
}

const pct = (v: number[], p: number) =>
  [...v].sort((a, b) => a - b)[Math.min(v.length - 1, Math.floor((p / 100) * v.length))] ?? 0;
const fmt = (ms: number) => `${ms.toFixed(1)} ms`;

/**
 * (f) Inserts the pending reports, listens on a free port and measures idle /api/health for 3 s, then
 * during one download and during four at once. `app` must be ready and not yet listening.
 */
export async function benchZip(
  app: FastifyInstance,
  db: Kysely<Database>,
  token: string,
  postgres: boolean,
): Promise<ZipLine[]> {
  await insertPendingReports(db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const auth = { authorization: `Bearer ${token}` };
  const dir = mkdtempSync(path.join(tmpdir(), 'socio-bench-zip-'));
  const target = postgres ? 100 : 500;
  const mb = ZIP_REPORTS * (ZIP_PDF_BYTES / 1e6);
  try {
    const idle: number[] = [];
    const until = performance.now() + 3_000;
    while (performance.now() < until) {
      idle.push(await healthMs(port));
      await new Promise((r) => setTimeout(r, 10));
    }
    const lines: ZipLine[] = [
      {
        test: `(f) /api/health en reposo (${idle.length} llamadas): p50 ${fmt(pct(idle, 50))}, peor`,
        value: fmt(Math.max(...idle)),
        goal: '',
        ok: null,
      },
    ];
    for (const n of [1, 4]) {
      const m = await downloadWhileProbing(port, auth, n, dir);
      const worst = Math.max(...m.health);
      const bound = target * (n === 1 ? 1 : 2);
      lines.push(
        {
          test: `(f) /api/health durante ${n} zip(s) de ${mb.toFixed(0)} MB (${(m.slowest / 1000).toFixed(1)} s; ${m.health.length} llamadas, p95 ${fmt(pct(m.health, 95))}), peor`,
          value: fmt(worst),
          goal: `≤ ${bound} ms`,
          ok: worst <= bound,
        },
        {
          test: `(f) memoria extra del servidor durante ${n} zip(s), pico`,
          value: `${(m.peak / 1e6).toFixed(1)} MB`,
          goal: '',
          ok: null,
        },
      );
    }
    return lines;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await db.deleteFrom('reportes').where('folio', 'like', 'ZIP-%').execute();
  }
}
