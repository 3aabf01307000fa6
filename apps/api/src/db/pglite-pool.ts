import type { PGlite, Results } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { copyOf } from './copy';

/** How long a query may wait for the single PGlite connection before failing (a stuck transaction). */
const ACQUIRE_TIMEOUT_MS = 60_000;

/** FIFO mutex: PGlite has exactly one connection, so transactions must not interleave. */
class Mutex {
  #locked = false;
  readonly #waiters: Array<() => void> = [];

  async acquire(timeoutMs: number): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const index = this.#waiters.indexOf(grant);
        if (index >= 0) this.#waiters.splice(index, 1);
        reject(
          new Error(
            'PGlite: tiempo de espera agotado por la conexión (¿una consulta usa `db` dentro de una transacción en lugar de `trx`?)',
          ),
        );
      }, timeoutMs);
      timer.unref?.();
      this.#waiters.push(grant);
    });
  }

  release(): void {
    const next = this.#waiters.shift();
    if (next) next();
    else this.#locked = false;
  }
}

function toPgResult<R>(result: Results<R> | undefined): PostgresQueryResult<R> {
  if (!result) return { command: 'SELECT', rowCount: 0, rows: [] };
  const command = (result.command ?? 'SELECT').toUpperCase() as PostgresQueryResult<R>['command'];
  return {
    command,
    rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length,
    rows: result.rows,
  };
}

/**
 * A node-postgres-shaped pool over one PGlite instance, for Kysely's `PostgresDialect`.
 * `connect()` hands out the single connection under a mutex; `release()` frees it, so a Kysely
 * transaction (begin … commit on one connection) runs alone.
 * Queries without parameters go through `exec` (simple protocol: several statements allowed, as on pg).
 */
export function createPglitePool(pglite: PGlite): PostgresPool {
  const mutex = new Mutex();
  async function query<R>(
    sql: unknown,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> {
    if (typeof sql !== 'string') throw new Error('PGlite: las consultas con cursor no están soportadas');
    const copy = copyOf(parameters);
    if (copy) {
      // PGlite reads COPY's data from the blob it is given, as the file '/dev/blob'.
      const text = sql.replace(/FROM STDIN$/, "FROM '/dev/blob'");
      // A Buffer chunk is a Uint8Array view, which Blob takes (DOM's typings want an ArrayBuffer-backed view).
      const blob = new Blob([...copy.chunks] as ConstructorParameters<typeof Blob>[0]);
      return toPgResult(await pglite.query<R>(text, [], { blob }));
    }
    if (!parameters || parameters.length === 0) {
      const results = await pglite.exec(sql);
      return toPgResult(results.at(-1) as Results<R> | undefined);
    }
    return toPgResult(await pglite.query<R>(sql, [...parameters]));
  }
  const client = {
    query,
    release() {
      mutex.release();
    },
  } as unknown as PostgresPoolClient;
  return {
    async connect() {
      await mutex.acquire(ACQUIRE_TIMEOUT_MS);
      return client;
    },
    async end() {
      // The PGlite instance is closed by its owner (`createDatabase().close()`).
    },
  };
}
