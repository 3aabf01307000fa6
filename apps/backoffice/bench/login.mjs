#!/usr/bin/env node
// `pnpm bench:login` — the first screen on a slow link. Chromium (/usr/bin/chromium, driven by playwright) on Fast 3G (1.6 Mbps
// down, 150 ms RTT) with a 4× CPU slowdown, cold cache each run, opens /login of the built app served by the
// real server (`npm start`: scripts/bootstrap.mjs start) and, side by side, a bare Vite + React page that
// renders a two-field form (bench/login-floor/, built with the same static delivery and served by the same
// API bundle through SERVE_APP_DIR): the floor. Prints first contentful paint, 'form visible' (the password
// field laid out, at the next animation frame), 'ready' (its submit button enabled: the app's /login is in
// the HTML and hydrates later, its button disabled until then) and requests until the form is visible,
// medians of BENCH_RUNS (5) runs per page, alternated, and the ratio app / floor (goal ≤ 1.3×).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CHROMIUM_ARGS,
  CHROMIUM_PATH,
  startApiServing,
  startProduct,
} from '../../../scripts/lib/product-server.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const requireRoot = createRequire(path.join(root, 'package.json'));
const { chromium } = requireRoot('playwright');

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GOAL_RATIO = 1.3;
/** Fast 3G as the issue states it: 1.6 Mbps down, 750 kbps up, 150 ms round trip; CPU 4× slower. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1000 * 1000) / 8,
  uploadThroughput: (750 * 1000) / 8,
};
const CPU_SLOWDOWN = 4;
const FORM = 'input[type="password"]';
const READY = 'button[type="submit"]:enabled';

const fmt = (ms) => `${Math.round(ms).toLocaleString('es-MX')} ms`;
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Builds the floor page into a temp folder (the app's own build is `npm start`'s business). */
function buildFloor() {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'socio-bench-login-floor-'));
  const built = spawnSync(
    'pnpm',
    ['exec', 'vite', 'build', '--config', 'bench/login-floor/vite.config.ts', '--outDir', outDir],
    { cwd: path.join(root, 'apps/backoffice'), stdio: ['ignore', 'ignore', 'inherit'] },
  );
  if (built.status !== 0) throw new Error('no se pudo construir la página de referencia');
  return outDir;
}

/**
 * Marks when the password field is first laid out (window.__formVisible) and when the submit button is
 * first enabled (window.__formReady), each at the next animation frame (about when it paints).
 */
function watchForm([form, ready]) {
  const marks = { __formVisible: form, __formReady: ready };
  for (const key of Object.keys(marks)) window[key] = null;
  const seen = (selector) => {
    const el = document.querySelector(selector);
    return el !== null && el.getBoundingClientRect().height > 0;
  };
  const observer = new MutationObserver(() => {
    for (const [key, selector] of Object.entries(marks)) {
      if (!seen(selector)) continue;
      delete marks[key];
      requestAnimationFrame(() => {
        window[key] = performance.now();
      });
    }
    if (Object.keys(marks).length === 0) observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}

async function measure(browser, url) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(watchForm, [FORM, READY]);
  let requests = 0;
  let counting = true;
  page.on('request', () => {
    if (counting) requests++;
  });
  await page.goto(url, { waitUntil: 'commit' });
  // The paint entry of a frame is reported after the frame: wait for it too.
  await page.waitForFunction(
    () => window.__formVisible !== null && performance.getEntriesByName('first-contentful-paint').length > 0,
    null,
    { timeout: 60_000, polling: 50 },
  );
  counting = false;
  await page.waitForFunction(() => window.__formReady !== null, null, { timeout: 60_000, polling: 50 });
  const result = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    form: window.__formVisible,
    ready: window.__formReady,
  }));
  await context.close();
  return { ...result, requests };
}

async function main() {
  console.info('[bench:login] construyendo la página de referencia…');
  const floorDir = buildFloor();
  const app = await startProduct({ label: 'login' });
  const floor = await startApiServing({ label: 'login-floor', appDir: floorDir });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const runs = { app: [], floor: [] };
    // One warm-up each (server caches, Chromium's first process), then alternated runs.
    await measure(browser, `${app.baseUrl}/login`);
    await measure(browser, `${floor.baseUrl}/`);
    for (let i = 0; i < RUNS; i++) {
      runs.app.push(await measure(browser, `${app.baseUrl}/login`));
      runs.floor.push(await measure(browser, `${floor.baseUrl}/`));
    }
    const summary = (list) => ({
      paint: median(list.map((r) => r.paint)),
      form: median(list.map((r) => r.form)),
      ready: median(list.map((r) => r.ready)),
      requests: median(list.map((r) => r.requests)),
    });
    const a = summary(runs.app);
    const f = summary(runs.floor);
    const ratio = a.form / f.form;
    console.info(
      `Fast 3G (1,6 Mbps, ${NETWORK.latency} ms RTT), CPU ${CPU_SLOWDOWN}× más lenta, caché vacía; medianas de ${RUNS} corridas`,
    );
    console.info(
      `  /login de la app       primer pintado ${fmt(a.paint)}, formulario visible ${fmt(a.form)}, listo ${fmt(a.ready)}, ${a.requests} peticiones`,
    );
    console.info(
      `  piso Vite + React      primer pintado ${fmt(f.paint)}, formulario visible ${fmt(f.form)}, listo ${fmt(f.ready)}, ${f.requests} peticiones`,
    );
    console.info(
      `${ratio <= GOAL_RATIO ? '✓' : '✗'} formulario visible: ${ratio.toFixed(2)}× el piso (meta ≤ ${GOAL_RATIO}×); primer pintado ${(a.paint / f.paint).toFixed(2)}×; listo ${(a.ready / f.ready).toFixed(2)}×`,
    );
  } finally {
    await browser.close();
    app.stop();
    floor.stop();
    rmSync(floorDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
