import type { Migration } from './index';

/**
 * 0006: the yearly summary of Inicio as a funnel of the folios received each year (issue 14 item 4).
 *
 * Before, 'Asignados' counted assignment rows by their own date and 'Recibidos' folios by theirs: a
 * reassigned folio counted twice and a folio received in December and assigned in January moved year, so
 * a year could show more assigned than received. Now every count of year Y is about the folios received
 * (created) in Y, each in exactly one stage given by its assignments:
 *
 *   etapa 3 completado  at least one assignment completed;
 *   etapa 1 en curso    otherwise, at least one assignment open (asignada or agendada);
 *   etapa 2 cancelado   otherwise, at least one assignment, all of them cancelled;
 *   (no row)            never assigned.
 *
 * Recibidos = folios received in Y (folio_horas, 0005); Asignados = stages 1 + 2 + 3; Completados = stage 3;
 * Cancelados = stage 2. So recibidos ≥ asignados ≥ completados + cancelados, and a reassignment (a cancelled
 * assignment followed by a new one) leaves the folio counted once, in the stage of its new assignment.
 * A Visitador's summary is the same funnel over that visitor's own assignments of each folio.
 *
 * - `folio_embudo` (id_folio, id_usuario): how many of the folio's assignments of that visitor are open,
 *   completed and cancelled (rows with all three at 0 are deleted). At most one row per assignment.
 * - `folio_embudo_dias` (id_usuario, dia, etapa): folios per stage by the day the folio was received
 *   (days of Mexico City, see DIA: a year is 365 rows per stage, not 8,760 hours); `id_usuario = 0` is
 *   everybody (the stage of the folio over all its assignments), any other value one visitor.
 *
 * Kept exact by statement-level triggers with transition tables, like the counters of 0002 and 0005: on
 * asignaciones (every insert, update, delete, truncate) and on folios (a changed `created_at` moves the
 * folio's stages to its new day).
 */
/**
 * Day of the dashboard's calendar: whole days since 1970-01-01 06:00 UTC, i.e. midnight in Mexico City
 * (UTC-6; every 1 January there is in standard time), so the dashboard's local years are whole days.
 */
export const DIA = (col: string) => `floor((extract(epoch FROM ${col}) - 21600) / 86400)::int`;

/** Stage of a folio (or of one visitor's share of it) from its counts; 0 = not counted. */
export const ETAPA = (ab: string, co: string, ca: string) =>
  `CASE WHEN ${co} > 0 THEN 3 WHEN ${ab} > 0 THEN 1 WHEN ${ca} > 0 THEN 2 ELSE 0 END`;

/**
 * Which of a folio's counts an assignment adds to, by its `estatus` (the conditions the funnel's counts are made of:
 * open, completed, cancelled), keyed as the counts are named in these statements.
 */
export const CUENTA = {
  ab: `estatus IN ('asignada', 'agendada')`,
  co: `estatus = 'completada'`,
  ca: `estatus = 'cancelada'`,
} as const;

/** Rows `(id_folio, id_usuario, estatus, d)` of the assignments in `src`, each counted `sign`. */
function rows(src: string, sign: number): string {
  return `SELECT id_folio, id_usuario, estatus, ${sign} AS d FROM ${src}`;
}

/**
 * One statement applying the assignment rows `delta` (see `rows`) to `folio_embudo` and the stage
 * changes they cause to `folio_embudo_dias`. Every CTE reads the counts as they were before the
 * statement; the new counts are the old ones plus the delta. `folios` (0016): more conditions on the join to
 * `folios f` (AND …), none here. `hashed` (0017): the day rows grouped apart from their ORDER BY (`HASHED_DAYS`).
 */
