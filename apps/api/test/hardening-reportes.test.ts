/**
 * Issue 13, defect 8: an upload was accepted when it only started with '%PDF-' (e.g. followed by HTML). The
 * server now parses it (pdf-lib), rejects what does not open, and stores the page count (`pdf_paginas`).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReportPdf } from '../src/seed/pdf';
import { createTestContext, dbKinds, type TestContext } from './helpers';

function multipart(fields: Record<string, string>, bytes: Uint8Array) {
  const boundary = `----hard${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="r.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    ),
    Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(dbKinds())('hardening: PDF uploads are parsed (%s)', (kind) => {
  let ctx: TestContext;
  let twoPages: Uint8Array;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { demoOperations: false });
    twoPages = await createReportPdf({
      folio: 'PG-2',
      cliente: 'UANL',
      visitador: 'Prueba',
      fecha: '22/11/2026',
      alumno: 'Alumno',
      direccion: 'Calle 1',
      notas: 'Notas',
      twoPages: true,
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const upload = (folio: string, bytes: Uint8Array) =>
    ctx.request(
      { method: 'POST', url: '/api/reportes', ...multipart({ folio, cliente: 'UANL' }, bytes) },
      'Supervisor',
    );

  it.each([
    [
      '%PDF- followed by HTML',
      Buffer.from('%PDF-1.7\n<!doctype html><html><body><script>alert(1)</script></body></html>\n'),
    ],
    ['only the magic', Buffer.from('%PDF-')],
    ['a PDF cut in half', null],
  ])('rejects %s with 422 and stores nothing', async (_name, given) => {
    const bytes = given ?? twoPages.subarray(0, Math.floor(twoPages.length / 2));
    const res = await upload('PG-BAD', bytes);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toEqual({ detail: 'El archivo debe ser un PDF válido', code: 'invalid_pdf' });
    const rows = await ctx.db
      .selectFrom('reportes')
      .select('id_reporte')
      .where('folio', '=', 'PG-BAD')
      .execute();
    expect(rows).toEqual([]);
  });

  it('accepts a real PDF and stores its page count', async () => {
    const res = await upload('PG-2', twoPages);
    expect(res.statusCode, res.body).toBe(201);
    const row = await ctx.db
      .selectFrom('reportes')
      .select(['pdf_paginas', 'pdf_bytes'])
      .where('folio', '=', 'PG-2')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ pdf_paginas: 2, pdf_bytes: twoPages.length });
  });
});
