import v8 from 'node:v8';
import { afterEach, expect, it, vi } from 'vitest';
import { createDatabase, PGLITE_WASM_TIERING_BUDGET } from '../src/db/index';

/** The global WebAssembly namespace (the API's tsconfig has no WebAssembly types). */
const wasm = (
  globalThis as unknown as { WebAssembly: { instantiate: (...args: unknown[]) => Promise<unknown> } }
).WebAssembly;

afterEach(() => {
  vi.restoreAllMocks();
});

// Start-up CPU (issue 21 item 6): PostgreSQL's start-up code, run once, must not be optimised by TurboFan; the
// budget is read when the module is instantiated, so the flag has to be set before.
it('raises the WebAssembly tier-up budget before PGlite instantiates its module', async () => {
  const setFlags = vi.spyOn(v8, 'setFlagsFromString');
  const instantiate = vi.spyOn(wasm, 'instantiate');
  const database = await createDatabase({ databaseUrl: null, dataDir: 'memory://' });
  try {
    const flag = `--wasm-tiering-budget=${PGLITE_WASM_TIERING_BUDGET}`;
    const set = setFlags.mock.calls.findIndex(([flags]) => flags === flag);
    expect(set).toBeGreaterThanOrEqual(0);
    expect(instantiate).toHaveBeenCalled();
    const setOrder = setFlags.mock.invocationCallOrder[set] ?? Number.POSITIVE_INFINITY;
    expect(setOrder).toBeLessThan(Math.min(...instantiate.mock.invocationCallOrder));
  } finally {
    await database.close();
  }
});
