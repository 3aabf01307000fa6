import { destinatarioSchema, MAX_DESTINATARIOS } from '@socio/contracts';
import { z } from 'zod';
import { clientesMessages as m } from './messages.es';

/** List checks run only on an address that is already valid, so one message shows at a time. */
const onceValid = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

/**
 * The 'Agregar correo' form (zod, read by react-hook-form through zodResolver): the contracts' recipient
 * rule (`destinatarioSchema`, the one the server checks), then not already in `list` and room for one more.
 * Its output is the address as stored.
 */
export function newDestinatarioSchema(list: readonly string[]) {
  return z.object({
    email: destinatarioSchema
      .refine((email) => !list.includes(email), { ...onceValid, error: m.duplicateEmail, abort: true })
      .refine(() => list.length < MAX_DESTINATARIOS, { ...onceValid, error: m.tooMany }),
  });
}
export type NewDestinatarioInput = z.input<ReturnType<typeof newDestinatarioSchema>>;
export type NewDestinatarioValues = z.output<ReturnType<typeof newDestinatarioSchema>>;

/** Whether two recipient lists hold the same addresses in the same order. */
export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
