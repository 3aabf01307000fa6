/**
 * Issue 22 (4): report PDFs are stored and read in parts of 256 KB (migration 0009), so no query moves a whole
 * PDF. Round trips byte-exact across several parts (upload → view, zip, e-mail attachment), a recorder of every
 * query's parameters and rows proves no query moved more than ~1 MB, and the migration cuts existing PDFs into
 * parts.
 */
import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import type { ReportItem } from '@socio/contracts';
import { unzipSync } from 'fflate';
import { type CompiledQuery, type Kysely, type QueryResult, sql } from 'kysely';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrate';
import { migrations } from '../src/db/migrations/index';
import type { Database } from '../src/db/schema';
import { reporteForMail } from '../src/modules/entregas/repo';
import { PDF_PART_BYTES, readPdf, storePdf } from '../src/modules/reportes/pdf-store';
import { turnCounter, unwatchQueries, watchQueries } from './event-loop-turns';
import { createEmptyDatabase, createTestContext, dbKinds, type TestContext } from './helpers';

const MB = 1024 * 1024;

/** A one-page PDF that opens, with a stream of `bytes` random bytes (a scanned page). */
async function pdfOf(bytes: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage();
  doc.context.register(doc.context.stream(randomBytes(bytes)));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

function multipart(fields: Record<string, string>, file: Buffer) {
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--x\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  parts.push(
    Buffer.from(
      '--x\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n',
    ),
    file,
    Buffer.from('\r\n--x--\r\n'),
  );
  return { payload: Buffer.concat(parts), headers: { 'content-type': 'multipart/form-data; boundary=x' } };
}

/** Bytes a value takes on the wire (strings as UTF-8, binary as is). */
function sizeOf(value: unknown): number {
  if (value === null || value === undefined) return 0;
  if (typeof value === 'string') return Buffer.byteLength(value);
  if (value instanceof Uint8Array) return value.byteLength;
  if (Array.isArray(value)) return value.reduce((n: number, v) => n + sizeOf(v), 0);
  if (value instanceof Date || typeof value !== 'object') return String(value).length;
  return Object.values(value).reduce((n: number, v) => n + sizeOf(v), 0);
}

/**
 * Records, for every query any Kysely instance of this process runs (transactions included), the bytes of its
 * parameters and of its result rows: Kysely's query executors all inherit `executeQuery` from one prototype.
 */
function recordQuerySizes(db: Kysely<Database>) {
  let owner: { executeQuery: (q: CompiledQuery, id: unknown) => Promise<QueryResult<unknown>> } =
    Object.getPrototypeOf(db.getExecutor());
  while (!Object.hasOwn(owner, 'executeQuery')) owner = Object.getPrototypeOf(owner);
  const original = owner.executeQuery;
  const seen: Array<{ sql: string; bytes: number }> = [];
  owner.executeQuery = async function (this: unknown, query, id) {
    const result = await original.call(this, query, id);
    seen.push({ sql: query.sql, bytes: sizeOf(query.parameters) + sizeOf(result.rows) });
    return result;
  };
  return {
    largest: () => seen.reduce((a, b) => (b.bytes > a.bytes ? b : a), { sql: '', bytes: 0 }),
    count: () => seen.length,
    restore: () => {
      owner.executeQuery = original;
    },
  };
}

describe.each(dbKinds())('PDFs stored in parts (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { demoOperations: false });
  }, 120_000);
  afterAll(async () => {
    await ctx?.close();
  });

  /** `body`: the request's body and headers when the test sends it its own way (as a stream). */
  const upload = async (
    folio: string,
    pdf: Buffer,
    body: { payload: Buffer | PassThrough; headers: Record<string, string> } = multipart(
      { folio, cliente: 'UDEM' },
      pdf,
    ),
  ): Promise<ReportItem> => {
    const res = await ctx.request({ method: 'POST', url: '/api/reportes', ...body }, 'Supervisor');
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { reporte: ReportItem }).reporte;
  };
  const stored = (id: number) =>
    ctx.db
      .selectFrom('reportes as r')
      .innerJoin('pdf_partes as p', 'p.id_pdf', 'r.id_pdf')
      .select([
        'r.id_pdf',
        'r.pdf_bytes',
        sql<number>`count(*)::int`.as('partes'),
        sql<number>`max(octet_length(p.datos))::int`.as('mayor'),
      ])
      .where('r.id_reporte', '=', id)
      .groupBy(['r.id_pdf', 'r.pdf_bytes'])
      .executeTakeFirstOrThrow();

  it('keeps an upload in parts of 256 KB and serves it byte-exact with its Content-Length', async () => {
    const pdf = await pdfOf(Math.round(1.3 * MB));
    const reporte = await upload('PARTES-1', pdf);
    const row = await stored(reporte.id_reporte);
    expect(row).toEqual({
      id_pdf: row.id_pdf,
      pdf_bytes: pdf.length,
      partes: Math.ceil(pdf.length / PDF_PART_BYTES),
      mayor: PDF_PART_BYTES,
    });
    expect(row.partes).toBeGreaterThanOrEqual(5);
    const res = await ctx.request(
      { method: 'GET', url: `/api/reportes/${reporte.id_reporte}/pdf` },
      'Supervisor',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(Number(res.headers['content-length'])).toBe(pdf.length);
    expect(res.rawPayload.equals(pdf)).toBe(true);
  });

  it('moves no more than one part per query: upload, view, zip of pending ones and e-mail attachment', async () => {
    await ctx.db.updateTable('reportes').set({ estatus: 'enviado' }).execute();
    const pdf = await pdfOf(3 * MB);
    const recorder = recordQuerySizes(ctx.db);
    try {
      const reporte = await upload('PARTES-GRANDE', pdf);
      const view = await ctx.request(
        { method: 'GET', url: `/api/reportes/${reporte.id_reporte}/pdf` },
        'Supervisor',
      );
      expect(view.rawPayload.equals(pdf)).toBe(true);
      const zip = await ctx.request(
        { method: 'GET', url: '/api/reportes/pendientes/descarga?cliente=UDEM' },
        'Supervisor',
      );
      expect(zip.statusCode).toBe(200);
      const files = unzipSync(new Uint8Array(zip.rawPayload));
      expect(Object.keys(files)).toEqual(['UDEM/PARTES-GRANDE.pdf']);
      expect(Buffer.from(files['UDEM/PARTES-GRANDE.pdf']!).equals(pdf)).toBe(true);
      const mail = await reporteForMail(ctx.db, reporte.id_reporte);
      expect(Buffer.from(mail!.pdf).equals(pdf)).toBe(true);
    } finally {
      recorder.restore();
    }
    const largest = recorder.largest();
    // The recorder saw the parts go by (base64: 4/3 of a part), and nothing bigger than ~1 MB.
    expect(largest.bytes, largest.sql).toBeGreaterThanOrEqual(PDF_PART_BYTES);
    expect(largest.bytes, largest.sql).toBeLessThanOrEqual(MB);
  });

  it('takes turns between three uploads at once: on PGlite the event loop turns between every two part writes', async () => {
    const pdfs = await Promise.all([0, 1, 2].map(() => pdfOf(Math.round(1.2 * MB))));
    const counter = turnCounter();
    /** Every part write: the turn it was sent in, and its file. */
    const writes: Array<{ turn: number; idPdf: number }> = [];
    // The second half of each body is sent once all three uploads have written a part: they are then writing
    // at the same time whatever the machine's load (on a busy one, an upload could end before the last began).
    let allWriting: () => void = () => undefined;
    const writing = new Promise<void>((resolve) => {
      allWriting = resolve;
    });
    watchQueries((text, result, params) => {
      if (text.startsWith('INSERT INTO pdf_partes')) {
        writes.push({ turn: counter.turns, idPdf: Number((params as unknown[])[0]) });
        if (new Set(writes.map((w) => w.idPdf)).size === 3) allWriting();
      }
      return result;
    });
    const inHalves = (folio: string, pdf: Buffer) => {
      const { payload, headers } = multipart({ folio, cliente: 'UDEM' }, pdf);
      const cut = payload.length - Math.round(pdf.length / 2);
      const stream = new PassThrough();
      stream.write(payload.subarray(0, cut));
      void writing.then(() => stream.end(payload.subarray(cut)));
      return { payload: stream, headers };
    };
    counter.start();
    let reportes: ReportItem[];
    try {
      reportes = await Promise.all(
        pdfs.map((pdf, i) => upload(`TURNOS-${i}`, pdf, inHalves(`TURNOS-${i}`, pdf))),
      );
    } finally {
      counter.stop();
      unwatchQueries();
    }
    for (const [i, reporte] of reportes.entries()) {
      const view = await ctx.request(
        { method: 'GET', url: `/api/reportes/${reporte.id_reporte}/pdf` },
        'Supervisor',
      );
      expect(view.rawPayload.equals(pdfs[i]!)).toBe(true);
    }
    const files = [...new Set(writes.map((w) => w.idPdf))];
    expect(files).toHaveLength(3);
    expect(writes).toHaveLength(pdfs.reduce((n, pdf) => n + Math.ceil(pdf.length / PDF_PART_BYTES), 0));
    // The three were writing at the same time: each began before any of them wrote its last part.
    const lastFirst = Math.max(...files.map((f) => writes.findIndex((w) => w.idPdf === f)));
    const firstLast = Math.min(...files.map((f) => writes.findLastIndex((w) => w.idPdf === f)));
    expect(lastFirst).toBeLessThan(firstLast);
    if (kind === 'pglite') {
      // A part write runs in this thread (~20 ms for 256 KB): never two in one turn, whichever uploads they
      // belong to, so a request arriving meanwhile waits for one part, not one per upload.
      const sameTurn = writes.filter((w, i) => i > 0 && w.turn === writes[i - 1]!.turn);
      expect(sameTurn).toEqual([]);
    }
  });

  it('deletes the parts of an upload that is refused after its file arrived', async () => {
    const files = async () =>
      Number((await sql<{ n: string }>`SELECT count(*) AS n FROM pdfs`.execute(ctx.db)).rows[0]?.n);
    const before = await files();
    // Over INLINE_PARSE_BYTES: half of it is checked in the worker thread (and does not open).
    const pdf = await pdfOf(3 * MB);
    const unknownClient = await ctx.request(
      { method: 'POST', url: '/api/reportes', ...multipart({ folio: 'X-2', cliente: 'Harvard' }, pdf) },
      'Supervisor',
    );
    expect(unknownClient.statusCode).toBe(422);
    const noFolio = await ctx.request(
      { method: 'POST', url: '/api/reportes', ...multipart({ cliente: 'UDEM' }, pdf) },
      'Supervisor',
    );
    expect(noFolio.statusCode).toBe(422);
    const broken = pdf.subarray(0, Math.floor(pdf.length / 2));
    const notOpening = await ctx.request(
      { method: 'POST', url: '/api/reportes', ...multipart({ folio: 'X-3', cliente: 'UDEM' }, broken) },
      'Supervisor',
    );
    expect(notOpening.statusCode).toBe(422);
    expect(await files()).toBe(before);
  });
});

