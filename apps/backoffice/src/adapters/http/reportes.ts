import { apiRoutes } from '@socio/contracts';
import { type ReportesPort, withFolio } from '@socio/features/reportes';
import type { HttpClient } from './client';
import { xhrTransport } from './xhr-transport';

const { reportes } = apiRoutes;

export interface HttpReportesOptions {
  /** How an upload is sent; XMLHttpRequest (upload progress) by default. Tests inject their own. */
  uploadTransport?: (onProgress?: (fraction: number) => void) => typeof fetch;
}

/** ReportesPort over the API (`apiRoutes.reportes`). */
export function createHttpReportesPort(
  http: HttpClient,
  { uploadTransport = xhrTransport }: HttpReportesOptions = {},
): ReportesPort {
  return {
    list: async (cliente, o) =>
      (await http.call(reportes.list, { query: { cliente }, signal: o?.signal })).reportes,
    // `q` also matches visitador and cliente names: only the folio matches are kept.
    findFolio: async (folio, o) =>
      withFolio((await http.call(reportes.list, { query: { q: folio }, signal: o?.signal })).reportes, folio),
    pdf: async (id, o) => (await http.callFile(reportes.pdf, { params: { id }, signal: o?.signal })).blob,
    markSent: (ids) => http.call(reportes.markSent, { body: { ids } }),
    send: async (id) => (await http.call(reportes.send, { params: { id } })).reporte,
    downloadPending: async (cliente, o) => {
      const { blob, fileName } = await http.callFile(reportes.downloadPending, {
        query: { cliente },
        signal: o?.signal,
        onStarted: o?.onStarted,
      });
      return { blob, fileName: fileName ?? 'reportes_pendientes.zip' };
    },
    create: async (input, o) => {
      const form = new FormData();
      form.append('folio', input.folio);
      form.append('cliente', input.cliente);
      form.append('notas', input.notas);
      // The file part goes last: the server reads the fields first.
      const name = input.file instanceof File ? input.file.name : `${input.folio}.pdf`;
      form.append('file', input.file, name);
      const answer = await http.call(reportes.create, {
        body: form,
        signal: o?.signal,
        transport: uploadTransport(o?.onProgress),
      });
      return answer.reporte;
    },
    entregas: (id, o) => http.call(reportes.entregas, { params: { id }, signal: o?.signal }),
    retryEntrega: async (id) => (await http.call(reportes.retryEntrega, { params: { id } })).entrega,
  };
}
