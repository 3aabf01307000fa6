/**
 * E-mail delivery of reports (transactional outbox) and the recipients of each client.
 * Wire names keep the product's Spanish spelling.
 */
import { z } from 'zod';

/** States of one delivery: queued, handed to the mail server, or given up. */
export const ENTREGA_ESTADOS = ['en_cola', 'entregado', 'fallido'] as const;
export const entregaEstadoSchema = z.enum(ENTREGA_ESTADOS);
export type EntregaEstado = z.infer<typeof entregaEstadoSchema>;

/**
 * How far one attempt got with the mail server: connected (greeting and EHLO answered), envelope
 * accepted (sender and a recipient; DATA answered 354), body sent (the whole message and its final
 * dot written out), answer received (the server answered the message).
 */
export const ETAPAS_ENVIO = ['conectado', 'sobre_aceptado', 'cuerpo_enviado', 'respondido'] as const;
export const etapaEnvioSchema = z.enum(ETAPAS_ENVIO);
export type EtapaEnvio = z.infer<typeof etapaEnvioSchema>;

/** A recipient the mail server refused (at RCPT) while the others got the message, with its answer. */
export const rechazoSchema = z.object({ destinatario: z.string(), respuesta: z.string() });
export type Rechazo = z.infer<typeof rechazoSchema>;

/** How the server delivers: real SMTP, or `.eml` files under DATA_DIR/outbox/ (no SMTP_URL). */
export const TRANSPORTE_MODOS = ['smtp', 'archivo'] as const;
export const transporteModoSchema = z.enum(TRANSPORTE_MODOS);
export type TransporteModo = z.infer<typeof transporteModoSchema>;

/** Most recipients of one client. */
export const MAX_DESTINATARIOS = 20;

export const ENTREGAS_MESSAGES = {
  invalidEmail: 'Ingresa un correo electrónico válido',
  duplicateEmail: 'Este correo ya está en la lista',
  tooMany: `Máximo ${MAX_DESTINATARIOS} destinatarios por cliente`,
  clienteNotFound: 'Cliente no encontrado',
  saved: 'Destinatarios actualizados',
  noRecipients: 'El cliente no tiene destinatarios configurados',
  retried: 'Entrega en cola de nuevo',
  notRetryable: 'Solo se puede reintentar una entrega fallida o con destinatarios rechazados',
  /** 'Reintentar' when every recipient configured today already received the report. */
  allReceived: 'Todos los destinatarios configurados ya recibieron el reporte',
  noDelivery: 'El reporte no tiene entregas',
} as const;

/** The e-mail rule shared by the Clientes screen and the server. */
export const destinatarioSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, ENTREGAS_MESSAGES.invalidEmail)
  .pipe(z.email({ error: ENTREGAS_MESSAGES.invalidEmail }));

/** Whether `value` is an acceptable recipient address. */
export function isValidDestinatario(value: string): boolean {
  return destinatarioSchema.safeParse(value).success;
}

export const clienteDestinatariosSchema = z.object({
  id_cliente: z.number().int(),
  nombre: z.string(),
  destinatarios: z.array(z.string()),
});
export type ClienteDestinatarios = z.infer<typeof clienteDestinatariosSchema>;

/** `GET /api/clientes/destinatarios`. */
export const clientesDestinatariosResponseSchema = z.object({
  clientes: z.array(clienteDestinatariosSchema),
});
export type ClientesDestinatariosResponse = z.infer<typeof clientesDestinatariosResponseSchema>;

/** `PUT /api/clientes/{id}/destinatarios`. An empty list pauses delivery to the client. */
export const updateDestinatariosRequestSchema = z.object({
  destinatarios: z
    .array(destinatarioSchema)
    .max(MAX_DESTINATARIOS, ENTREGAS_MESSAGES.tooMany)
    .refine((list) => new Set(list).size === list.length, ENTREGAS_MESSAGES.duplicateEmail),
});
export type UpdateDestinatariosRequest = z.input<typeof updateDestinatariosRequestSchema>;

export const updateDestinatariosResponseSchema = z.object({
  detail: z.string(),
  cliente: clienteDestinatariosSchema,
});
export type UpdateDestinatariosResponse = z.infer<typeof updateDestinatariosResponseSchema>;

