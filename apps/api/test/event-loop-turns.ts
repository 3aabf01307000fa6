/**
 * Watching the event loop without clocks: `turnCounter` counts its turns with a chain of `setImmediate` (what
 * every I/O callback waits behind), `watchQueries` sees every statement sent to the databases' clients
 * (node-postgres and PGlite), as ./hold-carga-save.ts does. Tests assert in which turn something happened.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

type Query = (this: unknown, ...args: unknown[]) => unknown;
const prototypes = [pg.Client.prototype, PGlite.prototype] as Array<{ query: unknown }>;
const originals = prototypes.map((p) => p.query as Query);

/** Calls `onQuery(text, result, params)` for every statement sent; `result` is the query's promise. */
export function watchQueries(
  onQuery: (text: string, result: Promise<unknown>, params: unknown) => Promise<unknown>,
) {
  prototypes.forEach((proto, i) => {
    const original = originals[i]!;
    proto.query = function (this: unknown, ...args: unknown[]) {
      const result = original.apply(this, args);
      // A COPY reaches node-postgres as a submittable object carrying its text (src/db/copy.ts).
      const text =
        typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: unknown })?.text ?? '');
      if (result instanceof Promise) return onQuery(text, result, args[1]);
      // node-postgres answers a submittable with itself; a COPY's (src/db/copy.ts) settles its `done`.
      const done = (args[0] as { done?: unknown } | undefined)?.done;
      if (done instanceof Promise) onQuery(text, done, args[1]).catch(() => undefined);
      return result;
    };
  });
}

/** Whether a watched statement is the COPY that stages a chunk of a lote's rows (src/modules/cargas/lotes-repo.ts). */
export const isStagingCopy = (text: string) => /^COPY carga_lote_filas/i.test(text);

/** Whether a watched statement is `findOpenFolios`' lookup of the folios already open (src/modules/cargas/repo.ts). */
export const isOpenFolioLookup = (text: string) => /^\s*SELECT u\.folio FROM unnest\(/i.test(text);

export function unwatchQueries() {
  prototypes.forEach((proto, i) => {
    proto.query = originals[i];
  });
}

/** Counts turns of the event loop from `start()` until `stop()`. */
export function turnCounter() {
  let turns = 0;
  let running = false;
  const tick = () => {
    if (!running) return;
    turns++;
    setImmediate(tick);
  };
  return {
    start() {
      if (running) return;
      running = true;
      setImmediate(tick);
    },
    get turns() {
      return turns;
    },
    stop() {
      running = false;
    },
  };
}
