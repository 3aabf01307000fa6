#!/usr/bin/env node
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeSamplePdf } from '../../../packages/contracts/src/testing/index.js';
import { startProduct } from '../../../scripts/lib/product-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const requireRoot = createRequire(path.join(root, 'package.json'));
const { chromium } = requireRoot('@playwright/test');

const startServer = () => startProduct({ label: 'pdf' });
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const ADMIN = {
  email: process.env.ADMIN_EMAIL ?? 'admin@socioeconomico.mx',
  password: process.env.ADMIN_PASSWORD ?? 'Admin2026!',
};
const DEBOUNCE_MS = 200;
const fmt = (ms) => `${Math.round(ms).toLocaleString('es-MX')} ms`;

/** A real PDF of `pages` Letter pages: a coloured band, a title and 40 lines of text per page. */
const makePdf = (title, pages) =>
  makeSamplePdf({
    title: (page) => `${title} - Página ${page} de ${pages}`,
    lines: (page) =>
      Array.from(
        { length: 40 },
        (_, i) => `Sección ${page}.${i + 1}: datos del estudio socioeconómico, vivienda, ingresos y egresos.`,
      ),
    pages,
    textSize: 10,
    pageNumbers: false,
  });

async function login(baseUrl) {
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  return response.json();
}

async function upload(baseUrl, token, folio, bytes) {
  const form = new FormData();
  form.append('folio', folio);
  form.append('cliente', '1');
  form.append('notas', 'bench');
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), `${folio}.pdf`);
  const response = await fetch(`${baseUrl}/api/reportes`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`upload ${folio}: ${response.status} ${await response.text()}`);
  return (await response.json()).reporte;
}

/** In the page: clicks the row of `folio` and resolves with the ms until page 1 is drawn. */
function clickAndTimeFirstPage(folio) {
  return new Promise((resolve, reject) => {
    const rows = [...document.querySelectorAll('tbody tr[data-slot="data-table-row"]')];
    const row = rows.find((r) => r.querySelectorAll('td')[2]?.textContent?.trim() === folio);
    if (!row) {
      reject(new Error(`sin fila para ${folio}`));
      return;
    }
    const viewer = () => document.querySelector('[data-slot="reporte-viewer"]');
    for (const canvas of document.querySelectorAll('canvas')) canvas.dataset.before = '1';
    const inked = (canvas) => {
      if (canvas.width === 0 || canvas.height === 0) return false;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context) return false;
      const { data } = context.getImageData(0, 0, canvas.width, Math.min(canvas.height, 40));
      for (let i = 0; i < data.length; i += 16) if (data[i] < 100 && data[i + 2] > 150) return true;
      return false;
    };
    const deadline = performance.now() + 60_000;
    const started = performance.now();
    row.click();
    const tick = () => {
      const panel = viewer();
      const canvas = panel?.querySelector('canvas:not([data-before])');
      if (panel?.dataset.state === 'ready' && canvas && inked(canvas)) {
        resolve(performance.now() - started);
        return;
      }
      if (performance.now() > deadline) reject(new Error(`sin dibujo de ${folio} en 60 s`));
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function main() {
  const server = await startServer();
  let browser;
  try {
    const { token, ...user } = await login(server.baseUrl);
    const tag = Date.now().toString(36).toUpperCase();
    const one = await upload(
      server.baseUrl,
      token,
      `BENCH-${tag}-1P`,
      await makePdf('Reporte de 1 página', 1),
    );
    const fifty = await upload(
      server.baseUrl,
      token,
      `BENCH-${tag}-50P`,
      await makePdf('Reporte de 50 páginas', 50),
    );
    // Uploaded last, so listed first and selected by default: it warms pdf.js up in every run.
    const warm = await upload(server.baseUrl, token, `BENCH-${tag}-W`, await makePdf('Calentamiento', 1));
    console.info(
      `PDF de 1 página: ${((await makePdf('x', 1)).length / 1024).toFixed(1)} KB · de 50 páginas: ${((await makePdf('x', 50)).length / 1024).toFixed(1)} KB`,
    );

    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 }, locale: 'es-MX' });
    await page.goto(`${server.baseUrl}/login`);
    await page.evaluate(
      (session) => localStorage.setItem('socio.session', session),
      JSON.stringify({ token, user }),
    );

    const results = { [one.id]: [], [fifty.id]: [] };
    for (let run = 0; run < RUNS; run += 1) {
      for (const target of [one, fifty]) {
        await page.goto(`${server.baseUrl}/socioeconomico/reportes?cliente=1`);
        await page.getByRole('searchbox', { name: 'Buscar por folio' }).fill(`BENCH-${tag}`);
        await page
          .locator('[data-slot="reporte-viewer"][data-state="ready"] canvas')
          .waitFor({ timeout: 60_000 });
        await page.getByRole('heading', { level: 2, name: `Reporte ${warm.id}` }).waitFor();
        const ms = await page.evaluate(clickAndTimeFirstPage, target.id);
        results[target.id].push(ms);
      }
    }

    console.info(
      `\nSelección → primera página dibujada (${RUNS} corridas, incluye la pausa de ${DEBOUNCE_MS} ms):`,
    );
    for (const [label, target] of [
      ['1 página  ', one],
      ['50 páginas', fifty],
    ]) {
      const values = results[target.id];
      console.info(
        `  ${label}: mediana ${fmt(median(values))} (mín ${fmt(Math.min(...values))}, máx ${fmt(Math.max(...values))}); sin la pausa: ${fmt(median(values) - DEBOUNCE_MS)}`,
      );
    }
  } finally {
    await browser?.close();
    server.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
