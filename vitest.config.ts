import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { storybookTest } from '@storybook/addon-vitest/vitest-plugin';
import { playwright } from '@vitest/browser-playwright';
import { defineConfig } from 'vitest/config';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './scripts/lib/product-server.mjs';

const dirname = path.dirname(fileURLToPath(import.meta.url));
const chromium = CHROMIUM_PATH;
const chromiumArgs = [...CHROMIUM_ARGS, '--disable-dev-shm-usage'];

/**
 * A port the system has just handed out, for the browser project's Vite server. Vitest's default (63315,
 * the next one when taken) lets two runs at once on one machine race for the same port, or end up on
 * 127.0.0.1 and ::1 of one port, the browser of one reaching the server of the other.
 */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export default defineConfig(async () => ({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: [
            'packages/ui/src/**/*.test.{ts,tsx}',
            'packages/features/src/**/*.test.{ts,tsx}',
            'apps/backoffice/src/**/*.test.{ts,tsx}',
          ],
          // *.http.test.ts run a port's scenarios on the real API: Node, in project `node`.
          exclude: ['**/*.browser.test.{ts,tsx}', '**/*.http.test.ts', '**/node_modules/**'],
          setupFiles: [path.join(dirname, 'vitest.setup.unit.ts')],
          // Above the setup file's 15 s wait ceiling: a slow lazy import on a busy machine is a wait, not a failure.
          testTimeout: 30_000,
          // One jsdom per worker instead of one per file: setting jsdom up dominated the run (minutes
          // on a busy machine, seconds without). The setup file unmounts after every test; a test that
          // changes globals (timers, storage, mocks) restores them itself.
          isolate: false,
        },
      },
      {
        test: {
          name: 'node',
          environment: 'node',
          include: [
            'packages/contracts/src/**/*.test.ts',
            'apps/api/test/**/*.test.ts',
            'scripts/**/*.test.ts',
            'apps/backoffice/src/**/*.http.test.ts',
            'apps/backoffice/build/**/*.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        extends: true,
        plugins: [storybookTest({ configDir: path.join(dirname, '.storybook') })],
        // Pre-bundle the browser dependencies up front: a re-optimisation in the middle of a run
        // reloads the page and fails whichever story is running at that moment.
        optimizeDeps: {
          include: [
            '@socio/ui > radix-ui',
            '@socio/ui > lucide-react',
            '@socio/ui > class-variance-authority',
            '@socio/ui > clsx',
            '@socio/ui > tailwind-merge',
            '@socio/ui > @tanstack/react-table',
            '@socio/ui > @tanstack/react-virtual',
            '@socio/ui > react-dropzone',
            '@socio/ui > react-pdf',
            '@socio/ui > @nivo/core',
            '@socio/ui > @nivo/pie',
            '@socio/ui > @nivo/line',
            '@socio/ui > @nivo/bar',
            '@socio/features > @tanstack/react-query',
            '@socio/features > react-hook-form',
            '@socio/features > @hookform/resolvers/zod',
            '@socio/features > zod',
            '@socio/features > @socio/contracts > pdf-lib',
          ],
        },
        test: {
          name: 'storybook',
          testTimeout: 30_000,
          // The screenshots of .storybook/visual-stories.ts are taken after each story (two themes each).
          hookTimeout: 90_000,
          setupFiles: [path.join(dirname, '.storybook/vitest.visual.ts')],
          browser: {
            enabled: true,
            headless: true,
            provider: playwright({
              launchOptions: { executablePath: chromium, args: chromiumArgs },
              // Room for the largest story viewport (1366 px) beside nothing: the tester frame is never
              // scaled down to fit, so screenshots are taken at 1:1 and stay identical between runs.
              // Reduced motion: the charts (nivo, animated by react-spring in JS, which no CSS rule or
              // screenshot option stops) draw their final state at once instead of springing into it.
              contextOptions: { viewport: { width: 1400, height: 1000 }, reducedMotion: 'reduce' },
            }),
            instances: [{ browser: 'chromium' }],
            api: { host: '127.0.0.1', port: await freePort(), strictPort: true },
            // Visual regression (.storybook/vitest.visual.ts): references in .storybook/visual/, one per
            // story and theme; a small tolerance for anti-aliasing, none for layout or colour changes.
            expect: {
              toMatchScreenshot: {
                comparatorName: 'pixelmatch',
                comparatorOptions: { threshold: 0.2, allowedMismatchedPixelRatio: 0.002 },
                screenshotOptions: { animations: 'disabled', caret: 'hide', scale: 'css' },
                timeout: 20_000,
                resolveScreenshotPath: ({ root, arg, ext }) => `${root}/.storybook/visual/${arg}${ext}`,
              },
            },
          },
        },
      },
    ],
  },
}));
