import type { Migration } from './index';

/**
 * 0010 (issue 20): finding any folio in one step at 5,000,000 assignments.
 *
 * - Prefix search of folios, any case: `upper(folio)` in the C collation, so `LIKE 'TEC-2026-004%'` is a
 *   range scan of the index whatever the database's collation (on `folios` for the top-bar suggestions, on
 *   `asignaciones` for the Cargas search box).
 * - The estado filter of Cargas: `(estado, fecha_asignacion, id)`, `(estado, estatus, fecha_asignacion, id)` and
 *   `(id_usuario, estado, fecha_asignacion, id)`, the sort keys of the list behind equalities, like the existing
 *   visitor and status indexes.
 * - `asignacion_estado_dias` (estado, id_usuario, estatus, dia): assignments per state, visitor, status and
 *   UTC day, so the count behind 'de Z resultados' and the filtered statistics add up at most a few thousand
 *   counter rows for any filter involving a state. Kept exact by a statement-level trigger with transition
 *   tables, like the counters of 0002. The state is the assignment's copy (`''` when it has none).
 *
 * Self-contained (new objects only), so it can be renumbered if another 0010 lands first.
 */
const DIA = 'floor(extract(epoch FROM fecha_asignacion) / 86400)::int';

function upsert(delta: string): string {
  return `    INSERT INTO asignacion_estado_dias AS c (estado, id_usuario, estatus, dia, total)
      SELECT estado, id_usuario, estatus, dia, sum(d) FROM (${delta}) x
      GROUP BY 1, 2, 3, 4 HAVING sum(d) <> 0 ORDER BY 1, 2, 3, 4
      ON CONFLICT (estado, id_usuario, estatus, dia) DO UPDATE SET total = c.total + EXCLUDED.total;`;
}
const rows = (src: string, sign: number) =>
  `SELECT coalesce(estado, '') AS estado, id_usuario, estatus, ${DIA} AS dia, ${sign} AS d FROM ${src}`;

export const migration0010: Migration = {
  name: '0010_busqueda_folios',
  up: /* sql */ `
CREATE INDEX folios_folio_prefijo_idx ON folios ((upper(folio) COLLATE "C"));
CREATE INDEX asignaciones_folio_prefijo_idx ON asignaciones ((upper(folio) COLLATE "C"));
CREATE INDEX asignaciones_estado_fecha_idx ON asignaciones (estado, fecha_asignacion, id_asignacion);
CREATE INDEX asignaciones_estado_estatus_idx ON asignaciones (estado, estatus, fecha_asignacion, id_asignacion);
-- A visitor and a state together (correlated: a visitor works one state): without it the planner walks the
-- date index filtering both (224 ms for page 1,000 at 5,000,000 assignments).
CREATE INDEX asignaciones_usuario_estado_idx ON asignaciones (id_usuario, estado, fecha_asignacion, id_asignacion);

CREATE TABLE asignacion_estado_dias (
  estado text NOT NULL,
  id_usuario integer NOT NULL,
  estatus text NOT NULL,
  dia integer NOT NULL,
  total bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (estado, id_usuario, estatus, dia)
);
${upsert(rows('asignaciones', 1))}

CREATE FUNCTION asignacion_estado_dias_aplicar() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF TG_OP = 'INSERT' THEN
${upsert(rows('nuevas', 1))}
  ELSIF TG_OP = 'DELETE' THEN
${upsert(rows('viejas', -1))}
  ELSE
${upsert(`${rows('nuevas', 1)} UNION ALL ${rows('viejas', -1)}`)}
  END IF;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER asignaciones_estado_dias_ins AFTER INSERT ON asignaciones
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION asignacion_estado_dias_aplicar();
CREATE TRIGGER asignaciones_estado_dias_upd AFTER UPDATE ON asignaciones
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION asignacion_estado_dias_aplicar();
CREATE TRIGGER asignaciones_estado_dias_del AFTER DELETE ON asignaciones
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION asignacion_estado_dias_aplicar();

CREATE FUNCTION asignacion_estado_dias_vaciar() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM asignacion_estado_dias;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER asignaciones_estado_dias_trunc AFTER TRUNCATE ON asignaciones
  FOR EACH STATEMENT EXECUTE FUNCTION asignacion_estado_dias_vaciar();
`,
};
