#!/usr/bin/env node
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** Escapes a PDF literal string (Latin-1 as octal). */
function pdfString(text) {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char === '(' || char === ')' || char === '\\') out += `\\${char}`;
    else if (code > 126) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += char;
  }
  return `(${out})`;
}

/** A real PDF of `pages` Letter pages: a coloured band, a title and 40 lines of text per page. */
function makePdf(title, pages) {
  const objects = [
    '',
    '',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  const pageIds = [];
  for (let page = 1; page <= pages; page += 1) {
    const lines = Array.from(
      { length: 40 },
      (_, i) => `Sección ${page}.${i + 1}: datos del estudio socioeconómico, vivienda, ingresos y egresos.`,
    );
    const content = [
      '0.12 0.33 0.75 rg',
      '0 702 612 90 re f',
      '1 1 1 rg',
      'BT /F1 24 Tf 50 734 Td',
      `${pdfString(`${title} - Página ${page} de ${pages}`)} Tj`,
      'ET',
      '0 0 0 rg',
      'BT /F1 10 Tf 14 TL 50 660 Td',
      ...lines.map((line) => `${pdfString(line)} Tj T*`),
      'ET',
    ].join('\n');
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    const contentId = objects.length;
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    pageIds.push(objects.length);
  }
  objects[0] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`;
  let pdf = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

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
    const one = await upload(server.baseUrl, token, `BENCH-${tag}-1P`, makePdf('Reporte de 1 página', 1));
    const fifty = await upload(
      server.baseUrl,
      token,
      `BENCH-${tag}-50P`,
      makePdf('Reporte de 50 páginas', 50),
    );
    // Uploaded last, so listed first and selected by default: it warms pdf.js up in every run.
    const warm = await upload(server.baseUrl, token, `BENCH-${tag}-W`, makePdf('Calentamiento', 1));
    console.info(
      `PDF de 1 página: ${(makePdf('x', 1).length / 1024).toFixed(1)} KB · de 50 páginas: ${(makePdf('x', 50).length / 1024).toFixed(1)} KB`,
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
