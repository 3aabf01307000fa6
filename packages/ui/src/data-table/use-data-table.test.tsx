import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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
    useDataTable({ data: visits, columns, getRowId: (row) => row.id, sortable: true, ...options, ...props }),
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
    const { result } = setup({ onSortingChange });
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
    const { result } = setup({ manualSorting: true, onSortingChange });
    act(() => result.current.toggleSort('name'));
    expect(onSortingChange).toHaveBeenCalledWith({ id: 'name', desc: false });
    expect(ids(result)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it('a column with sortable: false does not sort', () => {
    const { result } = setup({ columns: [{ id: 'name', header: 'Nombre', sortable: false }] });
    expect(result.current.canSort('name')).toBe(false);
  });
});

describe('useDataTable › onRowsChange (the display order, for the parent)', () => {
  it('hears the given order first, then each new sort, but not a render that changes nothing', () => {
    const onRowsChange = vi.fn();
    const { result, rerender } = setup({ onRowsChange });
    expect(onRowsChange).toHaveBeenCalledTimes(1);
    expect(onRowsChange.mock.lastCall?.[0].map((row: Visit) => row.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    act(() => result.current.toggleSort('name'));
    expect(onRowsChange).toHaveBeenCalledTimes(2);
    expect(onRowsChange.mock.lastCall?.[0].map((row: Visit) => row.id)).toEqual(['b', 'c', 'd', 'e', 'a']);
    rerender({ onRowsChange });
    expect(onRowsChange).toHaveBeenCalledTimes(2);
  });

  it('with client pagination › hears every page, in order', () => {
    const onRowsChange = vi.fn();
    setup({ onRowsChange, pageSize: 2 });
    expect(onRowsChange.mock.lastCall?.[0]).toHaveLength(5);
  });

  it('new data › hears the new rows', () => {
    const onRowsChange = vi.fn();
    const { rerender } = setup({ onRowsChange });
    rerender({ onRowsChange, data: visits.slice(0, 2) });
    expect(onRowsChange.mock.lastCall?.[0].map((row: Visit) => row.id)).toEqual(['a', 'b']);
  });
});

describe('withoutStateOptions', () => {
  it("keeps only the props that are not the hook's options (DataTable's root attributes and view)", () => {
    const rest = withoutStateOptions({
      data: visits,
      columns,
      sortable: true,
      onRowsChange: () => undefined,
      id: 'tabla',
      'aria-describedby': 'nota',
      caption: 'Visitas',
    });
    expect(Object.keys(rest)).toEqual(['id', 'aria-describedby', 'caption']);
  });
});

describe('useDataTable › client pagination', () => {
  it('shows one page at a time and counts every row', () => {
    const { result } = setup({ pageSize: 2 });
    expect(result.current.paginated).toBe(true);
    expect(ids(result)).toEqual(['a', 'b']);
    expect(result.current.rowCount).toBe(5);
    act(() => result.current.setPage(3));
    expect(result.current.page).toBe(3);
    expect(result.current.pageStart).toBe(4);
    expect(ids(result)).toEqual(['e']);
  });

  it('any sort change returns to page 1 by default', () => {
    const { result } = setup({ pageSize: 2 });
    act(() => result.current.toggleSort('name'));
    act(() => result.current.setPage(2));
    act(() => result.current.toggleSort('name'));
    expect(result.current.page).toBe(1);
  });

  it("with pageResetOnSort 'column-change', toggling keeps the page and another column returns to page 1", () => {
    const { result } = setup({ pageSize: 2, pageResetOnSort: 'column-change' });
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
    const { result } = setup({ pageSize: 2, page: 9 });
    expect(result.current.page).toBe(3);
  });

  it('a new page size returns to page 1', () => {
    const onPageSizeChange = vi.fn();
    const { result } = setup({ pageSize: 2, onPageSizeChange });
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
    const { result } = setup({ selectable: true, onRowSelectionChange });
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
