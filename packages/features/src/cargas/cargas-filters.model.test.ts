import { describe, expect, it } from 'vitest';
import {
  cargasQueryToSearch,
  DEFAULT_CARGAS_QUERY,
  parseCargasQuery,
  sameCargasQuery,
  withFilters,
} from './cargas.model';

describe('Cargas filters in the URL (issue 20)', () => {
  it('reads every filter with page, size and sort, and writes them back', () => {
    const search = new URLSearchParams(
      'page=3&page_size=20&folio=TEC-2026&estatus=agendada&estado=Jalisco&visitador=7&fecha_desde=2026-03-01&fecha_hasta=2026-03-31',
    );
    const query = parseCargasQuery(search);
    expect(query).toEqual({
      ...DEFAULT_CARGAS_QUERY,
      page: 3,
      page_size: 20,
      folio: 'TEC-2026',
      estatus: 'agendada',
      estado: 'Jalisco',
      visitador: 7,
      fecha_desde: '2026-03-01',
      fecha_hasta: '2026-03-31',
    });
    expect(new URLSearchParams(cargasQueryToSearch(query)).toString()).toBe(search.toString());
  });

  it('drops a bad filter and keeps the others; a backwards range keeps its start', () => {
    const query = parseCargasQuery({
      estatus: 'abierta',
      estado: 'Narnia',
      visitador: 'x',
      fecha_desde: '2026-03-05',
      fecha_hasta: '2026-03-01',
      folio: 'A1',
    });
    expect(query).toEqual({ ...DEFAULT_CARGAS_QUERY, folio: 'A1', fecha_desde: '2026-03-05' });
  });

  it('new filters go back to page 1 and count as another query', () => {
    const start = { ...DEFAULT_CARGAS_QUERY, page: 4, page_size: 50 };
    const next = withFilters(start, { estatus: 'cancelada' });
    expect(next).toEqual({ ...DEFAULT_CARGAS_QUERY, page_size: 50, estatus: 'cancelada' });
    expect(sameCargasQuery(next, { ...next })).toBe(true);
    expect(sameCargasQuery(next, { ...next, estatus: 'asignada' })).toBe(false);
    expect(withFilters(next, {})).toEqual({ ...DEFAULT_CARGAS_QUERY, page_size: 50 });
  });
});
