import { describe, expect, it } from 'vitest';
import {
  assignmentActions,
  cargasQueryToSearch,
  clampedPage,
  DEFAULT_CARGAS_QUERY,
  parseCargasQuery,
  withPage,
  withPageSize,
  withSort,
} from './cargas.model';

describe('parseCargasQuery', () => {
  it('given an empty query › answers the spec defaults (page 1, 10, fecha_asignacion desc)', () => {
    expect(parseCargasQuery(new URLSearchParams())).toEqual({
      page: 1,
      page_size: 10,
      sort_by: 'fecha_asignacion',
      sort_order: 'desc',
    });
  });

  it('reads every valid value', () => {
    expect(
      parseCargasQuery(new URLSearchParams('page=3&page_size=50&sort_by=estatus&sort_order=asc')),
    ).toEqual({
      page: 3,
      page_size: 50,
      sort_by: 'estatus',
      sort_order: 'asc',
    });
  });

  it('tolerates bad values one by one, keeping the good ones', () => {
    expect(
      parseCargasQuery(new URLSearchParams('page=abc&page_size=7&sort_by=folio&sort_order=ASC')),
    ).toEqual({ page: 1, page_size: 10, sort_by: 'fecha_asignacion', sort_order: 'asc' });
    expect(
      parseCargasQuery({ page: '-2', page_size: '1000', sort_by: 'estatus', sort_order: 'sideways' }),
    ).toEqual({
      page: 1,
      page_size: 10,
      sort_by: 'estatus',
      sort_order: 'desc',
    });
    expect(parseCargasQuery({ page: '2.5', page_size: '' })).toMatchObject({ page: 1, page_size: 10 });
  });

  it('only accepts the spec page sizes 10, 20, 50, 100', () => {
    for (const size of [10, 20, 50, 100]) {
      expect(parseCargasQuery({ page_size: String(size) }).page_size).toBe(size);
    }
    expect(parseCargasQuery({ page_size: '30' }).page_size).toBe(10);
  });
});

describe('cargasQueryToSearch', () => {
  it('leaves the defaults out of the URL', () => {
    expect(cargasQueryToSearch(DEFAULT_CARGAS_QUERY)).toEqual({});
  });

  it('writes what differs and round-trips through the parser', () => {
    const query = { page: 4, page_size: 20, sort_by: 'estatus', sort_order: 'asc' } as const;
    const search = cargasQueryToSearch(query);
    expect(search).toEqual({ page: '4', page_size: '20', sort_by: 'estatus', sort_order: 'asc' });
    expect(parseCargasQuery(new URLSearchParams(search))).toEqual(query);
  });
});

describe('sort, size and page changes', () => {
  const onPage3 = { ...DEFAULT_CARGAS_QUERY, page: 3 };

  it('a sort change goes back to page 1', () => {
    expect(withSort(onPage3, { id: 'estatus', desc: false })).toEqual({
      ...DEFAULT_CARGAS_QUERY,
      sort_by: 'estatus',
      sort_order: 'asc',
      page: 1,
    });
  });

  it('ignores a sort on a column the server does not sort', () => {
    expect(withSort(onPage3, { id: 'direccion', desc: false })).toBe(onPage3);
    expect(withSort(onPage3, null)).toBe(onPage3);
  });

  it('a page size change goes back to page 1', () => {
    expect(withPageSize(onPage3, 50)).toEqual({ ...DEFAULT_CARGAS_QUERY, page_size: 50, page: 1 });
  });

  it('withPage keeps pages whole and at least 1', () => {
    expect(withPage(DEFAULT_CARGAS_QUERY, 0).page).toBe(1);
    expect(withPage(DEFAULT_CARGAS_QUERY, 7).page).toBe(7);
  });

  it('clampedPage points past-the-end pages at the last one', () => {
    expect(clampedPage({ ...DEFAULT_CARGAS_QUERY, page: 9 }, 45)).toBe(5);
    expect(clampedPage({ ...DEFAULT_CARGAS_QUERY, page: 5 }, 45)).toBeNull();
    expect(clampedPage({ ...DEFAULT_CARGAS_QUERY, page: 2 }, 0)).toBe(1);
  });
});

describe('assignmentActions', () => {
  it('staff: asignada → agendar, reasignar, cancelar', () => {
    expect(assignmentActions({ estatus: 'asignada' }, 'Administrador')).toEqual([
      'agendada',
      'reassign',
      'cancelada',
    ]);
  });

  it('staff: agendada → completar, reasignar, cancelar', () => {
    expect(assignmentActions({ estatus: 'agendada' }, 'Administrador')).toEqual([
      'completada',
      'reassign',
      'cancelada',
    ]);
  });

  it('a Supervisor is offered what an Administrador is (both manage cargas)', () => {
    expect(assignmentActions({ estatus: 'asignada' }, 'Supervisor')).toEqual(
      assignmentActions({ estatus: 'asignada' }, 'Administrador'),
    );
  });

  it('a closed assignment offers nothing', () => {
    expect(assignmentActions({ estatus: 'completada' }, 'Administrador')).toEqual([]);
    expect(assignmentActions({ estatus: 'cancelada' }, 'Administrador')).toEqual([]);
  });

  it('a Visitador only schedules and completes', () => {
    expect(assignmentActions({ estatus: 'asignada' }, 'Visitador')).toEqual(['agendada']);
    expect(assignmentActions({ estatus: 'agendada' }, 'Visitador')).toEqual(['completada']);
  });
});
