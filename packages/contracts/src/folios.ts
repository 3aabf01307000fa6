/**
 * A folio's whole life in one place (issue 20): the top-bar suggestions and the ficha del folio.
 * A Visitador sees only folios assigned to them (the server answers 404 for any other).
 */
import { z } from 'zod';
import { asignacionEstatusSchema, MAX_FOLIO_SEARCH } from './cargas';
import { entregaEstadoSchema } from './entregas';
import { reporteEstatusSchema } from './reportes';

/** Fewest characters before the top bar asks for suggestions. */
export const FOLIO_SUGGEST_MIN_CHARS = 3;
/** Most suggestions answered. */
export const FOLIO_SUGGEST_LIMIT = 8;

export const FOLIOS_MESSAGES = {
  notFound: (folio: string) => `No se encontró el folio ${folio}`,
} as const;

/** `GET /folios/sugerencias?q=`: folios whose name starts with `q` (any case), any client. */
export const folioSuggestQuerySchema = z.object({
  q: z
    .string({ error: 'Campo requerido' })
    .trim()
    .min(1, 'Campo requerido')
    .max(MAX_FOLIO_SEARCH, `Máximo ${MAX_FOLIO_SEARCH} caracteres`),
});
export type FolioSuggestQuery = z.infer<typeof folioSuggestQuerySchema>;

export const folioSuggestionSchema = z.object({
  folio: z.string(),
  cliente: z.string().nullable(),
  /** Status of its latest assignment; null when it never had one. */
  estatus: asignacionEstatusSchema.nullable(),
});
export type FolioSuggestion = z.infer<typeof folioSuggestionSchema>;
export const folioSuggestResponseSchema = z.object({ folios: z.array(folioSuggestionSchema) });
export type FolioSuggestResponse = z.infer<typeof folioSuggestResponseSchema>;

/** `GET /folios/:folio`. */
export const folioParamsSchema = z.object({
  folio: z
    .string()
    .trim()
    .min(1, 'Campo requerido')
    .max(MAX_FOLIO_SEARCH, `Máximo ${MAX_FOLIO_SEARCH} caracteres`),
});

const text = z.string().nullable();

/** The folio's own data as loaded. */
export const folioDatosSchema = z.object({
  folio: z.string(),
  cliente: text,
  producto: text,
  nombre_alumno: text,
  campus_ingreso: text,
  correo_alumno: text,
  tel1: text,
  tel2: text,
  tel3: text,
  tel4: text,
  nombre_padre: text,
  correo_padre: text,
  nombre_madre: text,
  correo_madre: text,
  direccion: text,
  estado: text,
  codigo_postal: text,
  /** ISO timestamp of its first load. */
  creado: z.string(),
});
export type FolioDatos = z.infer<typeof folioDatosSchema>;

export const folioAsignacionSchema = z.object({
  id_asignacion: z.number().int(),
  id_usuario: z.number().int(),
  visitador: z.string().nullable(),
  estatus: asignacionEstatusSchema,
  /** ISO timestamps. */
  fecha_asignacion: z.string(),
  fecha_agendada: z.string().nullable(),
  fecha_completada: z.string().nullable(),
  fecha_cancelada: z.string().nullable(),
});
export type FolioAsignacion = z.infer<typeof folioAsignacionSchema>;

/** One move in the folio's life, from the audit log: who did what to which assignment, when. */
export const folioEventoSchema = z.object({
  id_asignacion: z.number().int(),
  /** ISO timestamp. */
  fecha: z.string(),
  accion: z.enum(['asignada', 'estatus', 'reasignada']),
  /** The status reached (estatus moves), or null. */
  estatus: asignacionEstatusSchema.nullable(),
  /** Who made the move (null: the system or an unknown user). */
  por: z.string().nullable(),
  /** Reassignments: the visitor it went to. */
  visitador: z.string().nullable(),
});
export type FolioEvento = z.infer<typeof folioEventoSchema>;

export const folioReporteSchema = z.object({
  id_reporte: z.number().int(),
  cliente: z.string(),
  estatus: reporteEstatusSchema,
  /** 'YYYY-MM-DD'. */
  fecha_recibido: z.string(),
});
export type FolioReporte = z.infer<typeof folioReporteSchema>;

export const folioEntregaSchema = z.object({
  id_entrega: z.number().int(),
  id_reporte: z.number().int(),
  estado: entregaEstadoSchema,
  destinatarios: z.array(z.string()),
  /** ISO timestamps. */
  creado: z.string(),
  entregado: z.string().nullable(),
});
export type FolioEntrega = z.infer<typeof folioEntregaSchema>;

export const folioFichaSchema = z.object({
  datos: folioDatosSchema,
  asignaciones: z.array(folioAsignacionSchema),
  historial: z.array(folioEventoSchema),
  reportes: z.array(folioReporteSchema),
  entregas: z.array(folioEntregaSchema),
});
export type FolioFicha = z.infer<typeof folioFichaSchema>;
