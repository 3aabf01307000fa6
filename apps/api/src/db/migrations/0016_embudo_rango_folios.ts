import { embudoAplicar } from './0006_embudo_anual';
import type { Migration } from './index';

/**
 * 0016: the funnel trigger (0006) reads only the folios of its statement's range of `id_folio` (issue 21: a
 * confirmar's cost must follow the carga, not the table). Its last join, from the stages to `folios` for each
 * folio's day, was planned for a carga as a merge join over `folios_pkey` from its first entry: a 100,000-row
 * confirmar on a database of 1,100,000 folios read all 1,100,000 (auto_explain, PostgreSQL 15), and with
 * millions of folios that read grows with every carga. The stages' folios all come from `cambio`, so the join
 * now also says `f.id_folio BETWEEN min AND max` of `cambio` — true of every row it keeps — and the index is read
 * from there: a carga's new folios have consecutive ids, so it reads about the carga's own rows.
 * Same results. CREATE OR REPLACE resets a function's settings: 0011's and 0014's are given again.
 */
export const FOLIOS_DEL_CAMBIO =
  ' AND f.id_folio BETWEEN (SELECT min(id_folio) FROM cambio) AND (SELECT max(id_folio) FROM cambio)';

export const migration0016: Migration = {
  name: '0016_embudo_rango_folios',
  up: /* sql */ `
CREATE OR REPLACE FUNCTION folio_embudo_aplicar() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off SET jit = off AS $fn$
${embudoAplicar(FOLIOS_DEL_CAMBIO)}
$fn$;
`,
};
