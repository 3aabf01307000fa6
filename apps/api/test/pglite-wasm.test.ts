/**
 * PGlite is opened with its WebAssembly module compiled once per process by the server (src/db/pglite-wasm.ts),
 * from bytes read outside malloc, instead of reading pglite.wasm into a Buffer at every open (issue 21 item 6:
 * freeing that 9 MB Buffer raised glibc's mmap threshold for the rest of the process).
 */
import { PGlite } from '@electric-sql/pglite';
import { expect, it, vi } from 'vitest';
import { createDatabase } from '../src/db/index';
import { pgliteWasmModule } from '../src/db/pglite-wasm';

it('opens every PGlite with the one module compiled by the server', async () => {
  const create = vi.spyOn(PGlite, 'create');
  try {
    const first = await createDatabase({ databaseUrl: null, dataDir: 'memory://' });
    const second = await createDatabase({ databaseUrl: null, dataDir: 'memory://' });
    await Promise.all([first.close(), second.close()]);
    const module = await pgliteWasmModule();
    expect(create.mock.calls.length).toBeGreaterThanOrEqual(2);
    // create(dataDir, options), or create(options) as PGlite calls itself with them.
    for (const args of create.mock.calls) {
      const options = (typeof args[0] === 'object' ? args[0] : args[1]) as { pgliteWasmModule?: unknown };
      expect(options.pgliteWasmModule).toBe(module);
    }
  } finally {
    create.mockRestore();
  }
});
