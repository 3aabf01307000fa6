/** The hour counters of assignments kept by triggers (migration 0005_tablero), shared by cargas and the dashboard. */
import { sql } from 'kysely';

export const HOUR_MS = 3_600_000;

/** Which date of an assignment a count is about (`campo` of the hour counters). */
export const CAMPO = { fecha_asignacion: 0, fecha_completada: 1, fecha_cancelada: 2 } as const;

/**
 * UTC hour number of a boundary. Every boundary of the dashboard (local midnights in Mexico City) is a
 * whole hour; one that is not would be rounded up to the next hour.
 */
export function hourOf(instant: Date): number {
  return Math.ceil(instant.getTime() / HOUR_MS);
}

/** The hour counters of everybody, or of one visitor: the table and the owner filter to append. */
export function hourCounters(visitorId?: number) {
  return visitorId === undefined
    ? { table: sql`asignacion_horas_todos`, owner: sql`` }
    : { table: sql`asignacion_horas`, owner: sql`AND id_usuario = ${visitorId}` };
}
