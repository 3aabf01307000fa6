import { DIA } from './0002_cargas';
import { HOUR } from './0005_tablero';
import type { Migration } from './index';

/**
 * 0015: the counter triggers of asignaciones (0002's `asignacion_conteos_aplicar`, 0005's
 * `asignacion_horas_aplicar`) read their transition rows once (issue 21 item 2: confirmar's cost). Each ran one
 * statement per counter table and each statement read the statement's rows again — 0002 three times, 0005 seven
 * (its event rows are three scans, the assignment, completion and cancellation hours, and it built them twice).
 * A 100,000-row confirmar read them ten times for these two triggers. Now each function groups the rows once at
 * the finest key its tables need (a carga's 100,000 rows are a few dozen groups) and fills every table from that.
 *
 * Same counts: a table's total per key is the sum of the same deltas, grouped in two steps instead of one; the
 * keys of each table are still written in order (ORDER BY), and the three tables in one fixed order per function.
 */

/**
 * One statement adding the deltas of `delta` — rows `(id_usuario, estatus, fecha_asignacion, d)` — to
 * asignacion_conteos, asignacion_dias and asignacion_dias_todos.
 */
function conteos(delta: string): string {
  return `    WITH x AS (
      SELECT id_usuario, estatus, ${DIA} AS dia, sum(d) AS d FROM (${delta}) r GROUP BY 1, 2, 3
    ),
    conteos AS (
      INSERT INTO asignacion_conteos AS c (id_usuario, estatus, total)
      SELECT id_usuario, estatus, sum(d) FROM x GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
      ON CONFLICT (id_usuario, estatus) DO UPDATE SET total = c.total + EXCLUDED.total
    ),
    dias AS (
      INSERT INTO asignacion_dias AS c (id_usuario, estatus, dia, total)
      SELECT id_usuario, estatus, dia, sum(d) FROM x GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (id_usuario, estatus, dia) DO UPDATE SET total = c.total + EXCLUDED.total
    )
    INSERT INTO asignacion_dias_todos AS c (estatus, dia, total)
      SELECT estatus, dia, sum(d) FROM x GROUP BY 1, 2 HAVING sum(d) <> 0 ORDER BY 1, 2
      ON CONFLICT (estatus, dia) DO UPDATE SET total = c.total + EXCLUDED.total;`;
}

/**
 * One statement adding the deltas of `delta` — rows `(id_usuario, id_cliente, estatus, fecha_asignacion,
 * fecha_completada, fecha_cancelada, d)` — to asignacion_horas_todos, asignacion_horas (the hour of the assignment,
 * campo 0, and of its completion, 1, and cancellation, 2, when it has them) and asignacion_clientes.
 */
function horas(delta: string): string {
  return `    WITH x AS (
      SELECT id_usuario, coalesce(id_cliente, 0) AS id_cliente, estatus, ${HOUR('fecha_asignacion')} AS h0,
        ${HOUR('fecha_completada')} AS h1, ${HOUR('fecha_cancelada')} AS h2, sum(d) AS d
      FROM (${delta}) r GROUP BY 1, 2, 3, 4, 5, 6
    ),
    ev AS (
      SELECT x.id_usuario, v.campo, v.hora, x.estatus, x.d
      FROM x CROSS JOIN LATERAL (VALUES (0, x.h0), (1, x.h1), (2, x.h2)) v (campo, hora)
      WHERE v.campo = 0 OR v.hora IS NOT NULL
    ),
    todos AS (
      INSERT INTO asignacion_horas_todos AS c (campo, hora, estatus, total)
      SELECT campo, hora, estatus, sum(d) FROM ev GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (campo, hora, estatus) DO UPDATE SET total = c.total + EXCLUDED.total
    ),
    horas AS (
      INSERT INTO asignacion_horas AS c (id_usuario, campo, hora, estatus, total)
      SELECT id_usuario, campo, hora, estatus, sum(d) FROM ev GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0
      ORDER BY 1, 2, 3, 4
      ON CONFLICT (id_usuario, campo, hora, estatus) DO UPDATE SET total = c.total + EXCLUDED.total
    )
    INSERT INTO asignacion_clientes AS c (id_usuario, id_cliente, estatus, total)
      SELECT id_usuario, id_cliente, estatus, sum(d) FROM x GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
      ON CONFLICT (id_usuario, id_cliente, estatus) DO UPDATE SET total = c.total + EXCLUDED.total;`;
}

const CONTEO_COLS = 'id_usuario, estatus, fecha_asignacion';
const HORA_COLS = 'id_usuario, id_cliente, estatus, fecha_asignacion, fecha_completada, fecha_cancelada';
const rows = (cols: string, src: string, sign: number) => `SELECT ${cols}, ${sign} AS d FROM ${src}`;

/** The body of a counter trigger function: `apply` of its INSERT, DELETE and UPDATE rows. */
function trigger(name: string, cols: string, apply: (delta: string) => string): string {
  return `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
${apply(rows(cols, 'nuevas', 1))}
  ELSIF TG_OP = 'DELETE' THEN
${apply(rows(cols, 'viejas', -1))}
  ELSE
${apply(`${rows(cols, 'nuevas', 1)} UNION ALL ${rows(cols, 'viejas', -1)}`)}
  END IF;
  RETURN NULL;
END
$fn$;`;
}

export const migration0015: Migration = {
  name: '0015_contadores_una_lectura',
  up: /* sql */ `
${trigger('asignacion_conteos_aplicar', CONTEO_COLS, conteos)}

${trigger('asignacion_horas_aplicar', HORA_COLS, horas)}
`,
};
