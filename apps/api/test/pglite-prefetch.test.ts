/**
 * On the embedded database, PGlite's WebAssembly starts compiling as soon as main.ts is evaluated (after ./heap),
 * in the background while the rest of the bundle runs, not after loadConfig (issue 21 item 6); createDatabase then
 * awaits that same compilation.
 */
import { readFileSync } from 'node:fs';
import { afterEach, expect, it, vi } from 'vitest';

const wasm = (globalThis as unknown as { WebAssembly: { compile: (bytes: Uint8Array) => Promise<unknown> } })
  .WebAssembly;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.resetModules();
});

it('starts compiling the module when imported without DATABASE_URL; createDatabase reuses it', async () => {
  vi.stubEnv('DATABASE_URL', '');
  const compile = vi.spyOn(wasm, 'compile');
  vi.resetModules();
  await import('../src/pglite-prefetch');
  expect(compile).toHaveBeenCalledTimes(1);
  const { createDatabase } = await import('../src/db/index');
  const database = await createDatabase({ databaseUrl: null, dataDir: 'memory://' });
  await database.close();
  expect(compile).toHaveBeenCalledTimes(1);
});

it('compiles nothing when DATABASE_URL names a PostgreSQL server', async () => {
  vi.stubEnv('DATABASE_URL', 'postgres://127.0.0.1:1/none');
  const compile = vi.spyOn(wasm, 'compile');
  vi.resetModules();
  await import('../src/pglite-prefetch');
  expect(compile).not.toHaveBeenCalled();
});

it('is imported by main.ts right after ./heap, before the rest of the server', () => {
  const source = readFileSync(new URL('../src/main.ts', import.meta.url), 'utf8');
  const imports = [...source.matchAll(/^import .*?'([^']+)';$/gm)].map((m) => m[1]);
  expect(imports.slice(0, 2)).toEqual(['./heap', './pglite-prefetch']);
});
