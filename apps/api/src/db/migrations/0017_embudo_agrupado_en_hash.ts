import { embudoAplicar } from './0006_embudo_anual';
import { FOLIOS_DEL_CAMBIO } from './0016_embudo_rango_folios';
import type { Migration } from './index';

/**
 * 0017: the funnel trigger (0006) adds up its day rows in a hash instead of sorting them (issue 21 item 2). Its
 * last statement groups two rows per folio and visitor (the stage before, the stage after) into one row per
 * visitor, day and stage — a carga's rows fall into a few dozen groups — and the planner, trusting the
 * transition table's small estimate (134 rows for 2,097,150), sorted them all to group them: a 1,048,575-row
 * confirmar sorted 2,097,150 rows on disk (external merge, 53 MB) for 21 groups (auto_explain, PostgreSQL 15).
 * Now the groups are made in a CTE of their own (`HASHED_DAYS` of 0006) and `enable_sort = off` for the function
 * makes the planner hash them; the sorts the statement must do (its ORDER BY, the lock order of its upserts) still
 * happen. Same results. bench:confirm A/B (PostgreSQL 15, same template): 1,048,575 rows 58.8 → 56.9 s (the
 * server's CPU 49.1 → 46.7 s); 100,000 rows unchanged (4.9 s). CREATE OR REPLACE resets a function's settings:
 * 0011's, 0014's and 0016's are given again.
 */
export const migration0017: Migration = {
  name: '0017_embudo_agrupado_en_hash',
  up: /* sql */ `
CREATE OR REPLACE FUNCTION folio_embudo_aplicar() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off SET jit = off SET enable_sort = off AS $fn$
${embudoAplicar(FOLIOS_DEL_CAMBIO, true)}
$fn$;
`,
};
