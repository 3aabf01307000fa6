import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/lib/product-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A port nobody listens on right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

const DATA_DIR_PREFIX = 'socio-e2e-';

/** Each run gets a fresh database directory; ones left by runs older than 2 hours are removed. */
function sweepOldDataDirs() {
  const cutoff = Date.now() - 2 * 60 * 60 * 1000;
  for (const name of readdirSync(os.tmpdir())) {
    if (!name.startsWith(DATA_DIR_PREFIX)) continue;
    const dir = path.join(os.tmpdir(), name);
    try {
      if (statSync(dir).mtimeMs < cutoff) rmSync(dir, { recursive: true, force: true });
    } catch {
      // another run may be removing it too
    }
  }
}

if (!process.env.E2E_DATA_DIR) sweepOldDataDirs();

// The config is evaluated again in every worker: keep the first choice in the environment
// (workers inherit it) so that all of them talk to the same server.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(os.tmpdir(), DATA_DIR_PREFIX));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  outputDir: path.join(root, 'test-results/playwright'),
  fullyParallel: false,
  // Two cores shared with the server: one browser at a time.
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    [
      'json',
      { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? path.join(root, 'test-results/e2e.json') },
    ],
  ],
  use: {
    baseURL,
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: CHROMIUM_PATH,
          // Headless comes from Playwright (so --headed still works); the rest are the house flags.
          args: [...CHROMIUM_ARGS.filter((arg) => arg !== '--headless'), '--disable-dev-shm-usage'],
        },
      },
    },
  ],
  // The real product: `pnpm start` (scripts/bootstrap.mjs) on a fresh embedded database.
  webServer: {
    command: 'node scripts/bootstrap.mjs start',
    cwd: root,
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.E2E_DATA_DIR,
      DEMO_DATA: '1',
      NODE_ENV: 'production',
    },
  },
});
