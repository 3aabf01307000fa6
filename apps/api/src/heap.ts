/**
 * The server's V8 heap kept small (issue 22.7: RSS ≤ 300 MB while a 100,000-row carga is saved). Imported first
 * by main.ts, before anything is allocated: every way of starting the API (`npm start`, bootstrap, the benches)
 * runs the bundle, and `node dist/main.js` takes no flags.
 *
 * `--optimize-for-size`: V8 grows its young generation from 1 MB as needed instead of committing 16 MB
 * semi-spaces, and lets the old generation grow less past its live set before collecting. A carga's rows are
 * short-lived garbage by the hundred MB (parsed, checked, staged, dropped); with V8's default growth the heap
 * held 170–250 MB of dead rows before a full collection: bench (a) on PostgreSQL, the wizard's path (process_carga
 * in batches, a lote in parts) peaked at 325 MB with a live heap of 40–60 MB; with the flag, 167 MB (heap
 * used ≤ 65 MB throughout).
 */
import v8 from 'node:v8';

v8.setFlagsFromString('--optimize-for-size');
