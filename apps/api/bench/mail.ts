/**
 * `pnpm bench:mail` — 1,000 reports sent through the delivery worker to a loopback SMTP server
 * (smtp-server, parsing each message), on PGlite in a temp dir (and PostgreSQL on BENCH_PG_URL when set).
 * Prints messages per second and the API's latency (GET /api/reportes of one client, authenticated,
 * over HTTP) before and while the worker runs.
 *
 * Env: BENCH_MAIL_REPORTS (1000), BENCH_PG_URL, BENCH_MAIL_BATCH (20, rows claimed per round).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { type ApiRoute, apiRoutes, buildApiPath } from '@socio/contracts';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { DEFAULT_ADMIN_EMAIL, DEFAULT_ADMIN_PASSWORD, loadConfig } from '../src/config';
import { createDatabase, type DatabaseHandle } from '../src/db/index';
import { migrate } from '../src/db/migrate';
import { apiUrl } from '../src/http/route';
import { createSmtpTransport } from '../src/modules/entregas/mail';
import { countByEstado } from '../src/modules/entregas/repo';
import { createDeliveryWorker } from '../src/modules/entregas/worker';
import { storePdf } from '../src/modules/reportes/pdf-store';
import { seed } from '../src/seed/index';
import { createReportPdf } from '../src/seed/pdf';
import { startTestSmtpServer } from '../test/entregas-smtp';

const REPORTS = Number(process.env.BENCH_MAIL_REPORTS ?? 1000);
const BATCH = Number(process.env.BENCH_MAIL_BATCH ?? 20);
const ADMIN = { email: DEFAULT_ADMIN_EMAIL, password: DEFAULT_ADMIN_PASSWORD };

function pct(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function run(label: string, database: DatabaseHandle): Promise<void> {
  await migrate(database.db);
  await seed(database.db, { adminEmail: ADMIN.email, adminPassword: ADMIN.password, demo: false });
  const config = {
    ...loadConfig({
      ...process.env,
      DATA_DIR: 'memory://',
      JWT_SECRET: 'bench-mail-secret-0123456789abcdef',
    }),
    dataDir: 'memory://',
    logLevel: false as const,
    serveAppDir: null,
    host: '127.0.0.1',
  };
  const app = await buildApp({ db: database, config });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  /** The URL of a call of the route table, its `:params` filled in. */
  const url = (route: Pick<ApiRoute, 'path'>, params?: Record<string, string | number>) =>
    `${origin}${buildApiPath(apiUrl(route), params)}`;
  const smtp = await startTestSmtpServer();
  const transport = createSmtpTransport({ smtpUrl: smtp.url });
  try {
    const login = await fetch(url(apiRoutes.auth.login), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const auth = { authorization: `Bearer ${token}` };
    const udem = await database.db
      .selectFrom('clientes')
      .select('id_cliente')
      .where('nombre', '=', 'UDEM')
      .executeTakeFirstOrThrow();
    await fetch(url(apiRoutes.clientes.updateDestinatarios, { id: udem.id_cliente }), {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ destinatarios: ['reportes@udem.example', 'becas@udem.example'] }),
    });

    const pdf = await createReportPdf({
      folio: 'BENCH',
      cliente: 'UDEM',
      visitador: 'Bench',
      fecha: '22/11/2026',
      alumno: 'Alumno',
      direccion: 'Calle 1',
      notas: 'bench',
    });
    const ids: number[] = [];
    for (let i = 0; i < REPORTS; i += 100) {
      const batch = Math.min(100, REPORTS - i);
      const files: number[] = [];
      for (let k = 0; k < batch; k++) files.push(await storePdf(database.db, pdf));
      const rows = await database.db
        .insertInto('reportes')
        .values(
          Array.from({ length: batch }, (_, k) => ({
            folio: `BENCH-${i + k + 1}`,
            id_folio: null,
            id_cliente: udem.id_cliente,
            id_visitador: null,
            id_pdf: files[k]!,
            pdf_bytes: pdf.length,
            creado_por: null,
          })),
        )
        .returning('id_reporte')
        .execute();
      ids.push(...rows.map((r) => r.id_reporte));
    }

    const latency = async (stop: () => boolean, min: number): Promise<number[]> => {
      const times: number[] = [];
      while (times.length < min || !stop()) {
        const t = performance.now();
        const res = await fetch(`${url(apiRoutes.reportes.list)}?cliente=UDEM&q=BENCH-77`, { headers: auth });
        await res.arrayBuffer();
        times.push(performance.now() - t);
        if (times.length > 100_000) break;
      }
      return times;
    };

    const idle = await latency(() => true, 200);

    // 'Enviar reportes' on each: the outbox rows are written with the status changes.
    const tEnqueue = performance.now();
    for (const id of ids) {
      const res = await fetch(url(apiRoutes.reportes.send, { id }), { method: 'POST', headers: auth });
      if (res.status !== 200) throw new Error(`enviar ${id}: ${res.status}`);
      await res.arrayBuffer();
    }
    const enqueueMs = performance.now() - tEnqueue;

    const worker = createDeliveryWorker({
      db: database.db,
      transport,
      from: 'Socioeconómico <reportes@socio.bench>',
      batchSize: BATCH,
      pollMs: 20,
    });
    let done = false;
    const t0 = performance.now();
    worker.start();
    const busyPromise = latency(() => done, 20);
    while (smtp.received.length < REPORTS) {
      await new Promise((r) => setTimeout(r, 50));
      if (performance.now() - t0 > 600_000) throw new Error('el repartidor no terminó en 10 min');
    }
    const elapsed = performance.now() - t0;
    done = true;
    const busy = await busyPromise;
    await worker.stop();
    const estados = await countByEstado(database.db);
    const dupes = new Set(smtp.received.map((m) => m.messageId)).size !== smtp.received.length;

    const f = (n: number) => n.toFixed(1);
    console.info(`\n[${label}] ${REPORTS} reportes por SMTP en loopback (lotes de ${BATCH}, 5 conexiones)`);
    console.info(
      `  en cola (POST /enviar x${REPORTS}):  ${f(enqueueMs / 1000)} s  (${f(REPORTS / (enqueueMs / 1000))} por s)`,
    );
    console.info(
      `  entregados:                 ${smtp.received.length} en ${f(elapsed / 1000)} s → ${f(REPORTS / (elapsed / 1000))} mensajes/s`,
    );
    console.info(
      `  estados:                    ${JSON.stringify(estados)}  duplicados: ${dupes ? 'SÍ ✗' : 'ninguno ✓'}`,
    );
    console.info(
      `  GET /api/reportes sin repartidor: p50 ${f(pct(idle, 50))} ms  p95 ${f(pct(idle, 95))} ms  (${idle.length} peticiones)`,
    );
    console.info(
      `  GET /api/reportes con repartidor: p50 ${f(pct(busy, 50))} ms  p95 ${f(pct(busy, 95))} ms  (${busy.length} peticiones)`,
    );
    console.info(`  efecto del repartidor en p95: ${f(pct(busy, 95) / Math.max(0.001, pct(idle, 95)))}×`);
  } finally {
    transport.close();
    await smtp.close();
    await app.close();
  }
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-mail-'));
  const pglite = await createDatabase({ databaseUrl: null, dataDir: dir });
  try {
    await run('pglite', pglite);
  } finally {
    await pglite.close();
    rmSync(dir, { recursive: true, force: true });
  }
  const pgUrl = process.env.BENCH_PG_URL;
  if (pgUrl) {
    const name = `bench_mail_${Date.now()}`;
    const admin = await createDatabase({ databaseUrl: pgUrl, dataDir: '', poolSize: 1 });
    await sql.raw(`CREATE DATABASE ${name}`).execute(admin.db);
    const u = new URL(pgUrl);
    u.pathname = `/${name}`;
    const db = await createDatabase({ databaseUrl: u.toString(), dataDir: '' });
    try {
      await run('postgres', db);
    } finally {
      await db.close();
      await sql.raw(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).execute(admin.db);
      await admin.close();
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
