#!/usr/bin/env node
// Screenshots of the static Storybook for docs/screenshots/: the landing page, the tokens page and a
// story in the dark theme. Run after `pnpm build-storybook` (or `pnpm storybook:serve` once):
//   node scripts/storybook-screenshots.mjs
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import { serveStatic } from './lib/static-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = (name) => path.join(root, 'docs/screenshots', name);
const server = await serveStatic(path.join(root, 'storybook-static'), { port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${server.address().port}`;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
  const shots = [
    ['storybook-bienvenida.png', '/?path=/docs/bienvenida--docs'],
    ['storybook-tokens.png', '/?path=/docs/tokens--docs'],
    ['storybook-tema-oscuro.png', '/?path=/story/features-users-usersscreen--loaded&globals=theme:dark'],
  ];
  for (const [file, url] of shots) {
    await page.goto(`${base}${url}`, { waitUntil: 'networkidle' });
    const frame = page.frameLocator('#storybook-preview-iframe');
    // The page is ready when the preview has drawn its first heading or table row.
    await frame.locator('h1:visible, [data-slot="data-table-row"]:visible').first().waitFor();
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    await page.screenshot({ path: out(file) });
    console.info(`[storybook] ${path.relative(root, out(file))}`);
  }
} finally {
  await browser.close();
  server.close();
}
