import { isValidDestinatario, MAX_DESTINATARIOS } from '@socio/contracts';
import { clientesMessages as m } from './messages.es';

/** The address as stored: trimmed and lowercased. */
export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase();
}

/** Why `value` cannot join `list` (Spanish), or null when it can. */
export function destinatarioError(value: string, list: readonly string[]): string | null {
  const email = normalizeEmail(value);
  if (!isValidDestinatario(email)) return m.invalidEmail;
  if (list.includes(email)) return m.duplicateEmail;
  if (list.length >= MAX_DESTINATARIOS) return m.tooMany;
  return null;
}

/** Whether two recipient lists hold the same addresses in the same order. */
export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
