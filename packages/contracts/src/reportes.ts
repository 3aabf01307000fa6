import { z } from 'zod';
import { entregaResumenSchema } from './entregas';

export const REPORTE_ESTATUS = ['Pendiente', 'Enviado'] as const;
export const reporteEstatusSchema = z.enum(REPORTE_ESTATUS);
export type ReporteEstatus = z.infer<typeof reporteEstatusSchema>;

/** Largest PDF accepted by `POST /api/reportes` (20 MB). */
export const MAX_REPORT_PDF_BYTES = 20 * 1024 * 1024;

export const REPORTES_MESSAGES = {
  notFound: 'Reporte no encontrado',
  noPending: 'No hay reportes pendientes para descargar',
  noneSelected: 'Por favor selecciona al menos un reporte',
  invalidPdf: 'El archivo debe ser un PDF válido',
  pdfTooLarge: 'El archivo es demasiado grande. El tamaño máximo es 20MB.',
  pdfMissing: 'Debes adjuntar el PDF del reporte',
  unknownCliente: 'Cliente no encontrado',
  sent: 'Reporte enviado exitosamente',
  marked: (n: number) => `${n} reporte(s) marcado(s) como enviado`,
  created: 'Reporte guardado exitosamente',
} as const;

/** One report of the list. `id` is the folio; `id_reporte` identifies it in the other calls. */
export const reportItemSchema = z.object({
  id: z.string(),
  id_reporte: z.number().int(),
  visitador: z.string(),
  cliente: z.string(),
  /** 'dd/mm/yy' as the old client showed it. */
  fechaRecibido: z.string(),
  /** ISO date 'YYYY-MM-DD'. */
  fecha_recibido: z.string(),
  notas: z.string(),
  estatus: reporteEstatusSchema,
  /** Its latest e-mail delivery (en cola / entregado / fallido), null when never sent by e-mail. */
  entrega: entregaResumenSchema.nullable().optional(),
});
export type ReportItem = z.infer<typeof reportItemSchema>;

/**
 * `GET /api/reportes?cliente=&q=` — `cliente` is an id_cliente or a client name (any case);
 * `q` is a case-insensitive substring over folio, visitador and cliente.
 */
export const reportesQuerySchema = z.object({
  cliente: z.string().trim().max(100).optional(),
  q: z.string().trim().max(100).optional(),
});
export type ReportesQuery = z.infer<typeof reportesQuerySchema>;

export const reportesListResponseSchema = z.object({ reportes: z.array(reportItemSchema) });
export type ReportesListResponse = z.infer<typeof reportesListResponseSchema>;

/** `GET /api/reportes/pendientes/descarga?cliente=` (zip). */
export const pendientesQuerySchema = z.object({ cliente: z.string().trim().max(100).optional() });
export type PendientesQuery = z.infer<typeof pendientesQuerySchema>;

/** `POST /api/reportes/marcar_enviados` `{ ids: id_reporte[] }`. */
export const marcarEnviadosRequestSchema = z.object({
  ids: z
    .array(z.coerce.number().int().positive(), { error: REPORTES_MESSAGES.noneSelected })
    .min(1, REPORTES_MESSAGES.noneSelected)
    .max(10_000),
});
export type MarcarEnviadosRequest = z.input<typeof marcarEnviadosRequestSchema>;

export const marcarEnviadosResponseSchema = z.object({
  detail: z.string(),
  actualizados: z.number().int(),
  reportes: z.array(reportItemSchema),
});
export type MarcarEnviadosResponse = z.infer<typeof marcarEnviadosResponseSchema>;

/** `POST /api/reportes/{id}/enviar`. */
export const enviarReporteResponseSchema = z.object({ detail: z.string(), reporte: reportItemSchema });
export type EnviarReporteResponse = z.infer<typeof enviarReporteResponseSchema>;

/** Text fields of `POST /api/reportes` (multipart, plus a `file` part holding the PDF). */
export const createReporteFieldsSchema = z.object({
  folio: z.string().trim().min(1, 'Campo requerido').max(100),
  cliente: z.string().trim().min(1, 'Campo requerido').max(100),
  notas: z.string().trim().max(2000).default(''),
  /** id_usuario of the visitor who did the study; optional (defaults to the folio's latest assignment). */
  id_visitador: z.coerce.number().int().positive().optional(),
});
export type CreateReporteFields = z.input<typeof createReporteFieldsSchema>;

export const createReporteResponseSchema = z.object({ detail: z.string(), reporte: reportItemSchema });
export type CreateReporteResponse = z.infer<typeof createReporteResponseSchema>;

/** '2026-03-07' → '07/03/26'. */
export function toFechaRecibido(isoDate: string): string {
  const [y = '', m = '', d = ''] = isoDate.slice(0, 10).split('-');
  return `${d}/${m}/${y.slice(2)}`;
}
