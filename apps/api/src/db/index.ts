import { constants, existsSync, promises as fsp, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import type pg from 'pg';
import {
  claimDataDir,
  isMemoryDir,
  recordOwnedEntry,
  secureDataDir,
  secureDataDirInBackground,
  stagingPath,
} from '../data-dir';
import { withCopy } from './copy';
import { createPglitePool } from './pglite-pool';
import { pgliteWasmModule } from './pglite-wasm';
import type { Database } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

/** Subscribes a NOTIFY channel: `listen(channel, onPayload)` resolves to its unsubscribe. */
export type ListenFn = (
  channel: string,
  onPayload: (payload: string) => void,
) => Promise<() => Promise<void>>;

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /**
   * LISTEN on the database. PostgreSQL: one dedicated connection per subscription, so every server on the
   * database hears the others' `pg_notify`. PGlite: in-process (one process owns the data directory).
   */
  listen: ListenFn;
  /**
   * PGlite in a DATA_DIR: resolves once the files of its folder, opened 0666 by PGlite, are 0600 (each folder is
   * already 0700 when createDatabase resolves), with how many modes were changed. Otherwise 0 at once.
   */
  secured: Promise<number>;
  close(): Promise<void>;
}

export interface DatabaseConfig {
  /** PostgreSQL URL; null → PGlite. */
  databaseUrl: string | null;
  /** PGlite: directory of the database files (`<dataDir>/pglite`), or 'memory://' for an in-memory one. */
  dataDir: string;
  /** node-postgres pool size (default 10). */
  poolSize?: number;
  /**
   * PGlite: an initialised and migrated cluster (`dist/pglite-template`, made by the API build) that a new data
   * directory starts as a copy of, instead of running initdb (~2 s of a first start). Absent → initdb.
   */
  pgliteTemplate?: string | null;
}

/** An initialised PostgreSQL cluster directory holds PG_VERSION. */
const isCluster = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

/** The embedded database's directory under a DATA_DIR. */
const pgliteDir = (dataDir: string) => path.join(dataDir, 'pglite');

/** True when `createDatabase` will start a new, empty embedded database (PGlite without a cluster yet). */
export function isNewEmbeddedDatabase(config: Pick<DatabaseConfig, 'databaseUrl' | 'dataDir'>): boolean {
  return !config.databaseUrl && !isMemoryDir(config.dataDir) && !isCluster(pgliteDir(config.dataDir));
}

/**
 * Copies a directory of plain files and folders (a cluster has no links): every file of a folder at once, in
 * libuv's thread pool (a clone where the file system can, a kernel copy otherwise). The cluster's ~1,100 files
 * copied one by one on the main thread took 0.7-1.8 s of a first start; in parallel 2-4× less, and the event
 * loop stays free (the seed's password hashes run meanwhile).
 */
async function copyTree(from: string, to: string): Promise<void> {
  await fsp.mkdir(to, { mode: 0o700 });
  const entries = await fsp.readdir(from, { withFileTypes: true });
  await Promise.all(
    entries.map((entry) => {
      const source = path.join(from, entry.name);
      const target = path.join(to, entry.name);
      return entry.isDirectory()
        ? copyTree(source, target)
        : fsp.copyFile(source, target, constants.COPYFILE_FICLONE);
    }),
  );
}

/**
 * Fills a new, empty PGlite directory with a copy of `template`, through a staging directory renamed into
 * place, so an interrupted copy never leaves a half cluster behind. Returns whether it copied.
 */
async function copyTemplate(dir: string, template: string | null | undefined): Promise<boolean> {
  if (!template || !isCluster(template) || isCluster(dir) || readdirSync(dir).length > 0) return false;
  const staging = stagingPath(dir);
  await fsp.rm(staging, { recursive: true, force: true });
  await copyTree(template, staging);
  await fsp.rmdir(dir);
  await fsp.rename(staging, dir);
  return true;
}

const OID_INT8 = 20;
const OID_DATE = 1082;

/** Same value types on both drivers: int8 → number, date → 'YYYY-MM-DD' text (no time-zone shifts). */
const pgTypesOf = (types: typeof pg.types) => ({
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === OID_INT8) return (value: string) => Number(value);
    if (oid === OID_DATE) return (value: string) => value;
    // biome-ignore lint/suspicious/noExplicitAny: pg's overloads do not accept a union format.
    return types.getTypeParser(oid, (format ?? 'text') as any);
  },
});
/**
 * PGlite runs PostgreSQL inside this process: its 128 MB default of shared buffers was a third of the server's
 * memory at rest. 8 MB (32 MB, then 16 MB, until issue 21 item 6: a start's RSS goal is 200 MB, and the pages
 * PostgreSQL reads at start filled whatever was given; 16 MB held the server at 183-214 MB at its first answer,
 * 8 MB at 8 MB less); what does not fit comes from the OS cache, in this process's memory no longer. Lists and the
 * dashboard at 1,000,000 assignments read from that cache either way (bench:api b and d: same p95 at 16 and 8 MB).
 */
