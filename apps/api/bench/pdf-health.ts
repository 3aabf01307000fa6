/**
 * `pnpm bench:pdf-server` — does a big PDF freeze the server? The API as production runs it (compiled, its own
 * process, see ./server.ts) on PGlite (a temp dir) and PostgreSQL (a fresh database on BENCH_PG_URL, or on
 * 127.0.0.1:5432 when a server answers there). While it receives 19 MB uploads (POST /api/reportes) or sends
 * 19 MB PDFs (GET /api/reportes/:id/pdf), one at a time and three at once, a client asks GET /api/health
 * over and over (one request after the other); the bench prints its p50/p99/max (goal p99 ≤ 100 ms), after the
 * same figures with the server idle (the machine's own noise). Then the
 * time of 220 uploads of 1 MB, one after the other.
 *
 * Env: BENCH_PG_URL, BENCH_ONLY=pglite|postgres, BENCH_PDF_MB (19), BENCH_SMALL_UPLOADS (220).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PDFDocument } from 'pdf-lib';
import { type ApiServer, healthProbe, percentile, startApiServer, withFreshPgDatabase } from './server';

const ONLY = process.env.BENCH_ONLY;
const BIG_MB = Number(process.env.BENCH_PDF_MB ?? 19);
const SMALL_UPLOADS = Number(process.env.BENCH_SMALL_UPLOADS ?? 220);
const HEALTH_GOAL_MS = 100;
const ADMIN = { email: 'admin@socioeconomico.mx', password: 'Admin2026!' };
const SERVER_ENV = { JWT_SECRET: 'bench-secret-bench-secret-bench-secret', DEMO_DATA: '0' };

const summary: string[] = [];
function line(text: string) {
  summary.push(text);
  console.info(`  ${text}`);
}

/** A one-page PDF that opens, about `mb` MB: a stream of random bytes, as a scanned page is. */
async function bigPdf(mb: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage().drawText('Estudio socioeconómico (bench)', { x: 50, y: 700 });
  doc.context.register(doc.context.stream(randomBytes(Math.round(mb * 1024 * 1024) - 2048)));
  return doc.save({ useObjectStreams: false });
}

async function login(server: ApiServer): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

let folioSeq = 0;
async function upload(server: ApiServer, token: string, pdf: Uint8Array): Promise<number> {
  folioSeq += 1;
  const form = new FormData();
  form.set('folio', `PDF-BENCH-${folioSeq}`);
  form.set('cliente', 'UDEM');
  form.set('file', new Blob([pdf], { type: 'application/pdf' }), `bench-${folioSeq}.pdf`);
  const res = await fetch(`${server.baseUrl}/api/reportes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`subida: ${res.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { reporte: { id_reporte: number } }).reporte.id_reporte;
}

async function view(server: ApiServer, token: string, id: number, expected: number): Promise<void> {
  const res = await fetch(`${server.baseUrl}/api/reportes/${id}/pdf`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const bytes = (await res.arrayBuffer()).byteLength;
  if (res.status !== 200 || bytes !== expected) throw new Error(`vista: ${res.status}, ${bytes} bytes`);
}

/** Runs `work` while probing /api/health; prints the probe's figures. */
async function during(label: string, db: string, server: ApiServer, work: () => Promise<unknown>) {
  // Resolves once the probe's thread is running: the work starts probed.
  const probe = await healthProbe(server.baseUrl);
  const t = performance.now();
  await work();
  const took = performance.now() - t;
  const sorted = (await probe.stop()).sort((a, b) => a - b);
  const p99 = percentile(sorted, 99);
  const mark = p99 <= HEALTH_GOAL_MS ? '✓' : '✗';
  line(
    `${mark} [${db}] /api/health durante ${label} (${(took / 1000).toFixed(1)} s, ${sorted.length} consultas): ` +
      `p50 ${percentile(sorted, 50).toFixed(1)} ms, p99 ${p99.toFixed(1)} ms, máx ${sorted.at(-1)?.toFixed(0)} ms  (meta p99 ≤ ${HEALTH_GOAL_MS} ms)`,
  );
}

async function runOn(db: string, env: Record<string, string>, big: Uint8Array, small: Uint8Array) {
  console.info(`\n== ${db} ==`);
  const server = await startApiServer({ ...SERVER_ENV, ...env });
  try {
    const token = await login(server);
    const mb = (big.length / 1024 / 1024).toFixed(1);
    let ids: number[] = [];
    // The same probe with nothing else running: what the machine gives at best right now.
    await during('3 s en reposo', db, server, () => new Promise((r) => setTimeout(r, 3000)));
    await during(`1 subida de ${mb} MB`, db, server, async () => {
      ids.push(await upload(server, token, big));
    });
    await during(`3 subidas simultáneas de ${mb} MB`, db, server, async () => {
      ids = ids.concat(await Promise.all([0, 1, 2].map(() => upload(server, token, big))));
    });
    await during(`1 vista de un PDF de ${mb} MB`, db, server, () => view(server, token, ids[0]!, big.length));
    await during(`3 vistas simultáneas de PDFs de ${mb} MB`, db, server, () =>
      Promise.all(ids.slice(1, 4).map((id) => view(server, token, id, big.length))),
    );
    const t = performance.now();
    for (let i = 0; i < SMALL_UPLOADS; i++) await upload(server, token, small);
    const took = (performance.now() - t) / 1000;
    line(
      `  [${db}] ${SMALL_UPLOADS} subidas de ${(small.length / 1024 / 1024).toFixed(1)} MB, una tras otra: ${took.toFixed(1)} s (${((took * 1000) / SMALL_UPLOADS).toFixed(0)} ms cada una)`,
    );
  } finally {
    await server.stop();
  }
}

async function main() {
  console.info(`Bench de PDFs grandes y /api/health, Node ${process.version}`);
  const big = await bigPdf(BIG_MB);
  const small = await bigPdf(1);
  if (ONLY !== 'postgres') {
    const dir = mkdtempSync(path.join(tmpdir(), 'socio-bench-pdf-'));
    try {
      await runOn('PGlite', { DATA_DIR: dir, DATABASE_URL: '' }, big, small);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (ONLY !== 'pglite') {
    const serverUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
    await withFreshPgDatabase(serverUrl, 'socio_bench_pdf', async (url) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'socio-bench-pdf-pg-'));
      try {
        await runOn('PostgreSQL', { DATA_DIR: dataDir, DATABASE_URL: url }, big, small);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    });
  }
  console.info('\nResumen');
  for (const l of summary) console.info(`  ${l}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
