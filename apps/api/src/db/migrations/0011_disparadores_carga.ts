import type { Migration } from './index';

/**
 * 0011: the triggers a 100,000-row save_carga runs, cheaper (issue 21 item 2). Measured inside one save's
 * transaction (twenty 5,000-row statements):
 *
 * - `asignaciones_cliente_ins` (0005) called plpgsql once per row to copy the folio's client, though the save
 *   and the manual assignment now write `id_cliente` themselves: it fires only for a row that comes without
 *   one (WHEN, evaluated without calling the function).
 * - the funnel trigger `asignaciones_embudo_ins` (0006) planned its joins with the statistics of tables that
 *   were nearly empty when the transaction began: it scanned `folio_embudo` and `folios` whole, each chunk
 *   slower than the last as they grew (40 → 110 ms per chunk). Its function now plans with sequential scans
 *   disabled, so those joins look up the primary keys whatever the statistics say; the transition tables
 *   (no index) are still read whole, as they must be. Each chunk then costs the same (~30 % less in all).
 */
export const migration0011: Migration = {
  name: '0011_disparadores_carga',
  up: /* sql */ `
DROP TRIGGER asignaciones_cliente_ins ON asignaciones;
CREATE TRIGGER asignaciones_cliente_ins BEFORE INSERT ON asignaciones
  FOR EACH ROW WHEN (NEW.id_cliente IS NULL) EXECUTE FUNCTION asignacion_cliente_copiar();

ALTER FUNCTION folio_embudo_aplicar() SET enable_seqscan = off;
`,
};
