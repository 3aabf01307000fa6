import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sortDataTableRows } from './cell-values';
import type { DataTableColumn, DataTableStateOptions } from './data-table.types';
import { useDataTable, withoutStateOptions } from './use-data-table';

interface Visit {
  id: string;
  name: string;
  days: number | null;
}

const visits: Visit[] = [
  { id: 'a', name: 'Sofía', days: 3 },
  { id: 'b', name: 'Ángel', days: null },
  { id: 'c', name: 'Bruno', days: 1 },
  { id: 'd', name: 'Carla', days: 3 },
  { id: 'e', name: 'Diego', days: 2 },
];

const columns: DataTableColumn<Visit>[] = [
  { id: 'name', header: 'Nombre' },
  { id: 'days', header: 'Días', sortEmptyLast: true },
];

function setup(options: Partial<DataTableStateOptions<Visit>> = {}) {
  return renderHook((props: Partial<DataTableStateOptions<Visit>>) =>
    useDataTable({
      data: visits,
      columns,
      getRowId: (row) => row.id,
      sorting: { allColumns: true },
      ...options,
      ...props,
    }),
  );
}

const ids = (result: { current: { rows: { original: Visit }[] } }) =>
  result.current.rows.map((row) => row.original.id);

describe('useDataTable › sorting', () => {
  it('keeps the given order until a column is sorted', () => {
    const { result } = setup();
    expect(result.current.sorting).toBeNull();
    expect(ids(result)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('sorts ascending first with Spanish collation, then toggles', () => {
    const onSortingChange = vi.fn();
    const { result } = setup({ sorting: { allColumns: true, onChange: onSortingChange } });
    act(() => result.current.toggleSort('name'));
    expect(result.current.sortDirection('name')).toBe('asc');
    expect(result.current.rows.map((row) => row.original.name)).toEqual([
      'Ángel',
      'Bruno',
      'Carla',
      'Diego',
      'Sofía',
    ]);
    act(() => result.current.toggleSort('name'));
    expect(result.current.sortDirection('name')).toBe('desc');
    expect(onSortingChange).toHaveBeenLastCalledWith({ id: 'name', desc: true });
    expect(ids(result)).toEqual(['a', 'e', 'd', 'c', 'b']);
  });

  it('a column with sortEmptyLast keeps empty values last both ways; ties keep the given order', () => {
    const { result } = setup();
    act(() => result.current.toggleSort('days'));
    expect(ids(result)).toEqual(['c', 'e', 'a', 'd', 'b']);
    act(() => result.current.toggleSort('days'));
    expect(ids(result)).toEqual(['a', 'd', 'e', 'c', 'b']);
  });

  it('manual sorting reports the sort but keeps the rows as given', () => {
    const onSortingChange = vi.fn();
    const { result } = setup({ sorting: { allColumns: true, manual: true, onChange: onSortingChange } });
    act(() => result.current.toggleSort('name'));
    expect(onSortingChange).toHaveBeenCalledWith({ id: 'name', desc: false });
    expect(ids(result)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('a column with sortable: false does not sort', () => {
    const { result } = setup({ columns: [{ id: 'name', header: 'Nombre', sortable: false }] });
    expect(result.current.canSort('name')).toBe(false);
  });
});

describe('sortDataTableRows (the display order, for a parent that sorts itself)', () => {
  const order = (sort: { id: string; desc: boolean } | null, data: readonly Visit[] = visits) =>
    sortDataTableRows(data, columns, sort).map((row) => row.id);

  it('gives the order the table shows: as given, then each sort', () => {
    const { result } = setup();
    expect(order(null)).toEqual(ids(result));
    expect(sortDataTableRows(visits, columns, null)).toBe(visits);
    act(() => result.current.toggleSort('name'));
    expect(order({ id: 'name', desc: false })).toEqual(['b', 'c', 'd', 'e', 'a']);
    expect(order({ id: 'name', desc: false })).toEqual(ids(result));
    act(() => result.current.toggleSort('name'));
    expect(order({ id: 'name', desc: true })).toEqual(ids(result));
  });

  it('keeps empty values last both ways with sortEmptyLast, ties in the given order', () => {
    expect(order({ id: 'days', desc: false })).toEqual(['c', 'e', 'a', 'd', 'b']);
    expect(order({ id: 'days', desc: true })).toEqual(['a', 'd', 'e', 'c', 'b']);
  });

  it('with client pagination › orders every page, not only the one shown', () => {
    const { result } = setup({ pagination: { pageSize: 2 } });
    act(() => result.current.toggleSort('name'));
    expect(order({ id: 'name', desc: false })).toHaveLength(5);
    expect(ids(result)).toEqual(order({ id: 'name', desc: false }).slice(0, 2));
  });

  it('new data › orders the new rows; the given array is not changed', () => {
    const copy = [...visits];
    expect(order({ id: 'name', desc: false }, visits.slice(0, 2))).toEqual(['b', 'a']);
    expect(visits).toEqual(copy);
  });
});

describe('withoutStateOptions', () => {
  it("keeps only the props that are not the hook's options (DataTable's root attributes and view)", () => {
    const rest = withoutStateOptions({
      data: visits,
      columns,
      sorting: { allColumns: true },
      pagination: { defaultPageSize: 2 },
      id: 'tabla',
      'aria-describedby': 'nota',
      caption: 'Visitas',
    });
    expect(Object.keys(rest)).toEqual(['id', 'aria-describedby', 'caption']);
  });
});

describe('useDataTable › client pagination', () => {
  it('shows one page at a time and counts every row', () => {
    const { result } = setup({ pagination: { pageSize: 2 } });
    expect(result.current.paginated).toBe(true);
    expect(ids(result)).toEqual(['a', 'b']);
    expect(result.current.rowCount).toBe(5);
    act(() => result.current.setPage(3));
    expect(result.current.page).toBe(3);
    expect(result.current.pageStart).toBe(4);
    expect(ids(result)).toEqual(['e']);
  });

  it('any sort change returns to page 1 by default', () => {
    const { result } = setup({ pagination: { pageSize: 2 } });
    act(() => result.current.toggleSort('name'));
    act(() => result.current.setPage(2));
    act(() => result.current.toggleSort('name'));
    expect(result.current.page).toBe(1);
  });

  it("with resetOnSort 'column-change', toggling keeps the page and another column returns to page 1", () => {
    const { result } = setup({ pagination: { pageSize: 2, resetOnSort: 'column-change' } });
    act(() => result.current.toggleSort('name'));
    act(() => result.current.setPage(2));
    act(() => result.current.toggleSort('name'));
    expect(result.current.sortDirection('name')).toBe('desc');
    expect(result.current.page).toBe(2);
    act(() => result.current.toggleSort('days'));
    expect(result.current.sortDirection('days')).toBe('asc');
    expect(result.current.page).toBe(1);
  });

  it('a controlled page is clamped to the last page', () => {
    const { result } = setup({ pagination: { pageSize: 2, page: 9 } });
    expect(result.current.page).toBe(3);
  });

  it('a new page size returns to page 1', () => {
    const onPageSizeChange = vi.fn();
    const { result } = setup({ pagination: { defaultPageSize: 2, onPageSizeChange } });
    act(() => result.current.setPage(2));
    act(() => result.current.setPageSize(4));
    expect(onPageSizeChange).toHaveBeenCalledWith(4);
    expect(result.current.page).toBe(1);
    expect(ids(result)).toHaveLength(4);
  });
});

describe('useDataTable › selection', () => {
  it('select-all goes from none to all, and one row off leaves it indeterminate', () => {
    const onRowSelectionChange = vi.fn();
    const { result } = setup({ selection: { onChange: onRowSelectionChange } });
    expect(result.current.allRowsChecked).toBe(false);
    act(() => result.current.toggleAllRows(true));
    expect(result.current.allRowsChecked).toBe(true);
    const [selection, rows] = onRowSelectionChange.mock.lastCall ?? [];
    expect(Object.keys(selection ?? {})).toHaveLength(5);
    expect(rows).toHaveLength(5);
    act(() => result.current.rows[0]?.toggleSelected(false));
    expect(result.current.allRowsChecked).toBe('indeterminate');
  });
});