function apply(delta: string, folios = '', hashed = false): string {
  return `    WITH delta AS (
      SELECT id_folio, id_usuario,
        sum(CASE WHEN ${CUENTA.ab} THEN d ELSE 0 END)::int AS ab,
        sum(CASE WHEN ${CUENTA.co} THEN d ELSE 0 END)::int AS co,
        sum(CASE WHEN ${CUENTA.ca} THEN d ELSE 0 END)::int AS ca
      FROM (${delta}) x
      GROUP BY id_folio, id_usuario
    ),
    cambio AS (SELECT * FROM delta WHERE ab <> 0 OR co <> 0 OR ca <> 0),
    visitador AS (
      SELECT c.id_folio, c.id_usuario,
        coalesce(e.abiertas, 0) AS ab, coalesce(e.completadas, 0) AS co, coalesce(e.canceladas, 0) AS ca,
        c.ab AS dab, c.co AS dco, c.ca AS dca
      FROM cambio c LEFT JOIN folio_embudo e ON e.id_folio = c.id_folio AND e.id_usuario = c.id_usuario
    ),
    antes AS (
      SELECT e.id_folio, sum(e.abiertas)::int AS ab, sum(e.completadas)::int AS co, sum(e.canceladas)::int AS ca
      FROM folio_embudo e WHERE e.id_folio IN (SELECT id_folio FROM cambio)
      GROUP BY e.id_folio
    ),
    todos AS (
      SELECT c.id_folio, 0 AS id_usuario,
        coalesce(a.ab, 0) AS ab, coalesce(a.co, 0) AS co, coalesce(a.ca, 0) AS ca, c.dab, c.dco, c.dca
      FROM (SELECT id_folio, sum(ab)::int AS dab, sum(co)::int AS dco, sum(ca)::int AS dca FROM cambio GROUP BY id_folio) c
      LEFT JOIN antes a ON a.id_folio = c.id_folio
    ),
    guardar AS (
      INSERT INTO folio_embudo AS e (id_folio, id_usuario, abiertas, completadas, canceladas)
      SELECT id_folio, id_usuario, ab, co, ca FROM cambio ORDER BY id_folio, id_usuario
      ON CONFLICT (id_folio, id_usuario) DO UPDATE SET
        abiertas = e.abiertas + EXCLUDED.abiertas,
        completadas = e.completadas + EXCLUDED.completadas,
        canceladas = e.canceladas + EXCLUDED.canceladas
    ),
    etapas AS (
      SELECT id_folio, id_usuario, ${ETAPA('ab', 'co', 'ca')} AS etapa, -1 AS d FROM (
        SELECT * FROM visitador UNION ALL SELECT * FROM todos) v
      UNION ALL
      SELECT id_folio, id_usuario, ${ETAPA('ab + dab', 'co + dco', 'ca + dca')}, 1 FROM (
        SELECT * FROM visitador UNION ALL SELECT * FROM todos) v
    )${hashed ? ',' : ''}
${hashed ? HASHED_DAYS(folios) : SORTED_DAYS(folios)}
      ON CONFLICT (id_usuario, dia, etapa) DO UPDATE SET total = c.total + EXCLUDED.total;`;
}

/** The day rows of `etapas` added up and written in key order (0006: grouped by sorting them). */
const SORTED_DAYS = (
  folios: string,
) => `    INSERT INTO folio_embudo_dias AS c (id_usuario, dia, etapa, total)
      SELECT s.id_usuario, ${DIA('f.created_at')}, s.etapa, sum(s.d)
      FROM etapas s JOIN folios f ON f.id_folio = s.id_folio
      WHERE s.etapa > 0${folios}
      GROUP BY 1, 2, 3 HAVING sum(s.d) <> 0 ORDER BY 1, 2, 3`;

/**
 * The same rows grouped on their own (0017), so that only the groups are sorted for the ORDER BY: with the ORDER BY
 * on the grouping statement, a sort of every row was the planner's only way even with sorting discouraged.
 */
const HASHED_DAYS = (folios: string) => `    dias AS MATERIALIZED (
      SELECT s.id_usuario, ${DIA('f.created_at')} AS dia, s.etapa, sum(s.d) AS total
      FROM etapas s JOIN folios f ON f.id_folio = s.id_folio
      WHERE s.etapa > 0${folios}
      GROUP BY 1, 2, 3 HAVING sum(s.d) <> 0
    )
    INSERT INTO folio_embudo_dias AS c (id_usuario, dia, etapa, total)
      SELECT id_usuario, dia, etapa, total FROM dias ORDER BY 1, 2, 3`;

/** Rows emptied by a delete or update (every count back to 0) are dropped. */
const PRUNE = `    DELETE FROM folio_embudo e USING (SELECT DISTINCT id_folio, id_usuario FROM viejas) v
      WHERE e.id_folio = v.id_folio AND e.id_usuario = v.id_usuario
        AND e.abiertas = 0 AND e.completadas = 0 AND e.canceladas = 0;`;

/**
 * The body of `folio_embudo_aplicar` (`folios`, `hashed`: see `apply`). `first` (0019): statements run before the
 * general ones (a block that may return early).
 */
export function embudoAplicar(folios = '', hashed = false, first = ''): string {
  return `BEGIN
${first}  IF TG_OP = 'INSERT' THEN
${apply(rows('nuevas', 1), folios, hashed)}
  ELSIF TG_OP = 'DELETE' THEN
${apply(rows('viejas', -1), folios, hashed)}
${PRUNE}
  ELSE
${apply(`${rows('nuevas', 1)} UNION ALL ${rows('viejas', -1)}`, folios, hashed)}
${PRUNE}
  END IF;
  RETURN NULL;
END`;
}

