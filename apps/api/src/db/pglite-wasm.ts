import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

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
