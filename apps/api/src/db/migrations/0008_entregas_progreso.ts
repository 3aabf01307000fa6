import type { Migration } from './index';

/**
 * 0008 (issue 22): what a delivery's attempts really got to, and which recipients the server refused.
 *
 * - `etapa` (on `entregas`: the attempt holding the lease; on `entrega_intentos`: where each recorded
 *   attempt stopped): 'conectado' (greeting and EHLO answered), 'sobre_aceptado' (sender and at least
 *   one recipient accepted, DATA answered 354), 'cuerpo_enviado' (the whole message and its final dot
 *   written out, no answer yet), 'respondido' (the server answered the message). NULL: not even
 *   connected (or recorded before this migration). Only an attempt that stopped at 'cuerpo_enviado' may
 *   have left a copy at the server, so only then does a refused repeat count as delivered.
 * - `rechazados` ([{ destinatario, respuesta }]): the recipients the server refused at RCPT, with its
 *   answer, while the others got the message ('entregado a 1 de 2'; 'Reintentar' sends to them only).
 *
 * Self-contained (only ALTER TABLE ... ADD COLUMN), so it can be renumbered if another 0008 lands first.
 */
export const migration0008: Migration = {
  name: '0008_entregas_progreso',
  up: `
ALTER TABLE entregas
  ADD COLUMN etapa text CHECK (etapa IN ('conectado', 'sobre_aceptado', 'cuerpo_enviado', 'respondido')),
  ADD COLUMN rechazados jsonb NOT NULL DEFAULT '[]'::jsonb;
ALTER TABLE entrega_intentos
  ADD COLUMN etapa text CHECK (etapa IN ('conectado', 'sobre_aceptado', 'cuerpo_enviado', 'respondido')),
  ADD COLUMN rechazados jsonb NOT NULL DEFAULT '[]'::jsonb;
`,
};
