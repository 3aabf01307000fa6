/** Texts shared by every feature (es-MX). */
export const errorMessages = {
  /** Detail of a failure without a server text (read by `errorDetail`). */
  networkDetail: 'no se pudo conectar con el servidor',
  unknownDetail: 'error inesperado',
  invalidResponseDetail: 'respuesta inválida del servidor',
} as const;

/**
 * Texts more than one feature shows, declared once. The ui's own words (retry, cancel) come from
 * `messagesEs` of @socio/ui.
 */
export const sharedMessages = {
  sessionExpired: 'Sesión expirada. Por favor, inicia sesión nuevamente.',
} as const;