/** The delivery state shown beside a report's Estatus (its latest delivery). */
export const entregaResumenSchema = z.object({
  estado: entregaEstadoSchema,
  /** Why it failed, or the last error while it retries; null otherwise. */
  motivo: z.string().nullable(),
  /** How many addresses it was sent to. */
  total: z.number().int(),
  /** Those the server refused while the others got it ('entregado a 1 de 2'); empty otherwise. */
  rechazados: z.array(rechazoSchema),
});
export type EntregaResumen = z.infer<typeof entregaResumenSchema>;

/** One attempt of a delivery: when, to whom, what the mail server answered. */
export const entregaIntentoSchema = z.object({
  intento: z.number().int(),
  /** ISO timestamp. */
  fecha: z.string(),
  destinatarios: z.array(z.string()),
  resultado: z.enum(['entregado', 'error']),
  detalle: z.string(),
  /** How far it got; null when it never connected (or was recorded before this was kept). */
  etapa: etapaEnvioSchema.nullable(),
  /** Recipients the server refused in this attempt, with its answer. */
  rechazados: z.array(rechazoSchema),
});
export type EntregaIntento = z.infer<typeof entregaIntentoSchema>;

/** One delivery (one 'Enviar reportes' or 'Reintentar'), with its attempts. */
export const entregaSchema = z.object({
  id_entrega: z.number().int(),
  id_reporte: z.number().int(),
  estado: entregaEstadoSchema,
  destinatarios: z.array(z.string()),
  message_id: z.string(),
  intentos: z.number().int(),
  max_intentos: z.number().int(),
  /** ISO timestamp of the next try while en cola; null otherwise. */
  siguiente_intento: z.string().nullable(),
  motivo: z.string().nullable(),
  /** Recipients the server refused while the others got it: 'Reintentar' sends to these only. */
  rechazados: z.array(rechazoSchema),
  /** ISO timestamps. */
  creado: z.string(),
  entregado: z.string().nullable(),
  historial: z.array(entregaIntentoSchema),
});
export type Entrega = z.infer<typeof entregaSchema>;

/** `GET /api/reportes/{id}/entregas`: newest first, and how the server delivers. */
export const entregasResponseSchema = z.object({
  entregas: z.array(entregaSchema),
  transporte: transporteModoSchema,
});
export type EntregasResponse = z.infer<typeof entregasResponseSchema>;

/** `POST /api/reportes/{id}/entregas/reintentar`. */
export const reintentarEntregaResponseSchema = z.object({ detail: z.string(), entrega: entregaSchema });
export type ReintentarEntregaResponse = z.infer<typeof reintentarEntregaResponseSchema>;

/** `GET /api/entregas/transporte`. */
export const transporteResponseSchema = z.object({ transporte: transporteModoSchema });
export type TransporteResponse = z.infer<typeof transporteResponseSchema>;

/** What the rules below read of a delivery (the server's rows and the wire's deliveries alike). */
interface EntregaDestinos {
  estado: string;
  destinatarios: readonly string[];
  rechazados: readonly Rechazo[];
}

/** 'Reintentar' applies to a report's latest delivery when it failed, or reached only some recipients. */
export function isRetryable(latest: EntregaDestinos): boolean {
  return latest.estado === 'fallido' || (latest.estado === 'entregado' && latest.rechazados.length > 0);
}

/**
 * The recipients of `configured` (the client's today) that none of a report's deliveries reached:
 * a delivered one reached its recipients except those the server refused. 'Reintentar' sends to these.
 */
export function notYetReceived(
  configured: readonly string[],
  entregas: readonly EntregaDestinos[],
): string[] {
  const received = new Set(
    entregas
      .filter((e) => e.estado === 'entregado')
      .flatMap((e) => e.destinatarios.filter((d) => !e.rechazados.some((r) => r.destinatario === d))),
  );
  return configured.filter((d) => !received.has(d));
}

/** The summary a report's row carries of its latest delivery. */
export function entregaResumen(latest: Entrega): EntregaResumen {
  return {
    estado: latest.estado,
    motivo: latest.estado === 'entregado' ? null : latest.motivo,
    total: latest.destinatarios.length,
    rechazados: latest.rechazados,
  };
}
