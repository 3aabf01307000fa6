/**
 * Pieces every module's repo shares when it turns rows into wire types (the repos are the one layer that
 * does): timestamps as ISO text, a person's full name in SQL, the wire state of a stored delivery.
 */
import type { EntregaEstado } from '@socio/contracts';
import { sql } from 'kysely';
import type { EntregaEstadoStored } from './schema-entregas';

/** A timestamp column as ISO 8601 text (null stays null). */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null): string | null;
export function iso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

/**
 * A person's name, 'Nombres Paterno Materno' trimmed, of the `usuarios` row joined as `alias`; null when
 * the join found no user (an empty name reads as null too).
 */
export function personNameSql(alias: 'u' | 'p' | 'v') {
  return sql<
    string | null
  >`nullif(trim(${sql.ref(`${alias}.nombres`)} || ' ' || ${sql.ref(`${alias}.apellido_paterno`)} || ' ' || ${sql.ref(`${alias}.apellido_materno`)}), '')`;
}

/**
 * The visitor's name, 'Nombres Paterno Materno' trimmed, of the `usuarios` row joined as `u` (an
 * assignment's or a report's visitor); null when the join found no user.
 */
export const VISITOR_NAME_SQL = sql<string>`trim(u.nombres || ' ' || u.apellido_paterno || ' ' || u.apellido_materno)`;

/** The state a delivery shows on the wire: one being handed over ('enviando') is still 'en_cola'. */
export function toWireEntregaEstado(stored: EntregaEstadoStored): EntregaEstado {
  return stored === 'enviando' ? 'en_cola' : stored;
}
