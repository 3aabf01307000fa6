import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import v8 from 'node:v8';

const WASM_PAGE = 64 * 1024;

/** The global WebAssembly object (the API's tsconfig has its types, not its value). */
const Wasm = (
  globalThis as unknown as {
    WebAssembly: {
      Memory: new (descriptor: { initial: number }) => { buffer: ArrayBuffer };
      compile(bytes: Uint8Array): Promise<WebAssembly.Module>;
    };
  }
).WebAssembly;

/** PGlite's pglite.wasm, next to its module. */
const wasmFile = () =>
  path.join(path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm');

/**
 * V8 compiles a WebAssembly function with its baseline compiler on its first call, then again with TurboFan, in
 * background threads, once it has run a budget of code (`--wasm-tiering-budget`, 1,800,000 by default). Opening
 * PGlite runs PostgreSQL's start-up code, most of it once per process, long enough to spend that budget: the API's
 * start used ~1.5 s of CPU to answer /api/health, ~0.4 s of it optimising those start-up functions on the 2 cores
 * the main thread needs. Ten times the budget: what queries run over and over is still optimised within the first
 * requests, what ran once at start is not (start-up CPU −0.4 s, RSS −17 MB; list p95 unchanged, bench:api b/d).
 * A process-wide V8 flag: set before PGlite's module is compiled (pgliteWasmModule), so before it is instantiated.
 */
export const PGLITE_WASM_TIERING_BUDGET = 18_000_000;
let wasmTieringSet = false;
function raiseWasmTieringBudget(): void {
  if (wasmTieringSet) return;
  wasmTieringSet = true;
  v8.setFlagsFromString(`--wasm-tiering-budget=${PGLITE_WASM_TIERING_BUDGET}`);
}

let compiled: Promise<WebAssembly.Module> | undefined;

/**
 * PGlite's WebAssembly module, compiled once per process from bytes read into a WebAssembly.Memory. PGlite reads
 * its 9 MB pglite.wasm into a Buffer, which glibc's malloc serves with its own mmap; freeing it then raises
 * malloc's mmap threshold to 9 MB for the rest of the process, so every later allocation below that size (request
 * buffers, PostgreSQL's messages, V8's off-heap data) comes from malloc's heaps, which keep freed memory (issue 21
 * item 6: ~30 MB of the server's RSS). A WebAssembly.Memory is mapped by V8 itself, outside malloc: reading the file
 * there and dropping it once compiled leaves the threshold where it was.
 */
export function pgliteWasmModule(): Promise<WebAssembly.Module> {
  compiled ??= (async () => {
    raiseWasmTieringBudget();
    const fd = openSync(wasmFile(), 'r');
    try {
      const size = fstatSync(fd).size;
      const memory = new Wasm.Memory({ initial: Math.ceil(size / WASM_PAGE) });
      const bytes = new Uint8Array(memory.buffer, 0, size);
      for (let read = 0; read < size; ) {
        const n = readSync(fd, bytes, read, size - read, read);
        if (n === 0) throw new Error(`pglite.wasm terminó antes de tiempo (${read} de ${size} bytes)`);
        read += n;
      }
      return await Wasm.compile(bytes);
    } finally {
      closeSync(fd);
    }
  })();
  return compiled;
}
