import type { ReportItem } from '@socio/contracts';
import { ApiError, InvalidResponseError } from '@socio/features/errors';
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './client';
import { createFakeHttp } from './fake-http.test-util';
import { createHttpReportesPort } from './reportes';

const reporte: ReportItem = {
  id: 'TEC-2026-0001',
  id_reporte: 7,
  visitador: 'Juan Pérez López',
  cliente: 'Tec de Monterrey',
  fechaRecibido: '07/03/26',
  fecha_recibido: '2026-03-07',
  notas: '',
  estatus: 'Pendiente',
};

describe('createHttpReportesPort', () => {
  it('list reads GET /reportes?cliente= and unwraps reportes, passing the abort signal', async () => {
    const { http, calls } = createFakeHttp(() => ({ reportes: [reporte] }));
    const signal = new AbortController().signal;
    await expect(createHttpReportesPort(http).list('1', { signal })).resolves.toEqual([reporte]);
    expect(calls).toEqual([{ method: 'GET', path: '/reportes?cliente=1', init: { signal } }]);
  });

  it('findFolio reads GET /reportes?q= of every client and keeps only the folio matches', async () => {
    const otro = { ...reporte, id: 'UANL-2026-0002', id_reporte: 8, cliente: 'UANL', visitador: 'Tec Ruiz' };
    const { http, calls } = createFakeHttp(() => ({ reportes: [reporte, otro] }));
    // 'Tec Ruiz' matches `q` by the visitador's name only: not a folio match.
    await expect(createHttpReportesPort(http).findFolio('tec')).resolves.toEqual([reporte]);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /reportes?q=tec']);
  });

  it('pdf reads GET /reportes/{id}/pdf as a Blob, asking for application/pdf', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.4 …');
    const seen: string[] = [];
    const http = createHttpClient({
      baseUrl: '/api',
      getToken: () => 'token',
      fetch: async (input, init) => {
        const headers = new Headers(init?.headers);
        seen.push(
          `${init?.method} ${String(input)} ${headers.get('accept')} ${headers.get('authorization')}`,
        );
        // Bytes, not a jsdom Blob: Node's Response does not read jsdom's Blob.
        return new Response(bytes, { headers: { 'content-type': 'application/pdf' } });
      },
    });
    const blob = await createHttpReportesPort(http).pdf(7);
    expect(Array.from(new Uint8Array(await blob.arrayBuffer()))).toEqual(Array.from(bytes));
    expect(seen).toEqual(['GET /api/reportes/7/pdf application/pdf Bearer token']);
  });

  it('markSent posts { ids } to /reportes/marcar_enviados and returns the answer', async () => {
    const answer = {
      detail: '1 reporte(s) marcado(s) como enviado',
      actualizados: 1,
      reportes: [{ ...reporte, estatus: 'Enviado' }],
    };
    const { http, calls } = createFakeHttp(() => answer);
    await expect(createHttpReportesPort(http).markSent([7, 8])).resolves.toEqual(answer);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/reportes/marcar_enviados',
      body: { ids: [7, 8] },
    });
  });

  it('send posts to /reportes/{id}/enviar and unwraps reporte', async () => {
    const sent = { ...reporte, estatus: 'Enviado' as const };
    const { http, calls } = createFakeHttp(() => ({ detail: 'Reporte enviado exitosamente', reporte: sent }));
    await expect(createHttpReportesPort(http).send(7)).resolves.toEqual(sent);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/reportes/7/enviar' });
  });

  it('downloadPending reads the zip with the file name of Content-Disposition', async () => {
    const seen: string[] = [];
    const http = createHttpClient({
      baseUrl: '/api',
      getToken: () => 'token',
      fetch: async (input, init) => {
        seen.push(`${init?.method} ${String(input)} ${new Headers(init?.headers).get('accept')}`);
        return new Response(new TextEncoder().encode('PK…'), {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="reportes_pendientes_UANL_20261120.zip"',
          },
        });
      },
    });
    const file = await createHttpReportesPort(http).downloadPending('2');
    expect(file.fileName).toBe('reportes_pendientes_UANL_20261120.zip');
    expect(await file.blob.text()).toBe('PK…');
    expect(seen).toEqual(['GET /api/reportes/pendientes/descarga?cliente=2 application/zip']);
  });

  it('downloadPending says it started once the answer arrives, before the zip is read; never on a refusal', async () => {
    let push: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = controller;
      },
    });
    const http = createHttpClient({
      baseUrl: '/api',
      getToken: () => 'token',
      fetch: async () => new Response(body, { headers: { 'content-type': 'application/zip' } }),
    });
    const events: string[] = [];
    const file = createHttpReportesPort(http)
      .downloadPending('2', { onStarted: () => events.push('started') })
      .then((answer) => {
        events.push('read');
        return answer;
      });
    await vi.waitFor(() => expect(events).toEqual(['started']));
    push?.enqueue(new TextEncoder().encode('PK'));
    push?.close();
    expect(await (await file).blob.text()).toBe('PK');
    expect(events).toEqual(['started', 'read']);

    const { http: refusing } = createFakeHttp(() => {
      throw new ApiError(404, 'No hay reportes pendientes para descargar');
    });
    const onStarted = vi.fn();
    await expect(createHttpReportesPort(refusing).downloadPending('2', { onStarted })).rejects.toMatchObject({
      status: 404,
    });
    expect(onStarted).not.toHaveBeenCalled();
  });

  it('downloadPending lets the 404 "no pending" through as ApiError', async () => {
    const { http } = createFakeHttp(() => {
      throw new ApiError(404, 'No hay reportes pendientes para descargar');
    });
    await expect(createHttpReportesPort(http).downloadPending('2')).rejects.toMatchObject({ status: 404 });
  });

  it('create sends multipart fields and the PDF through the upload transport, with progress and token', async () => {
    const progress = vi.fn();
    const sent: { url: string; headers: Headers; body: FormData }[] = [];
    const uploadTransport = (onProgress?: (fraction: number) => void): typeof fetch => {
      return async (input, init) => {
        onProgress?.(0.5);
        onProgress?.(1);
        sent.push({ url: String(input), headers: new Headers(init?.headers), body: init?.body as FormData });
        return Response.json({ detail: 'Reporte guardado exitosamente', reporte }, { status: 201 });
      };
    };
    const { http, calls } = createFakeHttp(() => {
      throw new Error('the upload must not go through fetch');
    });
    const file = new File(['%PDF-1.4'], 'estudio.pdf', { type: 'application/pdf' });
    const created = await createHttpReportesPort(http, { uploadTransport }).create(
      { folio: 'TEC-2026-0001', cliente: '1', notas: 'Listo', file },
      { onProgress: progress },
    );
    expect(created).toEqual(reporte);
    expect(calls).toEqual([]);
    expect(progress.mock.calls).toEqual([[0.5], [1]]);
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.url).toBe('http://api.test/api/reportes');
    expect(request?.headers.get('authorization')).toBe('Bearer token');
    // The browser sets the multipart boundary itself.
    expect(request?.headers.get('content-type')).toBeNull();
    expect(request?.body.get('folio')).toBe('TEC-2026-0001');
    expect(request?.body.get('cliente')).toBe('1');
    expect(request?.body.get('notas')).toBe('Listo');
    expect((request?.body.get('file') as File | undefined)?.name).toBe('estudio.pdf');
  });

  it('create: a 401 ends the session and a 422 comes back as ApiError with its detail', async () => {
    const onUnauthorized = vi.fn();
    let status = 401;
    const http = createHttpClient({ baseUrl: '/api', getToken: () => 'token', onUnauthorized });
    const port = createHttpReportesPort(http, {
      uploadTransport: () => async () =>
        Response.json(
          { detail: status === 401 ? 'No autenticado' : 'El archivo debe ser un PDF válido' },
          { status },
        ),
    });
    const input = { folio: 'X', cliente: '1', notas: '', file: new Blob(['hola']) };
    await expect(port.create(input)).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    status = 422;
    await expect(port.create(input)).rejects.toMatchObject({
      status: 422,
      detail: 'El archivo debe ser un PDF válido',
    });
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  const entrega = {
    id_entrega: 3,
    id_reporte: 7,
    estado: 'fallido',
    destinatarios: ['reportes@tec.example'],
    message_id: '<reporte-7.x@socioeconomico.local>',
    intentos: 6,
    max_intentos: 6,
    siguiente_intento: null,
    motivo: 'connect ECONNREFUSED',
    rechazados: [],
    creado: '2026-11-20T16:00:00.000Z',
    entregado: null,
    historial: [
      {
        intento: 6,
        fecha: '2026-11-20T16:30:00.000Z',
        destinatarios: ['reportes@tec.example'],
        resultado: 'error',
        detalle: 'connect ECONNREFUSED',
        etapa: null,
        rechazados: [],
      },
    ],
  };

  it('entregas reads GET /reportes/{id}/entregas with the transport', async () => {
    const { http, calls } = createFakeHttp(() => ({ entregas: [entrega], transporte: 'archivo' }));
    await expect(createHttpReportesPort(http).entregas(7)).resolves.toEqual({
      entregas: [entrega],
      transporte: 'archivo',
    });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /reportes/7/entregas']);
  });

  it('retryEntrega posts to /reportes/{id}/entregas/reintentar and unwraps the delivery', async () => {
    const queued = { ...entrega, id_entrega: 4, estado: 'en_cola', motivo: null, intentos: 0 };
    const { http, calls } = createFakeHttp(() => ({ detail: 'Entrega en cola de nuevo', entrega: queued }));
    await expect(createHttpReportesPort(http).retryEntrega(7)).resolves.toEqual(queued);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /reportes/7/entregas/reintentar']);
  });

  it('a delivery history that breaks its schema throws InvalidResponseError', async () => {
    const { http } = createFakeHttp(() => ({ entregas: [{ estado: 'perdido' }], transporte: 'smtp' }));
    await expect(createHttpReportesPort(http).entregas(7)).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('a list that breaks its schema throws InvalidResponseError (the screen shows its load error)', async () => {
    const { http } = createFakeHttp(() => ({ reportes: [{ id: 7 }] }));
    await expect(createHttpReportesPort(http).list('1')).rejects.toBeInstanceOf(InvalidResponseError);
  });
});
