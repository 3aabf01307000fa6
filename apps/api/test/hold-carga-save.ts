/**
 * Preloaded (`node --import`) into the server that `kill-save.test.ts` kills, and only there. When save_carga
 * writes its audit row (every row of the carga written, the transaction not yet committed) it prints
 * `$HOLD_SAVE_LINE` on stderr, synchronously, and never lets that statement finish: the server is held at a
 * known point inside the transaction until the test kills it, instead of being killed after a guessed delay
 * (its own log lines cannot serve: they are written asynchronously, late when PGlite holds the event loop).
 */
import { writeSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

const line = process.env.HOLD_SAVE_LINE;
if (!line) throw new Error('hold-carga-save: falta HOLD_SAVE_LINE');

type Query = (this: unknown, ...args: unknown[]) => unknown;

/** Wraps `proto.query` (node-postgres and PGlite: `query(text, params)`). */
function holdOnAudit(proto: { query: unknown }) {
  const original = proto.query as Query;
  proto.query = function (this: unknown, ...args: unknown[]) {
    const [text, params] = args;
    if (
      typeof text === 'string' &&
      text.includes('"audit_log"') &&
      Array.isArray(params) &&
      params.includes('carga.save')
    ) {
      writeSync(2, `${line}\n`);
      return new Promise(() => undefined);
    }
    return original.apply(this, args);
  };
}

holdOnAudit(pg.Client.prototype);
holdOnAudit(PGlite.prototype);
