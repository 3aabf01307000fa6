/**
 * E-mail delivery of reports through a real SMTP server on loopback (smtp-server), parsed with
 * mailparser: the outbox row is written with the status change, the worker delivers it once with the
 * PDF byte for byte, retries a 4xx, gives up on a server that is down, and a crash between hand-over
 * and record sends nothing twice. Runs on PGlite and, with TEST_PG_URL, on PostgreSQL.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Entrega, EntregasResponse, ReportItem } from '@socio/contracts';
import { sql } from 'kysely';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileTransport, createSmtpTransport, type MailTransport } from '../src/modules/entregas/mail';
import { backoffMs, createDeliveryWorker, type DeliveryWorkerOptions } from '../src/modules/entregas/worker';
import { storePdf } from '../src/modules/reportes/pdf-store';
import { createReportPdf } from '../src/seed/pdf';
import { startTestSmtpServer, type TestSmtpServer } from './entregas-smtp';
import { createTestContext, dbKinds, type TestContext } from './helpers';

const FROM = 'Socioeconómico <reportes@socio.test>';
const UDEM = ['reportes@udem.test', 'coordinacion@udem.test'];

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('backoff', () => {
  it('doubles per attempt and stops at the cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffMs(n, 1000, 5000))).toEqual([1000, 2000, 4000, 5000]);
  });
});

describe.each(dbKinds())('entregas (%s)', (kind) => {
  let ctx: TestContext;
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  let udemId: number;

  const worker = (overrides: Partial<DeliveryWorkerOptions> = {}) =>
    createDeliveryWorker({ db: ctx.db, transport, from: FROM, baseDelayMs: 1, maxDelayMs: 5, ...overrides });

  const pendingOf = async (cliente: string): Promise<ReportItem[]> => {
    const res = await ctx.request({ method: 'GET', url: `/api/reportes?cliente=${cliente}` }, 'Supervisor');
    return (res.json() as { reportes: ReportItem[] }).reportes.filter((r) => r.estatus === 'Pendiente');
  };
  let seq = 0;
  /** A new pending report of `cliente` with its own PDF. */
  const nextPending = async (cliente = 'UDEM'): Promise<ReportItem> => {
    seq += 1;
    const folio = `ENT-${kind}-${seq}`;
    const pdf = await createReportPdf({
      folio,
      cliente,
      visitador: 'Prueba',
      fecha: '22/11/2026',
      alumno: 'Alumno',
      direccion: 'Calle 1',
      notas: `Entrega ${seq}`,
    });
    const { id_cliente } = await ctx.db
      .selectFrom('clientes')
      .select('id_cliente')
      .where('nombre', '=', cliente)
      .executeTakeFirstOrThrow();
    const { id_reporte } = await ctx.db
      .insertInto('reportes')
      .values({
        folio,
        id_folio: null,
        id_cliente,
        id_visitador: null,
        id_pdf: await storePdf(ctx.db, pdf),
        pdf_bytes: pdf.length,
        creado_por: null,
      })
      .returning('id_reporte')
      .executeTakeFirstOrThrow();
    const r = (await pendingOf(cliente)).find((x) => x.id_reporte === id_reporte);
    if (!r) throw new Error(`sin el reporte ${folio}`);
    return r;
  };
  /** A report of UDEM as the list shows it now, whatever its status. */
  const pendingOrSent = async (id: number): Promise<ReportItem | undefined> => {
    const res = await ctx.request({ method: 'GET', url: '/api/reportes?cliente=UDEM' }, 'Supervisor');
    return (res.json() as { reportes: ReportItem[] }).reportes.find((r) => r.id_reporte === id);
  };
  const send = async (id: number) => {
    const res = await ctx.request({ method: 'POST', url: `/api/reportes/${id}/enviar` }, 'Supervisor');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { detail: string; reporte: ReportItem };
  };
  const entregas = async (id: number) => {
    const res = await ctx.request({ method: 'GET', url: `/api/reportes/${id}/entregas` }, 'Supervisor');
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as EntregasResponse;
  };
  const latest = async (id: number): Promise<Entrega> => {
    const [e] = (await entregas(id)).entregas;
    if (!e) throw new Error('sin entregas');
    return e;
  };

  beforeAll(async () => {
    ctx = await createTestContext(kind);
    smtp = await startTestSmtpServer();
    transport = createSmtpTransport({ smtpUrl: smtp.url });
    const clientes = await ctx.request(
      { method: 'GET', url: '/api/clientes/destinatarios' },
      'Administrador',
    );
    udemId = (clientes.json() as { clientes: Array<{ id_cliente: number; nombre: string }> }).clientes.find(
      (c) => c.nombre === 'UDEM',
    )?.id_cliente as number;
    const put = await ctx.request(
      {
        method: 'PUT',
        url: `/api/clientes/${udemId}/destinatarios`,
        payload: { destinatarios: [' Reportes@UDEM.test ', 'coordinacion@udem.test'] },
      },
      'Administrador',
    );
    expect(put.statusCode, put.body).toBe(200);
    // UANL without recipients (the demo data may give every client one), for the 'fallido at once' case.
    const uanlId = (
      clientes.json() as { clientes: Array<{ id_cliente: number; nombre: string }> }
    ).clientes.find((c) => c.nombre === 'UANL')?.id_cliente as number;
    const none = await ctx.request(
      { method: 'PUT', url: `/api/clientes/${uanlId}/destinatarios`, payload: { destinatarios: [] } },
      'Administrador',
    );
    expect(none.statusCode, none.body).toBe(200);
  });
  afterAll(async () => {
    transport?.close();
    await smtp?.close();
    await ctx?.close();
  });

  describe('Clientes (recipients)', () => {
    it('lists the three clients with their recipients, lowercased, for an Administrador', async () => {
      const res = await ctx.request({ method: 'GET', url: '/api/clientes/destinatarios' }, 'Administrador');
      const { clientes } = res.json() as { clientes: Array<{ nombre: string; destinatarios: string[] }> };
      expect(clientes.map((c) => c.nombre)).toEqual(['Tec de Monterrey', 'UANL', 'UDEM']);
      expect(clientes.find((c) => c.nombre === 'UDEM')?.destinatarios).toEqual(UDEM);
    });

    it('refuses a Supervisor (403) and an invalid or repeated e-mail (422, Spanish)', async () => {
      const sup = await ctx.request({ method: 'GET', url: '/api/clientes/destinatarios' }, 'Supervisor');
      expect(sup.statusCode).toBe(403);
      const bad = await ctx.request(
        {
          method: 'PUT',
          url: `/api/clientes/${udemId}/destinatarios`,
          payload: { destinatarios: ['no-es-correo'] },
        },
        'Administrador',
      );
      expect(bad.statusCode).toBe(422);
      expect(bad.body).toContain('Ingresa un correo electrónico válido');
      const dup = await ctx.request(
        {
          method: 'PUT',
          url: `/api/clientes/${udemId}/destinatarios`,
          payload: { destinatarios: ['a@udem.test', 'A@udem.test'] },
        },
        'Administrador',
      );
      expect(dup.statusCode).toBe(422);
      expect(dup.body).toContain('Este correo ya está en la lista');
      const missing = await ctx.request(
        { method: 'PUT', url: '/api/clientes/999/destinatarios', payload: { destinatarios: [] } },
        'Administrador',
      );
      expect(missing.statusCode).toBe(404);
    });
  });

  it('Enviar writes the outbox row with the status change; the worker delivers it once, PDF byte for byte', async () => {
    const report = await nextPending();
    const sent = await send(report.id_reporte);
    expect(sent.reporte.estatus).toBe('Enviado');
    expect(sent.reporte.entrega).toEqual({ estado: 'en_cola', motivo: null, total: 2, rechazados: [] });
    const queued = await latest(report.id_reporte);
    expect(queued).toMatchObject({ estado: 'en_cola', destinatarios: UDEM, intentos: 0 });

    // Sending again while it is on its way queues nothing more.
    await send(report.id_reporte);
    expect((await entregas(report.id_reporte)).entregas).toHaveLength(1);

    const before = smtp.received.length;
    expect(await worker().drain()).toBeGreaterThanOrEqual(1);
    const mine = smtp.received.slice(before).filter((m) => m.messageId === queued.message_id);
    expect(mine).toHaveLength(1);
    const mail = mine[0]?.parsed;
    if (!mail) throw new Error('sin mensaje');
    expect(mine[0]?.to.sort()).toEqual([...UDEM].sort());
    expect(mail.subject).toContain(report.id);
    expect(mail.subject).toContain('UDEM');
    expect(mail.text).toContain(`folio ${report.id}`);
    expect(mail.html).toContain(report.id);
    expect(mail.html).not.toMatch(/<img|https?:\/\//i);
    const pdf = await ctx.request(
      { method: 'GET', url: `/api/reportes/${report.id_reporte}/pdf` },
      'Supervisor',
    );
    const fileName = /filename="([^"]+)"/.exec(String(pdf.headers['content-disposition']))?.[1];
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]?.filename).toBe(fileName);
    expect(mail.attachments[0]?.contentType).toBe('application/pdf');
    expect(Buffer.compare(mail.attachments[0]?.content as Buffer, pdf.rawPayload)).toBe(0);

    const done = await latest(report.id_reporte);
    expect(done).toMatchObject({ estado: 'entregado', intentos: 1, motivo: null });
    expect(done.historial).toEqual([
      expect.objectContaining({
        intento: 1,
        resultado: 'entregado',
        destinatarios: UDEM,
        etapa: 'respondido',
        rechazados: [],
      }),
    ]);
    expect(done.historial[0]?.detalle).toMatch(/^250/);
    const listed = await send(report.id_reporte);
    expect(listed.reporte.entrega).toEqual({ estado: 'entregado', motivo: null, total: 2, rechazados: [] });
    expect((await entregas(report.id_reporte)).entregas).toHaveLength(1);
  });

  it('a refused 4xx is retried after a backoff and delivered once', async () => {
    const report = await nextPending();
    await send(report.id_reporte);
    const { message_id } = await latest(report.id_reporte);
    smtp.refuseNext(1);
    const w = worker({ baseDelayMs: 60_000, maxDelayMs: 120_000 });
    await w.runOnce();
    const waiting = await latest(report.id_reporte);
    expect(waiting.estado).toBe('en_cola');
    expect(waiting.motivo).toContain('451');
    const wait = Date.parse(waiting.siguiente_intento ?? '') - Date.now();
    expect(wait).toBeGreaterThan(30_000);
    expect(wait).toBeLessThanOrEqual(60_000);
    expect(await w.runOnce()).toBe(0); // not due yet
    // The minute passes.
    await ctx.db
      .updateTable('entregas')
      .set({ siguiente_intento: sql`now()` })
      .where('message_id', '=', message_id)
      .execute();
    await w.drain();
    const done = await latest(report.id_reporte);
    expect(done.estado).toBe('entregado');
    expect(done.historial.map((h) => h.resultado)).toEqual(['entregado', 'error']);
    expect(smtp.received.filter((m) => m.messageId === message_id)).toHaveLength(1);
  });

  it('a server that is down gets its retries, then the delivery is fallido with the reason; Reintentar queues it again', async () => {
    const report = await nextPending();
    await send(report.id_reporte);
    const down = createSmtpTransport({ smtpUrl: `smtp://127.0.0.1:${await closedPort()}` });
    const w = worker({ transport: down });
    for (let i = 0; i < 10; i++) {
      await w.runOnce();
      if ((await latest(report.id_reporte)).estado === 'fallido') break;
      await sleep(10);
    }
    down.close();
    const failed = await latest(report.id_reporte);
    expect(failed.estado).toBe('fallido');
    expect(failed.intentos).toBe(failed.max_intentos);
    expect(failed.historial).toHaveLength(failed.max_intentos);
    expect(failed.motivo).toMatch(/ECONNREFUSED|connect/i);
    const listed = (
      (await ctx.request({ method: 'GET', url: '/api/reportes?cliente=UDEM' }, 'Supervisor')).json() as {
        reportes: ReportItem[];
      }
    ).reportes.find((r) => r.id_reporte === report.id_reporte);
    expect(listed?.entrega?.estado).toBe('fallido');
    expect(listed?.entrega?.motivo).toBe(failed.motivo);

    const retry = await ctx.request(
      { method: 'POST', url: `/api/reportes/${report.id_reporte}/entregas/reintentar` },
      'Supervisor',
    );
    expect(retry.statusCode, retry.body).toBe(200);
    const again = retry.json() as { entrega: Entrega };
    expect(again.entrega.estado).toBe('en_cola');
    expect(again.entrega.message_id).not.toBe(failed.message_id);
    const twice = await ctx.request(
      { method: 'POST', url: `/api/reportes/${report.id_reporte}/entregas/reintentar` },
      'Supervisor',
    );
    expect(twice.statusCode).toBe(409);
    await worker().drain();
    expect((await latest(report.id_reporte)).estado).toBe('entregado');
  });

  it('a crash after the hand-over and before the record sends nothing twice', async () => {
    const report = await nextPending();
    await send(report.id_reporte);
    const { message_id } = await latest(report.id_reporte);
    const crashing = worker({
      leaseMs: 60_000,
      afterHandOver: () => {
        throw new Error('proceso terminado');
      },
    });
    await expect(crashing.runOnce()).rejects.toThrow('proceso terminado');
    expect(smtp.received.filter((m) => m.messageId === message_id)).toHaveLength(1);
    const row = await ctx.db
      .selectFrom('entregas')
      .select(['estado', 'intentos'])
      .where('message_id', '=', message_id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ estado: 'enviando', intentos: 1 });

    // Another instance: nothing while the lease holds; after it, the same Message-ID again.
    const survivor = worker({ leaseMs: 60_000 });
    expect(await survivor.runOnce()).toBe(0);
    // The minute of the lease passes.
    await ctx.db
      .updateTable('entregas')
      .set({ bloqueado_hasta: sql`now() - interval '1 second'` })
      .where('message_id', '=', message_id)
      .execute();
    expect(await survivor.runOnce()).toBe(1);
    expect(smtp.duplicates).toContain(message_id);
    expect(smtp.received.filter((m) => m.messageId === message_id)).toHaveLength(1);
    // The refusal of the copy is recorded with the server's words (no row is left 'enviando').
    const after = await latest(report.id_reporte);
    expect(after.intentos).toBe(2);
    expect(after.historial[0]?.detalle).toContain('550');
    // The copy the server refused is the delivery it already holds: 'entregado' with a note, never
    // 'fallido' (whose 'Reintentar' would queue a new Message-ID, a real second copy).
    expect(after.estado).toBe('entregado');
    expect(after.motivo).toBeNull();
    // The lost attempt is in the history too, with how far it got: its whole body was out.
    expect(after.historial).toEqual([
      expect.objectContaining({ intento: 2, resultado: 'entregado', etapa: 'respondido' }),
      expect.objectContaining({ intento: 1, resultado: 'error', etapa: 'cuerpo_enviado' }),
    ]);
    expect(after.historial[1]?.detalle).toBe(
      'Intento interrumpido (mensaje enviado completo, sin recibir la respuesta del servidor)',
    );
    expect(after.historial[0]?.detalle).toContain(
      'El servidor rechazó la copia repetida: el mensaje ya se había entregado',
    );
    const retry = await ctx.request(
      { method: 'POST', url: `/api/reportes/${report.id_reporte}/entregas/reintentar` },
      'Supervisor',
    );
    expect(retry.statusCode).toBe(409);
    await send(report.id_reporte);
    expect(await worker().drain()).toBe(0);
    expect(smtp.received.filter((m) => m.messageId === message_id)).toHaveLength(1);
    expect(
      smtp.received.filter((m) => m.messageId.startsWith(`<reporte-${report.id_reporte}.`)),
    ).toHaveLength(1);
  });

  it('a permanent refusal without an interrupted attempt before it is fallido with the reason', async () => {
    const report = await nextPending();
    await send(report.id_reporte);
    const { message_id } = await latest(report.id_reporte);
    smtp.refuseNext(1, 554);
    await worker().runOnce();
    const failed = await latest(report.id_reporte);
    expect(failed.estado).toBe('fallido');
    expect(failed.intentos).toBe(1);
    expect(failed.motivo).toContain('554');
    expect(smtp.received.filter((m) => m.messageId === message_id)).toHaveLength(0);
  });

  it('repeated crashes mid-send stop at the attempt cap: fallido with the reason, never claimed again', async () => {
    const report = await nextPending();
    await send(report.id_reporte);
    const { message_id, max_intentos } = await latest(report.id_reporte);
    const expire = () =>
      ctx.db
        .updateTable('entregas')
        .set({ bloqueado_hasta: sql`now() - interval '1 second'` })
        .where('message_id', '=', message_id)
        .execute();
    // Every attempt's worker dies between the hand-over and the record (a transport that only counts).
    let sends = 0;
    const dying = worker({
      leaseMs: 60_000,
      transport: {
        transporte: 'smtp',
        send: async () => {
          sends += 1;
          return { response: '250 OK', rechazados: [] };
        },
        close() {},
      },
      afterHandOver: () => {
        throw new Error('proceso terminado');
      },
    });
    for (let i = 0; i < max_intentos; i++) {
      await expect(dying.runOnce()).rejects.toThrow('proceso terminado');
      await expire();
    }
    expect(sends).toBe(max_intentos);
    const before = smtp.received.length;
    expect(await worker().runOnce()).toBe(0);
    expect(smtp.received.length).toBe(before);
    const failed = await latest(report.id_reporte);
    expect(failed.estado).toBe('fallido');
    expect(failed.intentos).toBe(max_intentos);
    expect(failed.motivo).toBe(
      'Se agotaron los intentos: el último envío se interrumpió sin registrar la respuesta del servidor',
    );
    expect(failed.historial[0]).toMatchObject({ intento: max_intentos, resultado: 'error' });
    expect(await worker().runOnce()).toBe(0);
  });

  it('two workers on one database never both send a message (FOR UPDATE SKIP LOCKED)', async () => {
    const reports: ReportItem[] = [];
    for (let i = 0; i < 12; i++) reports.push(await nextPending());
    for (const r of reports) await send(r.id_reporte);
    const ids = await Promise.all(reports.map(async (r) => (await latest(r.id_reporte)).message_id));
    const before = smtp.received.length;
    const a = worker({ batchSize: 3 });
    const b = worker({ batchSize: 3 });
    const [na, nb] = await Promise.all([a.drain(), b.drain()]);
    expect(na + nb).toBe(reports.length);
    const got = smtp.received.slice(before).map((m) => m.messageId);
    expect(got.sort()).toEqual([...ids].sort());
    expect(smtp.duplicates.filter((d) => ids.includes(d))).toEqual([]);
  });

  it('Enviar for a client without recipients is refused (409) and changes nothing', async () => {
    const report = await nextPending('UANL');
    const res = await ctx.request(
      { method: 'POST', url: `/api/reportes/${report.id_reporte}/enviar` },
      'Supervisor',
    );
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toEqual({
      detail: 'El cliente no tiene destinatarios configurados',
      code: 'no_recipients',
    });
    const again = (await pendingOf('UANL')).find((r) => r.id_reporte === report.id_reporte);
    expect(again).toEqual(report);
    expect((await entregas(report.id_reporte)).entregas).toHaveLength(0);
  });

  it('a refusal after an attempt that never sent its body is fallido, and Reintentar delivers it', async () => {
    const report = await nextPending();
    await send(report.id_reporte);
    const { message_id } = await latest(report.id_reporte);
    // The server stops answering at RCPT: no body is ever sent; then this worker "dies" (kill -9).
    const hang = smtp.hangAtNextRcpt();
    const deadTransport = createSmtpTransport({ smtpUrl: smtp.url });
    const dead = worker({ transport: deadTransport, leaseMs: 60_000 }).runOnce();
    await hang.reached;
    const stuck = await ctx.db
      .selectFrom('entregas')
      .select(['estado', 'intentos', 'etapa'])
      .where('message_id', '=', message_id)
      .executeTakeFirstOrThrow();
    expect(stuck).toEqual({ estado: 'enviando', intentos: 1, etapa: 'conectado' });
    // Restart: the lease has run out; the server now refuses the message itself for good.
    await ctx.db
      .updateTable('entregas')
      .set({ bloqueado_hasta: sql`now() - interval '1 second'` })
      .where('message_id', '=', message_id)
      .execute();
    smtp.refuseNext(1, 554);
    expect(await worker({ leaseMs: 60_000 }).runOnce()).toBe(1);
    const failed = await latest(report.id_reporte);
    expect(failed.estado).toBe('fallido');
    expect(failed.motivo).toContain('554');
    expect(failed.historial).toEqual([
      expect.objectContaining({ intento: 2, resultado: 'error', etapa: 'respondido' }),
      expect.objectContaining({
        intento: 1,
        resultado: 'error',
        etapa: 'conectado',
        detalle: 'Intento interrumpido (conectado al servidor, sin aceptar el sobre)',
      }),
    ]);
    expect(smtp.received.filter((m) => m.messageId === message_id)).toHaveLength(0);

    // The dead attempt's connection ends later: it records nothing over the newer attempt.
    hang.release();
    await dead;
    deadTransport.close();
    expect((await latest(report.id_reporte)).historial).toHaveLength(2);

    const retry = await ctx.request(
      { method: 'POST', url: `/api/reportes/${report.id_reporte}/entregas/reintentar` },
      'Supervisor',
    );
    expect(retry.statusCode, retry.body).toBe(200);
    await worker().drain();
    const done = await latest(report.id_reporte);
    expect(done.estado).toBe('entregado');
    const copies = smtp.received.filter((m) => m.messageId.startsWith(`<reporte-${report.id_reporte}.`));
    expect(copies).toHaveLength(1);
    expect(copies[0]?.messageId).toBe(done.message_id);
  });

  it('a recipient refused at RCPT: entregado a 1 de 2 with its answer; Reintentar sends to it only', async () => {
    const [ok, refused] = UDEM as [string, string];
    const report = await nextPending();
    await send(report.id_reporte);
    smtp.refuseRecipients([refused]);
    try {
      await worker().drain();
    } finally {
      smtp.refuseRecipients([]);
    }
    const partial = await latest(report.id_reporte);
    expect(partial.estado).toBe('entregado');
    expect(partial.rechazados).toEqual([
      { destinatario: refused, respuesta: expect.stringContaining('550') },
    ]);
    expect(partial.historial[0]?.rechazados).toEqual(partial.rechazados);
    const first = smtp.received.filter((m) => m.messageId === partial.message_id);
    expect(first.map((m) => m.to)).toEqual([[ok]]);
    const listed = (await pendingOrSent(report.id_reporte))?.entrega;
    expect(listed).toEqual({ estado: 'entregado', motivo: null, total: 2, rechazados: partial.rechazados });

    const retry = await ctx.request(
      { method: 'POST', url: `/api/reportes/${report.id_reporte}/entregas/reintentar` },
      'Supervisor',
    );
    expect(retry.statusCode, retry.body).toBe(200);
    const again = (retry.json() as { entrega: Entrega }).entrega;
    expect(again).toMatchObject({ estado: 'en_cola', destinatarios: [refused] });
    await worker().drain();
    const done = await latest(report.id_reporte);
    expect(done).toMatchObject({ estado: 'entregado', rechazados: [], destinatarios: [refused] });
    expect(smtp.received.filter((m) => m.messageId === done.message_id).map((m) => m.to)).toEqual([
      [refused],
    ]);
    // Everyone has it now: nothing left to retry.
    const twice = await ctx.request(
      { method: 'POST', url: `/api/reportes/${report.id_reporte}/entregas/reintentar` },
      'Supervisor',
    );
    expect(twice.statusCode).toBe(409);
  });

  it('without SMTP_URL the message is written as a .eml file and the transport says archivo', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'socio-outbox-'));
    try {
      const report = await nextPending();
      await send(report.id_reporte);
      const { message_id } = await latest(report.id_reporte);
      await worker({ transport: createFileTransport(dir) }).drain();
      const files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const parsed = await simpleParser(readFileSync(path.join(dir, files[0] as string)));
      expect(parsed.messageId).toBe(message_id);
      expect(parsed.attachments[0]?.content.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      const done = await latest(report.id_reporte);
      expect(done.estado).toBe('entregado');
      expect(done.historial[0]?.detalle).toContain('outbox');
      const t = await ctx.request({ method: 'GET', url: '/api/entregas/transporte' }, 'Supervisor');
      expect(t.json()).toEqual({ transporte: 'archivo' });
      expect((await entregas(report.id_reporte)).transporte).toBe('archivo');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the outbox row and the status change commit together (a failed insert leaves the report pending)', async () => {
    const report = await nextPending();
    // Break the outbox for this one transaction's duration: a trigger that refuses the insert.
    await sql`CREATE FUNCTION entregas_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'sin outbox'; END $$`.execute(
      ctx.db,
    );
    await sql`CREATE TRIGGER entregas_refuse BEFORE INSERT ON entregas FOR EACH ROW EXECUTE FUNCTION entregas_refuse()`.execute(
      ctx.db,
    );
    try {
      const res = await ctx.request(
        { method: 'POST', url: `/api/reportes/${report.id_reporte}/enviar` },
        'Supervisor',
      );
      expect(res.statusCode).toBe(500);
    } finally {
      await sql`DROP TRIGGER entregas_refuse ON entregas`.execute(ctx.db);
      await sql`DROP FUNCTION entregas_refuse()`.execute(ctx.db);
    }
    const again = (await pendingOf('UDEM')).find((r) => r.id_reporte === report.id_reporte);
    expect(again?.estatus).toBe('Pendiente');
    expect((await entregas(report.id_reporte)).entregas).toHaveLength(0);
  });
});
