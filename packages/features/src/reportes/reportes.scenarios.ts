/**
 * The behaviour every `ReportesPort` shows, written once and run against both implementations: the in-memory
 * fake (`reportes.fake.test.ts`) and the HTTP adapter on the real API (`apps/backoffice/src/adapters/http/
 * reportes.http.test.ts`), signed in as staff. When they disagree the server is right and the fake is fixed.
 *
 * Scenarios only use what they read through the ports (the catalogue's clients, the reports listed, the ones
 * they upload) and give every folio they upload a name of its own, so they run on any seeded data. The last
 * scenario marks every report of one client as sent: it stays last.
 */
import { ENTREGAS_MESSAGES, REPORTES_MESSAGES, type ReportItem, toFechaRecibido } from '@socio/contracts';
import { makeSamplePdf } from '@socio/contracts/testing';
import { describe, expect, it } from 'vitest';
import type { CatalogosPort } from '../catalogos/catalogos.port';
import { refusal } from '../testing/port-scenarios';
import type { NewReporte, ReportesPort } from './reportes.port';

let made = 0;
/** A folio no other scenario run uses. */
function newFolio(): string {
  made += 1;
  return `REP-${made}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
}

async function samplePdf(folio: string): Promise<Blob> {
  const bytes = await makeSamplePdf({ title: `Reporte ${folio}`, lines: ['Escenario del puerto'] });
  return new Blob([bytes], { type: 'application/pdf' });
}

async function bytesOf(blob: Blob): Promise<number[]> {
  return Array.from(new Uint8Array(await blob.arrayBuffer()));
}

/** Newest first: by date received, then by id. */
function isNewestFirst(rows: readonly ReportItem[]): boolean {
  return rows.every((row, i) => {
    const next = rows[i + 1];
    if (!next) return true;
    return (
      row.fecha_recibido > next.fecha_recibido ||
      (row.fecha_recibido === next.fecha_recibido && row.id_reporte > next.id_reporte)
    );
  });
}

/**
 * Registers the scenarios; `port()` gives the implementation under test (called inside each test) and
 * `catalogos()` the catalogue of the same world (the clients reports belong to).
 */
export function reportesPortScenarios(port: () => ReportesPort, catalogos: () => CatalogosPort): void {
  async function clientes() {
    const [tec, second] = await catalogos().clientes();
    if (!tec || !second) throw new Error('sin dos clientes');
    return { tec, second };
  }

  async function upload(input: Partial<NewReporte> & { cliente: string }): Promise<ReportItem> {
    const folio = input.folio ?? newFolio();
    return port().create({ folio, notas: '', file: await samplePdf(folio), ...input });
  }

  describe('ReportesPort scenarios', () => {
    it('lists the reports of one client, by id or by name in any case, newest first', async () => {
      const { tec } = await clientes();
      await upload({ cliente: tec.nombre });
      const byId = await port().list(String(tec.id_cliente));
      expect(byId.length).toBeGreaterThan(0);
      expect(byId.every((r) => r.cliente === tec.nombre)).toBe(true);
      expect(isNewestFirst(byId)).toBe(true);
      for (const row of byId) expect(row.fechaRecibido).toBe(toFechaRecibido(row.fecha_recibido));
      expect(await port().list(tec.nombre.toUpperCase())).toEqual(byId);
    });

    it('refuses the list and the download of a client that does not exist (404)', async () => {
      const unknown = { status: 404, code: 'cliente_not_found', detail: REPORTES_MESSAGES.unknownCliente };
      expect(await refusal(port().list('Cliente Inexistente'))).toEqual(unknown);
      expect(await refusal(port().list('987654'))).toEqual(unknown);
      expect(await refusal(port().downloadPending('Cliente Inexistente'))).toEqual(unknown);
    });

    it('uploads a PDF: listed first, Pendiente, with its folio, client and trimmed notes; its PDF is the file', async () => {
      const { second } = await clientes();
      const folio = newFolio();
      const file = await samplePdf(folio);
      const created = await port().create({
        folio: ` ${folio} `,
        cliente: String(second.id_cliente),
        notas: '  Domicilio verificado  ',
        file,
      });
      expect(created).toMatchObject({
        id: folio,
        cliente: second.nombre,
        notas: 'Domicilio verificado',
        estatus: 'Pendiente',
        // A folio without assignments has no visitor.
        visitador: '-',
        fechaRecibido: toFechaRecibido(created.fecha_recibido),
      });
      expect(created.fecha_recibido).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      const [first] = await port().list(second.nombre);
      expect(first).toEqual(created);
      expect(await bytesOf(await port().pdf(created.id_reporte))).toEqual(await bytesOf(file));
    });

    it('refuses a file that is not a PDF (422) and lists nothing', async () => {
      const { tec } = await clientes();
      const folio = newFolio();
      const before = await port().list(tec.nombre);
      const notPdf = new Blob(['Esto no es un PDF, es texto.'], { type: 'application/pdf' });
      expect(await refusal(port().create({ folio, cliente: tec.nombre, notas: '', file: notPdf }))).toEqual({
        status: 422,
        code: 'invalid_pdf',
        detail: REPORTES_MESSAGES.invalidPdf,
      });
      // A file that starts like a PDF but does not open is refused too.
      const broken = new Blob(['%PDF-1.7\nroto'], { type: 'application/pdf' });
      expect(await refusal(port().create({ folio, cliente: tec.nombre, notas: '', file: broken }))).toEqual({
        status: 422,
        code: 'invalid_pdf',
        detail: REPORTES_MESSAGES.invalidPdf,
      });
      expect(await port().list(tec.nombre)).toEqual(before);
      expect(await port().findFolio(folio)).toEqual([]);
    });

    it('refuses an upload without a folio or of a client that does not exist (422)', async () => {
      const { tec } = await clientes();
      expect(await refusal(upload({ folio: '  ', cliente: tec.nombre }))).toEqual({
        status: 422,
        code: 'validation',
        detail: 'Campo requerido',
      });
      expect(await refusal(upload({ cliente: 'Cliente Inexistente' }))).toEqual({
        status: 422,
        code: 'cliente_not_found',
        detail: REPORTES_MESSAGES.unknownCliente,
      });
    });

    it('finds the reports of every client whose folio contains the text, any case, newest first', async () => {
      const { tec, second } = await clientes();
      const folio = newFolio();
      const older = await upload({ folio: `${folio}-A`, cliente: tec.nombre });
      const newer = await upload({ folio: `${folio}-B`, cliente: second.nombre });
      const found = await port().findFolio(folio.toLowerCase());
      expect(found.map((r) => r.id_reporte)).toEqual([newer.id_reporte, older.id_reporte]);
      expect(await port().findFolio(`${folio}-b`)).toEqual([newer]);
    });

    it('refuses the PDF, sending and deliveries of a report that does not exist (404)', async () => {
      const notFound = { status: 404, code: 'reporte_not_found', detail: REPORTES_MESSAGES.notFound };
      expect(await refusal(port().pdf(987_654))).toEqual(notFound);
      expect(await refusal(port().send(987_654))).toEqual(notFound);
      expect(await refusal(port().entregas(987_654))).toEqual(notFound);
      expect(await refusal(port().retryEntrega(987_654))).toEqual(notFound);
    });

    it('marks reports as sent: each once, only the pending ones counted, answered in id order', async () => {
      const { tec } = await clientes();
      const a = await upload({ cliente: tec.nombre });
      const b = await upload({ cliente: tec.nombre });
      const marked = await port().markSent([b.id_reporte, a.id_reporte, a.id_reporte]);
      expect(marked).toMatchObject({ detail: REPORTES_MESSAGES.marked(2), actualizados: 2 });
      expect(marked.reportes.map((r) => [r.id_reporte, r.estatus])).toEqual([
        [a.id_reporte, 'Enviado'],
        [b.id_reporte, 'Enviado'],
      ]);
      const again = await port().markSent([a.id_reporte]);
      expect(again).toMatchObject({ detail: REPORTES_MESSAGES.marked(0), actualizados: 0 });
    });

    it('refuses marking none (422) or an unknown report, and then marks nothing (404)', async () => {
      const { tec } = await clientes();
      const pendiente = await upload({ cliente: tec.nombre });
      expect(await refusal(port().markSent([]))).toEqual({
        status: 422,
        code: 'validation',
        detail: REPORTES_MESSAGES.noneSelected,
      });
      expect(await refusal(port().markSent([pendiente.id_reporte, 987_654]))).toEqual({
        status: 404,
        code: 'reporte_not_found',
        detail: REPORTES_MESSAGES.notFound,
      });
      const [listed] = await port().findFolio(pendiente.id);
      expect(listed?.estatus).toBe('Pendiente');
    });

    it("sends a report: Enviado, one delivery queued to the client's recipients; sending again queues none", async () => {
      const { tec } = await clientes();
      const report = await upload({ cliente: tec.nombre });
      expect((await port().entregas(report.id_reporte)).entregas).toEqual([]);
      expect(await refusal(port().retryEntrega(report.id_reporte))).toEqual({
        status: 404,
        code: 'entrega_not_found',
        detail: ENTREGAS_MESSAGES.noDelivery,
      });

      const sent = await port().send(report.id_reporte);
      expect(sent).toMatchObject({ id_reporte: report.id_reporte, estatus: 'Enviado' });
      expect(sent.entrega).toMatchObject({ estado: 'en_cola', motivo: null, total: 1 });
      const { entregas } = await port().entregas(report.id_reporte);
      expect(entregas).toHaveLength(1);
      expect(entregas[0]).toMatchObject({
        id_reporte: report.id_reporte,
        estado: 'en_cola',
        intentos: 0,
        historial: [],
      });
      expect(entregas[0]?.destinatarios).toHaveLength(1);

      expect(await port().send(report.id_reporte)).toMatchObject({ estatus: 'Enviado' });
      expect((await port().entregas(report.id_reporte)).entregas).toHaveLength(1);
      expect(await refusal(port().retryEntrega(report.id_reporte))).toEqual({
        status: 409,
        code: 'entrega_not_retryable',
        detail: ENTREGAS_MESSAGES.notRetryable,
      });
    });

    it('downloads the pending reports of one client as a zip named after it, then refuses when none are left', async () => {
      const { second } = await clientes();
      await upload({ cliente: second.nombre });
      let started = 0;
      const zip = await port().downloadPending(String(second.id_cliente), {
        onStarted: () => (started += 1),
      });
      expect(started).toBe(1);
      expect(zip.blob.size).toBeGreaterThan(0);
      const safe = second.nombre
        .normalize('NFD')
        .replace(/\p{M}+/gu, '')
        .replace(/[^A-Za-z0-9._-]+/g, '_');
      expect(zip.fileName).toMatch(new RegExp(`^reportes_pendientes_${safe}_\\d{8}\\.zip$`));

      const pending = (await port().list(second.nombre)).filter((r) => r.estatus === 'Pendiente');
      await port().markSent(pending.map((r) => r.id_reporte));
      expect(
        await refusal(port().downloadPending(second.nombre, { onStarted: () => (started += 1) })),
      ).toEqual({
        status: 404,
        code: 'no_pending_reports',
        detail: REPORTES_MESSAGES.noPending,
      });
      expect(started).toBe(1);
    });
  });
}
