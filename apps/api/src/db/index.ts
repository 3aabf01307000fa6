import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { createPglitePool } from './pglite-pool';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  /** PostgreSQL URL; null → PGlite. */
  databaseUrl: string | null;
  /** PGlite: directory of the database files (`<dataDir>/pglite`), or 'memory://' for an in-memory one. */
  dataDir: string;
  /** node-postgres pool size (default 10). */
  poolSize?: number;
}

const OID_INT8 = 20;
const OID_DATE = 1082;

/** Same value types on both drivers: int8 → number, date → 'YYYY-MM-DD' text (no time-zone shifts). */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === OID_INT8) return (value: string) => Number(value);
    if (oid === OID_DATE) return (value: string) => value;
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads do not accept a union format.
    return pg.types.getTypeParser(oid, (format ?? 'text') as any);
  },
};
const pgliteParsers = {
  [OID_INT8]: (value: string) => Number(value),
  [OID_DATE]: (value: string) => value,
};

/** Opens the database: PGlite when `databaseUrl` is null (file-backed in `dataDir`), node-postgres otherwise. */
export async function createDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.poolSize ?? 10,
      types: pgTypes,
    });
    // An idle client losing its connection must not crash the process.
    pool.on('error', (err) => console.error('PostgreSQL: error en una conexión inactiva', err));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      kind: 'postgres',
      async close() {
        await db.destroy();
      },
    };
  }

  const inMemory = config.dataDir.startsWith('memory://');
  const dir = inMemory ? config.dataDir : path.join(config.dataDir, 'pglite');
  if (!inMemory) mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir, { parsers: pgliteParsers });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPglitePool(pglite) }) });
  return {
    db,
    kind: 'pglite',
    async close() {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}