const pgliteStartParams = [...PGlite.defaultStartParams, '-c', 'shared_buffers=8MB'];
const pgliteParsers = {
  [OID_INT8]: (value: string) => Number(value),
  [OID_DATE]: (value: string) => value,
};

export { PGLITE_WASM_TIERING_BUDGET } from './pglite-wasm';

/** Opens the database: PGlite when `databaseUrl` is null (file-backed in `dataDir`), node-postgres otherwise. */
export async function createDatabase(config: DatabaseConfig): Promise<DatabaseHandle> {
  const databaseUrl = config.databaseUrl;
  if (databaseUrl) {
    // Imported here, not at the top: the embedded database never needs node-postgres, whose loading (with the
    // fetch implementation its Cloudflare check pulls in) costs every PGlite start ~0.1 s of CPU and ~15 MB.
    const { default: driver } = await import('pg');
    const pool = new driver.Pool({
      Client: withCopy(driver.Client),
      connectionString: databaseUrl,
      max: config.poolSize ?? 10,
      types: pgTypesOf(driver.types),
    });
    // An idle client losing its connection must not crash the process.
    pool.on('error', (err) => console.error('PostgreSQL: error en una conexión inactiva', err));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    const listeners = new Set<pg.Client>();
    const listen: ListenFn = async (channel, onPayload) => {
      const client = new driver.Client({ connectionString: databaseUrl });
      // A lost listening connection must not crash the process; the caller's caches still expire by time.
      client.on('error', (err) =>
        console.error(`PostgreSQL: se perdió la conexión de LISTEN ${channel}`, err),
      );
      client.on('notification', (msg) => {
        if (msg.channel === channel) onPayload(msg.payload ?? '');
      });
      await client.connect();
      await client.query(`LISTEN ${driver.escapeIdentifier(channel)}`);
      listeners.add(client);
      return async () => {
        if (!listeners.delete(client)) return;
        await client.end().catch(() => undefined);
      };
    };
    return {
      db,
      kind: 'postgres',
      listen,
      secured: Promise.resolve(0),
      async close() {
        await Promise.all([...listeners].map((c) => c.end().catch(() => undefined)));
        listeners.clear();
        await db.destroy();
      },
    };
  }

  const inMemory = isMemoryDir(config.dataDir);
  const dir = inMemory ? config.dataDir : pgliteDir(config.dataDir);
  if (!inMemory) {
    claimDataDir(config.dataDir);
    recordOwnedEntry(config.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }
  const copied = !inMemory && (await copyTemplate(dir, config.pgliteTemplate));
  const pgliteWasm = await pgliteWasmModule();
  const pgliteOptions = {
    parsers: pgliteParsers,
    startParams: pgliteStartParams,
    pgliteWasmModule: pgliteWasm,
  };
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dir, pgliteOptions);
  } catch (err) {
    // A template this PGlite cannot open (built by another version): start over with initdb.
    if (!copied) throw err;
    rmSync(dir, { recursive: true, force: true });
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    pglite = await PGlite.create(dir, pgliteOptions);
  }
  // PGlite's file system layer creates its files 0666 whatever the umask: the data directory is 0700 (nobody
  // else can reach what is inside), and the files are set to 0600 when opening (in the background: the server
  // awaits `secured` before it listens) and closing.
  const secured = inMemory ? Promise.resolve(0) : secureDataDirInBackground(config.dataDir);
  // Awaited by the server and by close(); a failure is the server's to report, never an unhandled rejection.
  secured.catch(() => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: createPglitePool(pglite) }) });
  const listen: ListenFn = async (channel, onPayload) => {
    const stop = await pglite.listen(channel, onPayload);
    return async () => {
      if (!pglite.closed) await stop();
    };
  };
  return {
    db,
    kind: 'pglite',
    listen,
    secured,
    async close() {
      await secured.catch(() => undefined);
      await db.destroy();
      if (!pglite.closed) await pglite.close();
      if (!inMemory) secureDataDir(config.dataDir);
    },
  };
}

/** One round trip to the database (health check); answers its kind. */
export async function pingDatabase(db: Kysely<Database>, kind: DatabaseKind): Promise<DatabaseKind> {
  await db.selectNoFrom((eb) => eb.val(1).as('ok')).execute();
  return kind;
}
