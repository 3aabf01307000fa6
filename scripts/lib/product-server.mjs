// Starts the whole product as `pnpm start` does (scripts/bootstrap.mjs start: build when stale, API +
// app on one port) on a free loopback port and a throw-away DATA_DIR, for benches that drive it in
// Chromium. One home for "free port, wait for /api/health, stop the process group".
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Debian's Chromium, and the flags every test and bench launches it with (one home for both). */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

let nextInRange = 0;

/**
 * A loopback port nobody listens on right now; with BENCH_PORTS=first-last (a range of one's own on a shared
 * machine), the next port of that range instead, round after round.
 */
export function freePort() {
  const range = process.env.BENCH_PORTS?.match(/^(\d+)-(\d+)$/);
  if (range) {
    const [first, last] = [Number(range[1]), Number(range[2])];
    return Promise.resolve(first + (nextInRange++ % (last - first + 1)));
  }
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resolves once `${baseUrl}/api/health` answers 2xx; rejects when `child` exits or time runs out. */
export async function waitForHealth(baseUrl, child, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`el servidor terminó (código ${child.exitCode})`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error('el servidor no respondió a /api/health a tiempo');
}

/**
 * Runs `node <args>` from the repository root on a free loopback port and a throw-away DATA_DIR, waits for
 * /api/health; `stop` ends it (its whole process group when `detached`) and removes the DATA_DIR.
 */
async function launch(label, args, env, detached) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `socio-bench-${label}-`));
  const child = spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached,
  });
  let removed = false;
  const removeDataDir = () => {
    if (removed) return;
    removed = true;
    rmSync(dataDir, { recursive: true, force: true });
  };
  // The data directory goes however this process ends (a bench that stops early, an error, Ctrl+C): a
  // timer left for after `stop` never fired in a bench that exited at once, and each 1,048,575-row PGlite run
  // left its 2.8 GB behind in the temp directory.
  process.once('exit', removeDataDir);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child);
  return {
    baseUrl,
    stop: () => {
      // Removed once the server is gone (its last writes done): the child keeps this process alive until then.
      if (child.exitCode !== null || child.signalCode !== null) removeDataDir();
      else child.once('exit', removeDataDir);
      try {
        if (detached) process.kill(-child.pid, 'SIGTERM');
        else child.kill('SIGTERM');
      } catch {
        // already gone
      }
    },
  };
}

/**
 * Starts the product, or uses BENCH_URL when set (then nothing is started or stopped).
 * @param {{ label: string, env?: Record<string, string> }} options  label names the temp DATA_DIR
 * @returns {Promise<{ baseUrl: string, stop: () => void }>}
 */
export async function startProduct({ label, env = {} }) {
  if (process.env.BENCH_URL) return { baseUrl: process.env.BENCH_URL.replace(/\/$/, ''), stop: () => {} };
  // Its own process group (detached), so stopping it also stops the pnpm/node children it starts.
  return launch(
    label,
    ['scripts/bootstrap.mjs', 'start'],
    { DEMO_DATA: '1', NODE_ENV: 'production', ...env },
    true,
  );
}

/**
 * The API bundle alone (apps/api/dist/main.js, what `npm start` imports) serving `appDir` through
 * SERVE_APP_DIR: another built page served exactly as the app is.
 * @param {{ label: string, appDir: string }} options
 * @returns {Promise<{ baseUrl: string, stop: () => void }>}
 */
export function startApiServing({ label, appDir }) {
  const env = { DATABASE_URL: '', NODE_ENV: 'production', SERVE_APP_DIR: appDir };
  return launch(label, ['apps/api/dist/main.js'], env, false);
}
