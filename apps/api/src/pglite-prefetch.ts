/**
 * Imported by main.ts right after ./heap, so it runs before the rest of the bundle's top level: on the embedded
 * database (no DATABASE_URL) PGlite's WebAssembly module starts compiling here, in V8's background threads, while
 * the main thread evaluates the bundle (fastify, zod's schemas, the routes: ~0.2 s), instead of after loadConfig,
 * when the main thread had nothing to do but wait for it (~0.09 s of a start; issue 21 item 6). createDatabase
 * awaits the same promise (pgliteWasmModule compiles once per process); a failure surfaces there.
 */
import { databaseUrlFrom } from './config';
import { pgliteWasmModule } from './db/pglite-wasm';

if (!databaseUrlFrom()) pgliteWasmModule().catch(() => undefined);
