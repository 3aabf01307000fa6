#!/usr/bin/env node
// `pnpm storybook:serve`: the static Storybook for designers and QA, without a dev set-up. Builds it
// into storybook-static/ when missing or older than its sources (REBUILD=1 forces it), then serves
// those plain files and prints the address, like `npm start` does. STORYBOOK_PORT (default 6007) and
// HOST (default 127.0.0.1; HOST=0.0.0.0 shares it on the network, as with `npm start`) say where.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { newestMtime } from './lib/newest-mtime.mjs';
import { serveStatic } from './lib/static-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'storybook-static');
const built = path.join(out, 'index.html');
const sources = ['.storybook', 'packages/ui/src', 'packages/features/src', 'packages/contracts/src'];

const stale =
  !existsSync(built) ||
  process.env.REBUILD === '1' ||
  Math.max(...sources.map((dir) => newestMtime(path.join(root, dir)))) > statSync(built).mtimeMs;
if (stale) {
  console.info('[storybook] construyendo el Storybook estático en storybook-static/…');
  const result = spawnSync('pnpm', ['run', 'build-storybook'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const port = Number(process.env.STORYBOOK_PORT ?? 6007);
const host = process.env.HOST ?? '127.0.0.1';
const server = await serveStatic(out, { port, host });
const { port: actual } = /** @type {import('node:net').AddressInfo} */ (server.address());
console.info(`[storybook] Storybook estático (storybook-static/) en http://localhost:${actual}`);
console.info('[storybook] Ctrl+C para detener.');
