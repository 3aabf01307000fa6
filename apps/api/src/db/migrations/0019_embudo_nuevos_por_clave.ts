import { CUENTA, DIA, ETAPA, embudoAplicar } from './0006_embudo_anual';
import { FOLIOS_DEL_CAMBIO } from './0016_embudo_rango_folios';
import type { Migration } from './index';

/**
 * 0019: the funnel trigger (0006) takes a shorter way for assignments of folios without funnel rows (issue 21
 * item 2) — a carga's, whose folios are (mostly) new. An INSERT whose range of `id_folio` has no row in
 * `folio_embudo` (one probe of its primary key) has no stage before it: every folio and visitor starts from zero,
 * so nothing is looked up, nothing is taken off, and each row it writes to `folio_embudo` is new — a plain insert,
 * not an upsert (an upsert of a million rows cost about three times the insert, measured on a copy of the table).
 * The writers of asignaciones are serialised (lockAssignmentWrites), so no other transaction adds those rows
 * meanwhile; if one did, the insert would fail instead of counting a stage twice.
 * The transition rows are sorted once by folio and visitor; window functions over that order give each
 * visitor's counts and the folio's (`par`, written in that order), with no hash of a million groups to spill;
 * each (folio, visitor) looks its folio's day up in `folios` once and gives its visitor's row and, the folio's
 * first, everybody's. That lookup is a LATERAL probe of `folios`' key (OFFSET 0 keeps it one), so its plan does
 * not depend on statistics: as a join, on the demo database's statistics the planner rescanned `par` for every
 * folio (a 150,000-row confirmar ran 15 min in CI before this was reverted and done again). The pairs are counted
 * by visitor, reception time and both stages first (a carga's million pairs fall into a few dozen groups), and
 * only those groups get their day (DIA's numeric arithmetic) and their two rows: computing both for every pair
 * took ~2.5 of the trigger's 8.4 s at 1,048,575 rows. Any other statement (an update, a delete, a folio that
 * already had assignments in the range) goes the general way, as before. Same rows in `folio_embudo` and
 * `folio_embudo_dias`. CREATE OR REPLACE resets a function's settings: 0011's, 0014's and 0017's are given again.
 * Named apart from the first version of 0019 (`0019_embudo_carga_nueva`), reverted after CI's databases applied
 * it: a database that ran that one runs this one too.
 */
/** The three counts of 0006 (`CUENTA`) over window `w`, named `<prefix>ab`, `<prefix>co`, `<prefix>ca`. */
const COUNTS = (w: string, prefix: string) =>
  (['ab', 'co', 'ca'] as const)
    .map((k) => `              count(*) FILTER (WHERE ${CUENTA[k]}) OVER ${w} AS ${prefix}${k}`)
    .join(',\n');

const NUEVOS = `  DECLARE
    lo integer;
    hi integer;
  BEGIN
    IF TG_OP = 'INSERT' THEN
      SELECT min(id_folio), max(id_folio) INTO lo, hi FROM nuevas;
      IF NOT EXISTS (SELECT 1 FROM folio_embudo e WHERE e.id_folio BETWEEN lo AND hi) THEN
        WITH par AS MATERIALIZED (
          SELECT id_folio, id_usuario, ab, co, ca, fab, fco, fca, nf FROM (
            SELECT id_folio, id_usuario,
${COUNTS('v', '')},
${COUNTS('f', 'f')},
              row_number() OVER v AS nv, row_number() OVER f AS nf
            FROM nuevas
            WINDOW f AS (PARTITION BY id_folio ORDER BY id_usuario
                ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING),
              v AS (PARTITION BY id_folio, id_usuario ORDER BY id_usuario
                ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)
          ) w WHERE nv = 1
        ),
        guardar AS (
          INSERT INTO folio_embudo (id_folio, id_usuario, abiertas, completadas, canceladas)
          SELECT id_folio, id_usuario, ab, co, ca FROM par
        ),
        dias AS MATERIALIZED (
          SELECT x.id_usuario, ${DIA('g.creado')} AS dia, x.etapa, sum(g.n) AS total
          FROM (
            SELECT p.id_usuario, f.created_at AS creado, ${ETAPA('p.ab', 'p.co', 'p.ca')} AS ev,
              CASE WHEN p.nf = 1 THEN ${ETAPA('p.fab', 'p.fco', 'p.fca')} ELSE 0 END AS ef, count(*) AS n
            FROM par p
            CROSS JOIN LATERAL (SELECT f.created_at FROM folios f WHERE f.id_folio = p.id_folio OFFSET 0) f
            GROUP BY 1, 2, 3, 4
          ) g
          CROSS JOIN LATERAL (VALUES (g.id_usuario, g.ev), (0, g.ef)) x (id_usuario, etapa)
          WHERE x.etapa > 0
          GROUP BY 1, 2, 3
        )
        INSERT INTO folio_embudo_dias AS c (id_usuario, dia, etapa, total)
          SELECT id_usuario, dia, etapa, total FROM dias ORDER BY 1, 2, 3
          ON CONFLICT (id_usuario, dia, etapa) DO UPDATE SET total = c.total + EXCLUDED.total;
        RETURN NULL;
      END IF;
    END IF;
  END;
`;

export const migration0019: Migration = {
  name: '0019_embudo_nuevos_por_clave',
  up: /* sql */ `
CREATE OR REPLACE FUNCTION folio_embudo_aplicar() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off SET jit = off SET enable_sort = off AS $fn$
${embudoAplicar(FOLIOS_DEL_CAMBIO, true, NUEVOS)}
$fn$;
`,
};