describe.each(dbKinds())('migration 0009 (%s)', (kind) => {
  it('cuts the PDFs stored whole into parts, each report keeping its bytes', async () => {
    const { handle, dropDatabase } = await createEmptyDatabase(kind);
    try {
      const index = migrations.findIndex((m) => m.name === '0009_pdf_partes');
      await migrate(handle.db, migrations.slice(0, index));
      const pdfs = [randomBytes(700_000), randomBytes(2 * PDF_PART_BYTES), randomBytes(1000)];
      const ids: number[] = [];
      for (const [i, pdf] of pdfs.entries()) {
        const { rows } = await sql<{
          id_reporte: number;
        }>`INSERT INTO reportes (folio, id_cliente, pdf, pdf_bytes)
          VALUES (${`VIEJO-${i}`}, 1, decode(${pdf.toString('base64')}, 'base64'), 0) RETURNING id_reporte`.execute(
          handle.db,
        );
        ids.push(rows[0]!.id_reporte);
      }
      expect(await migrate(handle.db)).toEqual(migrations.slice(index).map((m) => m.name));
      for (const [i, pdf] of pdfs.entries()) {
        const row = await handle.db
          .selectFrom('reportes')
          .select(['id_pdf', 'pdf_bytes'])
          .where('id_reporte', '=', ids[i]!)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ id_pdf: ids[i], pdf_bytes: pdf.length });
        const partes = await handle.db
          .selectFrom('pdf_partes')
          .select(sql<number>`octet_length(datos)`.as('bytes'))
          .where('id_pdf', '=', row.id_pdf)
          .orderBy('n')
          .execute();
        expect(partes.length).toBe(Math.ceil(pdf.length / PDF_PART_BYTES));
        expect(partes.slice(0, -1).every((p) => Number(p.bytes) === PDF_PART_BYTES)).toBe(true);
        expect((await readPdf(handle.db, row.id_pdf)).equals(pdf)).toBe(true);
      }
      const columns = await sql<{ column_name: string }>`SELECT column_name FROM information_schema.columns
        WHERE table_name = 'reportes' AND column_name = 'pdf'`.execute(handle.db);
      expect(columns.rows).toEqual([]);
      // New files are numbered after the migrated ones.
      expect(await storePdf(handle.db, randomBytes(10))).toBeGreaterThan(Math.max(...ids));
    } finally {
      await handle.close();
      await dropDatabase?.();
    }
  }, 120_000);
});
