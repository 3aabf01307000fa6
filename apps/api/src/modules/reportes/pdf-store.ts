/**
 * Report PDFs in the database, in parts of 256 KB (migration 0009): written part by part as an upload arrives and
 * read part by part as a download, a zip or an e-mail takes them. No query moves more than one part, so no query
 * holds the event loop for long on PGlite (in this process) and no request needs a whole PDF in memory at once.
 * Nothing lives on disk: several API servers on one PostgreSQL see the same files.
 *
 * The bytes travel as base64 text (`decode`/`encode` in SQL): PGlite converts a `bytea` parameter or column
 * to and from JavaScript about ten times slower than a text one (measured: a 256 KB part written in ~110 ms as
 * bytea, ~17 ms as base64; read in ~44 ms vs ~4 ms); on PostgreSQL base64 costs little.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/schema';
import { OneAtATime, yieldToEventLoop } from '../../lib/event-loop';

/** Bytes of one part (the last one of a file may be shorter). */
export const PDF_PART_BYTES = 256 * 1024;

/** An upload's file not attached to a report after this long is a leftover (a crash, a lost connection). */
export const STALE_PDF_MS = 60 * 60_000;

/** A new, empty file; its parts are appended with `PdfWriter`. */
async function createPdf(db: Db): Promise<number> {
  const row = await db.insertInto('pdfs').defaultValues().returning('id_pdf').executeTakeFirstOrThrow();
  return row.id_pdf;
}

async function insertPart(db: Db, idPdf: number, n: number, bytes: Uint8Array): Promise<void> {
  const base64 = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64');
  await sql`INSERT INTO pdf_partes (id_pdf, n, datos) VALUES (${idPdf}, ${n}, decode(${base64}, 'base64'))`.execute(
    db,
  );
}

/**
 * Writes a file part by part as its bytes arrive (`write` any sizes, then `end`). Each full part is one INSERT of
 * its own (not a transaction: a slow upload must not hold PGlite's single connection), so the file exists before
 * the report that will point at it: `discardPdf` it when the upload fails, and `deleteStalePdfs` clears the
 * leftovers of a server that stopped in between.
 *
 * The event loop turns between two parts. On PGlite, whose INSERT of a part holds the loop (~20 ms), the writers
 * of one server share `turns`: their parts are written one at a time, a turn between any two (`OneAtATime`), so
 * uploads at once do not stack their parts in one turn. On PostgreSQL the loop is free while a part travels:
 * each writer has its own, and uploads write at the same time.
 */
export class PdfWriter {
  readonly #db: Db;
  readonly #turns: OneAtATime;
  #id: Promise<number> | null = null;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #parts = 0;
  #bytes = 0;

  constructor(db: Db, turns = new OneAtATime()) {
    this.#db = db;
    this.#turns = turns;
  }

  /** Bytes written so far. */
  get bytes(): number {
    return this.#bytes;
  }

  /** The file's id (created with the first part). */
  id(): Promise<number> {
    this.#id ??= createPdf(this.#db);
    return this.#id;
  }

  async write(chunk: Uint8Array): Promise<void> {
    this.#bytes += chunk.byteLength;
    let rest = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    while (this.#pendingBytes + rest.length >= PDF_PART_BYTES) {
      const take = PDF_PART_BYTES - this.#pendingBytes;
      this.#pending.push(rest.subarray(0, take));
      rest = rest.subarray(take);
      await this.#flush();
    }
    if (rest.length > 0) {
      // A copy: the caller may reuse its buffer (a stream's chunk) once this returns.
      this.#pending.push(Buffer.from(rest));
      this.#pendingBytes += rest.length;
    }
  }

  async #flush(): Promise<void> {
    const part = Buffer.concat(this.#pending);
    this.#pending = [];
    this.#pendingBytes = 0;
    const id = await this.id();
    const n = this.#parts;
    this.#parts += 1;
    await this.#turns.run(() => insertPart(this.#db, id, n, part));
  }

  /** Deletes what was written (the upload failed); nothing to do when no part was. */
  async discard(): Promise<void> {
    if (!this.#id) return;
    const id = await this.#id.catch(() => null);
    if (id !== null) await discardPdf(this.#db, id);
  }

  /** Writes the last part; answers the file's id and size. */
  async end(): Promise<{ idPdf: number; bytes: number }> {
    if (this.#pendingBytes > 0) await this.#flush();
    return { idPdf: await this.id(), bytes: this.#bytes };
  }
}

/** Stores `bytes` as a new file (seeds, tests, benches); answers its id. */
export async function storePdf(db: Db, bytes: Uint8Array): Promise<number> {
  const writer = new PdfWriter(db);
  for (let offset = 0; offset < bytes.length; offset += PDF_PART_BYTES) {
    await writer.write(bytes.subarray(offset, offset + PDF_PART_BYTES));
  }
  return (await writer.end()).idPdf;
}

/** Part `n` of a file, or null past its end (or when the file is gone). */
export async function readPdfPart(db: Db, idPdf: number, n: number): Promise<Buffer | null> {
  const row = await db
    .selectFrom('pdf_partes')
    .select(sql<string>`encode(datos, 'base64')`.as('datos'))
    .where('id_pdf', '=', idPdf)
    .where('n', '=', n)
    .executeTakeFirst();
  return row ? Buffer.from(row.datos, 'base64') : null;
}

/** A file's parts in order, one query each, other requests served between two. */
export async function* pdfParts(db: Db, idPdf: number): AsyncGenerator<Buffer> {
  for (let n = 0; ; n++) {
    if (n > 0) await yieldToEventLoop();
    const part = await readPdfPart(db, idPdf, n);
    if (!part) return;
    yield part;
  }
}

/** A whole file in memory, read part by part (an e-mail attachment, tests). */
export async function readPdf(db: Db, idPdf: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of pdfParts(db, idPdf)) parts.push(part);
  return Buffer.concat(parts);
}

/** Deletes a file no report points at (an upload that failed). */
export async function discardPdf(db: Db, idPdf: number): Promise<void> {
  await db
    .deleteFrom('pdfs')
    .where('id_pdf', '=', idPdf)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('reportes').select('id_reporte').where('reportes.id_pdf', '=', idPdf))),
    )
    .execute();
}

/** Deletes the files older than `STALE_PDF_MS` that no report points at (uploads cut by a stopped server). */
export async function deleteStalePdfs(db: Db): Promise<number> {
  const result = await sql`DELETE FROM pdfs p
    WHERE p.creado < now() - make_interval(secs => ${STALE_PDF_MS / 1000})
      AND NOT EXISTS (SELECT 1 FROM reportes r WHERE r.id_pdf = p.id_pdf)`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}
