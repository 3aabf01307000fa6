import type { ReportItem } from '@socio/contracts';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPdf } from '../src/modules/reportes/pdf-store';
import { createReportPdf } from '../src/seed/pdf';
import { createTestContext, dbKinds, type TestContext, userIdByEmail } from './helpers';

/** A multipart/form-data body with text fields and one file part. */
function multipart(fields: Record<string, string>, file?: { name: string; type: string; bytes: Uint8Array }) {
  const boundary = `----socio${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      Buffer.from(file.bytes),
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const isPdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';

describe.each(dbKinds())('reportes (%s)', (kind) => {
  let ctx: TestContext;
  let samplePdf: Uint8Array;

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    samplePdf = await createReportPdf({
      folio: 'UP-1',
      cliente: 'UDEM',
      visitador: 'Prueba',
      fecha: '22/11/2026',
      alumno: 'Alumno',
      direccion: 'Calle 1',
      notas: 'Notas',
    });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const list = async (query = '', who = 'Administrador') => {
    const res = await ctx.request({ method: 'GET', url: `/api/reportes${query}` }, who);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { reportes: ReportItem[] }).reportes;
  };

  it('lists the 40 demo reports of the three clients, newest first', async () => {
    const all = await list();
    expect(all).toHaveLength(40);
    expect(new Set(all.map((r) => r.cliente))).toEqual(new Set(['Tec de Monterrey', 'UANL', 'UDEM']));
    expect(new Set(all.map((r) => r.estatus))).toEqual(new Set(['Pendiente', 'Enviado']));
    const dates = all.map((r) => r.fecha_recibido);
    expect(dates).toEqual([...dates].sort().reverse());
    const first = all[0]!;
    expect(first.fechaRecibido).toBe(
      `${first.fecha_recibido.slice(8, 10)}/${first.fecha_recibido.slice(5, 7)}/${first.fecha_recibido.slice(2, 4)}`,
    );
    expect(first.visitador).not.toBe('-');
  });

  it('filters by client (name in any case, or id) and searches folio, visitador and cliente', async () => {
    const uanl = await list('?cliente=uanl');
    expect(uanl.length).toBeGreaterThan(0);
    expect(uanl.every((r) => r.cliente === 'UANL')).toBe(true);
    const clientes = await ctx.db.selectFrom('clientes').select(['id_cliente', 'nombre']).execute();
    const udemId = clientes.find((c) => c.nombre === 'UDEM')!.id_cliente;
    expect((await list(`?cliente=${udemId}`)).every((r) => r.cliente === 'UDEM')).toBe(true);

    const target = uanl[0]!;
    const byFolio = await list(`?q=${encodeURIComponent(target.id.toLowerCase())}`);
    expect(byFolio.map((r) => r.id_reporte)).toContain(target.id_reporte);
    const surname = target.visitador.split(' ').at(-1)!;
    const byVisitor = await list(`?q=${encodeURIComponent(surname.toUpperCase())}`);
    expect(byVisitor.length).toBeGreaterThan(0);
    expect(byVisitor.every((r) => r.visitador.toLowerCase().includes(surname.toLowerCase()))).toBe(true);
    expect((await list('?q=tec%20de')).every((r) => r.cliente === 'Tec de Monterrey')).toBe(true);
    expect(await list('?q=%25')).toEqual([]);
    expect(await list('?q=no-existe-nada')).toEqual([]);
  });

  it('answers 404 for an unknown client', async () => {
    const res = await ctx.request({ method: 'GET', url: '/api/reportes?cliente=Harvard' }, 'Administrador');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Cliente no encontrado', code: 'cliente_not_found' });
  });

  it('serves the PDF of a report', async () => {
    const [report] = await list();
    const res = await ctx.request(
      { method: 'GET', url: `/api/reportes/${report!.id_reporte}/pdf` },
      'Supervisor',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('inline');
    expect(isPdf(res.rawPayload)).toBe(true);
    expect(res.rawPayload.toString('latin1')).toContain('%%EOF');
    const missing = await ctx.request({ method: 'GET', url: '/api/reportes/999999/pdf' }, 'Supervisor');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Reporte no encontrado', code: 'reporte_not_found' });
  });

  it('marks reports as sent, and asks for at least one', async () => {
    const pending = (await list('?cliente=Tec de Monterrey')).filter((r) => r.estatus === 'Pendiente');
    expect(pending.length).toBeGreaterThanOrEqual(2);
    const ids = pending.slice(0, 2).map((r) => r.id_reporte);
    const res = await ctx.request(
      { method: 'POST', url: '/api/reportes/marcar_enviados', payload: { ids } },
      'Supervisor',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ detail: '2 reporte(s) marcado(s) como enviado', actualizados: 2 });
    expect(res.json().reportes.map((r: ReportItem) => r.estatus)).toEqual(['Enviado', 'Enviado']);
    const stored = await ctx.db
      .selectFrom('reportes')
      .select(['estatus', 'fecha_enviado'])
      .where('id_reporte', 'in', ids)
      .execute();
    expect(stored.every((r) => r.estatus === 'enviado' && r.fecha_enviado !== null)).toBe(true);
    const audit = await ctx.db
      .selectFrom('audit_log')
      .select('actor_id')
      .where('action', '=', 'reporte.marcar_enviados')
      .execute();
    expect(audit.map((a) => a.actor_id)).toContain(
      await userIdByEmail(ctx.db, 'supervisor1@socioeconomico.mx'),
    );

    // Already sent: counted as 0 updated, still 200.
    const again = await ctx.request(
      { method: 'POST', url: '/api/reportes/marcar_enviados', payload: { ids } },
      'Supervisor',
    );
    expect(again.json()).toMatchObject({ actualizados: 0, detail: '0 reporte(s) marcado(s) como enviado' });

    const none = await ctx.request(
      { method: 'POST', url: '/api/reportes/marcar_enviados', payload: { ids: [] } },
      'Supervisor',
    );
    expect(none.statusCode).toBe(422);
    expect(none.json().detail[0].msg).toBe('Por favor selecciona al menos un reporte');
    const unknown = await ctx.request(
      { method: 'POST', url: '/api/reportes/marcar_enviados', payload: { ids: [999_999] } },
      'Supervisor',
    );
    expect(unknown.statusCode).toBe(404);
  });

  it('sends one report', async () => {
    const pending = (await list()).find((r) => r.estatus === 'Pendiente')!;
    const res = await ctx.request(
      { method: 'POST', url: `/api/reportes/${pending.id_reporte}/enviar` },
      'Administrador',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      detail: 'Reporte enviado exitosamente',
      // Its e-mail delivery is queued with the status change (entregas.test.ts), to the demo recipient.
      reporte: {
        ...pending,
        estatus: 'Enviado',
        entrega: { estado: 'en_cola', motivo: null, total: 1, rechazados: [] },
      },
    });
    const missing = await ctx.request(
      { method: 'POST', url: '/api/reportes/999999/enviar' },
      'Administrador',
    );
    expect(missing.statusCode).toBe(404);
  });

  it('downloads the pending PDFs of a client as a zip, and 404 when none is pending', async () => {
    const pending = (await list('?cliente=UDEM')).filter((r) => r.estatus === 'Pendiente');
    expect(pending.length).toBeGreaterThan(0);
    const res = await ctx.request(
      { method: 'GET', url: '/api/reportes/pendientes/descarga?cliente=UDEM' },
      'Administrador',
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="reportes_pendientes_UDEM_\d{8}\.zip"$/,
    );
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual(pending.map((r) => `UDEM/${r.id}.pdf`).sort());
    expect(Object.values(files).every(isPdf)).toBe(true);

    const all = await ctx.request(
      { method: 'GET', url: '/api/reportes/pendientes/descarga' },
      'Administrador',
    );
    const allPending = (await list()).filter((r) => r.estatus === 'Pendiente').length;
    expect(Object.keys(unzipSync(new Uint8Array(all.rawPayload)))).toHaveLength(allPending);

    await ctx.request(
      {
        method: 'POST',
        url: '/api/reportes/marcar_enviados',
        payload: { ids: pending.map((r) => r.id_reporte) },
      },
      'Administrador',
    );
    const none = await ctx.request(
      { method: 'GET', url: '/api/reportes/pendientes/descarga?cliente=UDEM' },
      'Administrador',
    );
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({
      detail: 'No hay reportes pendientes para descargar',
      code: 'no_pending_reports',
    });
  });

  describe('POST /api/reportes (multipart)', () => {
    it('stores a report with its PDF, linked to the folio and its visitor', async () => {
      const folio = await ctx.db
        .selectFrom('asignaciones')
        .select(['folio', 'id_usuario'])
        .orderBy('id_asignacion', 'desc')
        .executeTakeFirstOrThrow();
      const body = multipart(
        { folio: folio.folio, cliente: 'udem', notas: 'Visita sin contratiempos' },
        { name: 'estudio.pdf', type: 'application/pdf', bytes: samplePdf },
      );
      const res = await ctx.request({ method: 'POST', url: '/api/reportes', ...body }, 'Supervisor');
      expect(res.statusCode, res.body).toBe(201);
      const { reporte } = res.json() as { reporte: ReportItem };
      expect(reporte).toMatchObject({
        id: folio.folio,
        cliente: 'UDEM',
        notas: 'Visita sin contratiempos',
        estatus: 'Pendiente',
      });
      const stored = await ctx.db
        .selectFrom('reportes')
        .select(['id_pdf', 'pdf_bytes', 'id_visitador', 'pdf_nombre'])
        .where('id_reporte', '=', reporte.id_reporte)
        .executeTakeFirstOrThrow();
      expect((await readPdf(ctx.db, stored.id_pdf)).equals(Buffer.from(samplePdf))).toBe(true);
      expect(stored).toMatchObject({
        pdf_bytes: samplePdf.length,
        id_visitador: folio.id_usuario,
        pdf_nombre: 'estudio.pdf',
      });
      const pdf = await ctx.request(
        { method: 'GET', url: `/api/reportes/${reporte.id_reporte}/pdf` },
        'Supervisor',
      );
      expect(Buffer.from(pdf.rawPayload).equals(Buffer.from(samplePdf))).toBe(true);
    });

    it('checks the magic bytes of the file', async () => {
      const body = multipart(
        { folio: 'X-1', cliente: 'UANL' },
        {
          name: 'falso.pdf',
          type: 'application/pdf',
          bytes: new TextEncoder().encode('hola, no soy un PDF'),
        },
      );
      const res = await ctx.request({ method: 'POST', url: '/api/reportes', ...body }, 'Administrador');
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ detail: 'El archivo debe ser un PDF válido', code: 'invalid_pdf' });
    });

    it('requires the file and the fields, and a known client', async () => {
      const noFile = await ctx.request(
        { method: 'POST', url: '/api/reportes', ...multipart({ folio: 'X-1', cliente: 'UANL' }) },
        'Administrador',
      );
      expect(noFile.statusCode).toBe(422);
      expect(noFile.json()).toEqual({ detail: 'Debes adjuntar el PDF del reporte', code: 'pdf_missing' });
      const file = { name: 'a.pdf', type: 'application/pdf', bytes: samplePdf };
      const noFolio = await ctx.request(
        { method: 'POST', url: '/api/reportes', ...multipart({ cliente: 'UANL' }, file) },
        'Administrador',
      );
      expect(noFolio.statusCode).toBe(422);
      expect(noFolio.json().detail[0].loc).toEqual(['body', 'folio']);
      const badClient = await ctx.request(
        { method: 'POST', url: '/api/reportes', ...multipart({ folio: 'X-1', cliente: 'Harvard' }, file) },
        'Administrador',
      );
      expect(badClient.statusCode).toBe(422);
      expect(badClient.json()).toEqual({ detail: 'Cliente no encontrado', code: 'cliente_not_found' });
      const json = await ctx.request(
        { method: 'POST', url: '/api/reportes', payload: { folio: 'X-1', cliente: 'UANL' } },
        'Administrador',
      );
      expect(json.statusCode).toBe(415);
    });

    it('refuses files over 20 MB', async () => {
      const big = new Uint8Array(20 * 1024 * 1024 + 10);
      big.set(new TextEncoder().encode('%PDF-1.7\n'));
      const res = await ctx.request(
        {
          method: 'POST',
          url: '/api/reportes',
          ...multipart(
            { folio: 'X-1', cliente: 'UANL' },
            { name: 'g.pdf', type: 'application/pdf', bytes: big },
          ),
        },
        'Administrador',
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        detail: 'El archivo es demasiado grande. El tamaño máximo es 20MB.',
        code: 'pdf_too_large',
      });
      const count = await ctx.db
        .selectFrom('reportes')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('folio', '=', 'X-1')
        .executeTakeFirstOrThrow();
      expect(count.n).toBe(0);
    });
  });

  it.each([
    ['GET', '/api/reportes'],
    ['GET', '/api/reportes/1/pdf'],
    ['POST', '/api/reportes/marcar_enviados'],
    ['POST', '/api/reportes/1/enviar'],
    ['GET', '/api/reportes/pendientes/descarga'],
    ['POST', '/api/reportes'],
  ] as const)('%s %s: 401 anonymous, 403 Visitador', async (method, url) => {
    expect((await ctx.request({ method, url })).statusCode).toBe(401);
    const res = await ctx.request({ method, url }, 'Visitador');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ detail: 'No tienes permiso para realizar esta acción', code: 'forbidden' });
  });
});
