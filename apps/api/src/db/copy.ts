/**
 * `COPY … FROM STDIN` (text format) through Kysely, on both drivers: PostgreSQL's fastest way in for many rows
 * (no per-row parameters, no JSON parsed on the server).
 *
 * Kysely only passes (sql, parameters) to its driver, so a COPY is a query whose only parameter is a
 * `CopyRows` (`copyChunks` below builds it): node-postgres' client (`CopyClient`, the pool's client class) sends
 * the data with the COPY sub-protocol; PGlite's pool (`./pglite-pool`) hands it to PGlite as the blob of
 * `COPY … FROM '/dev/blob'`. Either way it runs on the connection of the caller (inside its transaction).
 */
import { CompiledQuery, type Kysely } from 'kysely';
import type pg from 'pg';

/** The data of one COPY: COPY text-format lines, already joined into chunks (text, or its UTF-8 bytes). */
export class CopyRows {
  constructor(readonly chunks: ReadonlyArray<string | Buffer>) {}
}

/** Whether a query's parameters are a COPY's data. */
export function copyOf(parameters: ReadonlyArray<unknown> | undefined): CopyRows | null {
  const first = parameters?.[0];
  return first instanceof CopyRows ? first : null;
}

const ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
const SPECIAL = /[\\\t\n\r]/g;
/** The same characters, to test for (no replacing machinery for the many values that have none). */
const HAS_SPECIAL = /[\\\t\n\r]/;

/** A value in COPY's text format: `\N` for null, backslash, tab and line breaks escaped. */
export function copyField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'number') return String(value);
  return HAS_SPECIAL.test(value) ? value.replace(SPECIAL, (c) => ESCAPES[c]!) : value;
}

/**
 * COPY data written line by line straight into one growing buffer as UTF-8 (`line`), taken whole by `chunks`:
 * no COPY text is built up as one string and then encoded again (each line is encoded once, as it comes).
 */
export class CopyBuffer {
  private buffer: Buffer;
  private length = 0;

  constructor(initialBytes = 64 * 1024) {
    this.buffer = Buffer.allocUnsafe(initialBytes);
  }

  /** Appends `text` (whole lines of COPY text, each ending in a newline). */
  line(text: string): void {
    // A UTF-16 code unit is at most 3 bytes of UTF-8 (a surrogate pair, 2 units, is 4 bytes).
    const most = text.length * 3;
    if (this.length + most > this.buffer.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + most));
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    this.length += this.buffer.write(text, this.length);
  }

  /** The lines appended so far, as the chunks of one COPY's data (`copyChunks`). */
  chunks(): Buffer[] {
    return this.length === 0 ? [] : [this.buffer.subarray(0, this.length)];
  }
}

/**
 * Runs `COPY <target> FROM STDIN` (target: a table and its column list) sending `chunks` (each one or more whole
 * lines, a line a row of `copyField`s joined by tabs and ending in a newline; `CopyBuffer` makes them), on `db`'s
 * connection (a transaction's when `db` is one).
 */
export async function copyChunks<DB>(
  db: Kysely<DB>,
  target: string,
  chunks: ReadonlyArray<string | Buffer>,
): Promise<void> {
  if (chunks.length === 0) return;
  await db.executeQuery(CompiledQuery.raw(`COPY ${target} FROM STDIN`, [new CopyRows(chunks)]));
}

/** The protocol side of node-postgres' Connection a COPY FROM STDIN uses. */
interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
  sendCopyFail(message: string): void;
}

/** One `COPY … FROM STDIN` statement sending `data`, as a node-postgres "submittable" (what pg-copy-streams does). */
export class CopyIn {
  private rowCount = 0;
  readonly done: Promise<{ command: 'COPY'; rowCount: number; rows: never[] }>;
  private settle!: (error: Error | null) => void;

  constructor(
    readonly text: string,
    private readonly data: CopyRows,
  ) {
    this.done = new Promise((resolve, reject) => {
      this.settle = (error) =>
        error ? reject(error) : resolve({ command: 'COPY', rowCount: this.rowCount, rows: [] });
    });
  }
  submit(connection: CopyConnection) {
    connection.query(this.text);
  }
  handleCopyInResponse(connection: CopyConnection) {
    for (const chunk of this.data.chunks)
      connection.sendCopyFromChunk(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
    connection.endCopyFrom();
  }
  /**
   * Settles at once, as node-postgres' own queries do: the client forgets its active query when the server's
   * error arrives, so ReadyForQuery never reaches this one (a refused COPY — a value the column rejects, a
   * constraint, a timeout — left its caller waiting forever, the connection never back in the pool).
   */
  handleError(error: Error) {
    this.settle(error);
  }
  handleReadyForQuery() {
    this.settle(null);
  }
  handleCommandComplete(msg: { text?: string }) {
    this.rowCount = Number(msg.text?.split(' ')[1] ?? 0);
  }
  handleRowDescription() {}
  handleDataRow() {}
  handleEmptyQuery() {}
  handlePortalSuspended() {}
  handleCopyData() {}
}

/**
 * node-postgres' Client class with COPY: a query whose parameters are a `CopyRows` runs as COPY FROM STDIN;
 * every other query is the client's own.
 */
export function withCopy(Client: typeof pg.Client): typeof pg.Client {
  return class CopyClient extends Client {
    // biome-ignore lint/suspicious/noExplicitAny: pg's query() has many overloads; only (text, values) is ours.
    override query(config: any, values?: any, callback?: any): any {
      const copy = typeof config === 'string' ? copyOf(values) : null;
      if (!copy) return super.query(config, values, callback);
      const submittable = new CopyIn(config, copy);
      super.query(submittable as unknown as pg.QueryConfig);
      return submittable.done;
    }
  } as typeof pg.Client;
}
