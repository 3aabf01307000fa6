import { DIA, ETAPA, embudoAplicar } from './0006_embudo_anual';
import { FOLIOS_DEL_CAMBIO } from './0016_embudo_rango_folios';
import type { Migration } from './index';

/**
 * 0019: the funnel trigger (0006) takes a shorter way for assignments of folios without funnel rows (issue 21
 * item 2) — a carga's, whose folios are (mostly) new. An INSERT whose range of `id_folio` has no row in
 * `folio_embudo` (one probe of its primary key) has no stage before it: every folio and visitor starts from zero,
 * so nothing is looked up, nothing is taken off, and each row of `folio_embudo` it writes is its whole count.
 * The transition rows are sorted once by folio and visitor; window functions over that order give each
 * visitor's counts and the folio's (`par`), with no hash of a million groups to spill; each (folio, visitor) is
 * joined once to `folios` for its day and gives its visitor's row and, the folio's first, everybody's.
 * Any other statement (an update, a delete, a folio that already had assignments) goes the general way, as before.
 * Same rows in `folio_embudo` and `folio_embudo_dias`. CREATE OR REPLACE resets a function's settings: 0011's,
 * 0014's and 0017's are given again.
 */
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
              count(*) FILTER (WHERE estatus IN ('asignada', 'agendada')) OVER v AS ab,
              count(*) FILTER (WHERE estatus = 'completada') OVER v AS co,
              count(*) FILTER (WHERE estatus = 'cancelada') OVER v AS ca,
              count(*) FILTER (WHERE estatus IN ('asignada', 'agendada')) OVER f AS fab,
              count(*) FILTER (WHERE estatus = 'completada') OVER f AS fco,
              count(*) FILTER (WHERE estatus = 'cancelada') OVER f AS fca,
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
          SELECT x.id_usuario, ${DIA('f.created_at')} AS dia, x.etapa, count(*) AS total
          FROM par p JOIN folios f ON f.id_folio = p.id_folio AND f.id_folio BETWEEN lo AND hi
          CROSS JOIN LATERAL (VALUES (p.id_usuario, ${ETAPA('p.ab', 'p.co', 'p.ca')}),
            (0, CASE WHEN p.nf = 1 THEN ${ETAPA('p.fab', 'p.fco', 'p.fca')} ELSE 0 END)) x (id_usuario, etapa)
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
  name: '0019_embudo_carga_nueva',
  up: /* sql */ `
CREATE OR REPLACE FUNCTION folio_embudo_aplicar() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off SET jit = off SET enable_sort = off AS $fn$
${embudoAplicar(FOLIOS_DEL_CAMBIO, true, NUEVOS)}
$fn$;
`,
};