export const migration0006: Migration = {
  name: '0006_embudo_anual',
  up: /* sql */ `
CREATE TABLE folio_embudo (
  id_folio integer NOT NULL,
  id_usuario integer NOT NULL,
  abiertas integer NOT NULL DEFAULT 0,
  completadas integer NOT NULL DEFAULT 0,
  canceladas integer NOT NULL DEFAULT 0,
  PRIMARY KEY (id_folio, id_usuario)
);
CREATE TABLE folio_embudo_dias (
  id_usuario integer NOT NULL,
  dia integer NOT NULL,
  etapa smallint NOT NULL,
  total bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (id_usuario, dia, etapa)
);

INSERT INTO folio_embudo (id_folio, id_usuario, abiertas, completadas, canceladas)
  SELECT id_folio, id_usuario,
    count(*) FILTER (WHERE ${CUENTA.ab}),
    count(*) FILTER (WHERE ${CUENTA.co}),
    count(*) FILTER (WHERE ${CUENTA.ca})
  FROM asignaciones GROUP BY id_folio, id_usuario;
INSERT INTO folio_embudo_dias (id_usuario, dia, etapa, total)
  SELECT s.id_usuario, ${DIA('f.created_at')}, s.etapa, count(*)
  FROM (
    SELECT id_folio, id_usuario, ${ETAPA('abiertas', 'completadas', 'canceladas')} AS etapa FROM folio_embudo
    UNION ALL
    SELECT id_folio, 0, ${ETAPA('sum(abiertas)', 'sum(completadas)', 'sum(canceladas)')}
    FROM folio_embudo GROUP BY id_folio
  ) s JOIN folios f ON f.id_folio = s.id_folio
  WHERE s.etapa > 0
  GROUP BY 1, 2, 3;

CREATE FUNCTION folio_embudo_aplicar() RETURNS trigger LANGUAGE plpgsql AS $fn$
${embudoAplicar()}
$fn$;
CREATE TRIGGER asignaciones_embudo_ins AFTER INSERT ON asignaciones
  REFERENCING NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION folio_embudo_aplicar();
CREATE TRIGGER asignaciones_embudo_upd AFTER UPDATE ON asignaciones
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION folio_embudo_aplicar();
CREATE TRIGGER asignaciones_embudo_del AFTER DELETE ON asignaciones
  REFERENCING OLD TABLE AS viejas FOR EACH STATEMENT EXECUTE FUNCTION folio_embudo_aplicar();

-- A folio whose created_at moves to another day takes its stages along (per visitor and for everybody).
CREATE FUNCTION folio_embudo_mover() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  WITH movidos AS (
    SELECT n.id_folio, ${DIA('v.created_at')} AS antes, ${DIA('n.created_at')} AS ahora
    FROM nuevas n JOIN viejas v ON v.id_folio = n.id_folio
    WHERE ${DIA('v.created_at')} <> ${DIA('n.created_at')}
  ),
  etapas AS (
    SELECT e.id_folio, e.id_usuario, ${ETAPA('e.abiertas', 'e.completadas', 'e.canceladas')} AS etapa
    FROM folio_embudo e WHERE e.id_folio IN (SELECT id_folio FROM movidos)
    UNION ALL
    SELECT e.id_folio, 0, ${ETAPA('sum(e.abiertas)', 'sum(e.completadas)', 'sum(e.canceladas)')}
    FROM folio_embudo e WHERE e.id_folio IN (SELECT id_folio FROM movidos) GROUP BY e.id_folio
  )
  INSERT INTO folio_embudo_dias AS c (id_usuario, dia, etapa, total)
    SELECT id_usuario, dia, etapa, sum(d) FROM (
      SELECT s.id_usuario, m.antes AS dia, s.etapa, -1 AS d FROM etapas s JOIN movidos m USING (id_folio)
      UNION ALL
      SELECT s.id_usuario, m.ahora, s.etapa, 1 FROM etapas s JOIN movidos m USING (id_folio)
    ) x
    WHERE etapa > 0
    GROUP BY 1, 2, 3 HAVING sum(d) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (id_usuario, dia, etapa) DO UPDATE SET total = c.total + EXCLUDED.total;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER folios_embudo_upd AFTER UPDATE ON folios
  REFERENCING OLD TABLE AS viejas NEW TABLE AS nuevas FOR EACH STATEMENT EXECUTE FUNCTION folio_embudo_mover();

CREATE FUNCTION folio_embudo_vaciar() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  DELETE FROM folio_embudo;
  DELETE FROM folio_embudo_dias;
  RETURN NULL;
END
$fn$;
CREATE TRIGGER asignaciones_embudo_trunc AFTER TRUNCATE ON asignaciones
  FOR EACH STATEMENT EXECUTE FUNCTION folio_embudo_vaciar();
`,
};
