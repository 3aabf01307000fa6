import { type DataTableStateOptions, useDataTable } from '@socio/ui';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { demoCompetitiveness, demoIdleVisitorStats, demoUsers } from '../testing';
import {
  COMPETITIVENESS_PAGE_SIZE,
  type CompetitivenessRow,
  searchUsers,
  toCompetitivenessRow,
  toUserRow,
  USERS_PAGE_SIZE,
  type UserRow,
} from './users.model';
import { competitivenessColumns, userColumns } from './users-columns';

/**
 * The sort and page rules of the two users tables, run through the DataTable's headless core with
 * the same options the screens give it (the screens keep no sort or page state of their own).
 */

const users = demoUsers.map(toUserRow);
const columns = userColumns(true, () => undefined);

/** The users table's pagination as UsersScreen configures it (the screen also holds the page). */
const usersPagination = { pageSize: USERS_PAGE_SIZE, resetOnSort: 'column-change' } as const;

/** The users table as UsersScreen configures it. */
function usersTable(data: readonly UserRow[] = users, options: Partial<DataTableStateOptions<UserRow>> = {}) {
  return renderHook(() =>
    useDataTable({
      data,
      columns,
      getRowId: (row) => row.id,
      sorting: { allColumns: true },
      pagination: usersPagination,
      ...options,
    }),
  );
}

type Result<T> = { current: { rows: { original: T }[] } };
const field = <T, K extends keyof T>(result: Result<T>, key: K) =>
  result.current.rows.map((r) => r.original[key]);

describe('users table › sorting', () => {
  it('sorts by a column ascending and descending with Spanish collation', () => {
    const { result } = usersTable(users, { pagination: undefined });
    act(() => result.current.toggleSort('name'));
    const asc = field(result, 'name');
    expect(asc[0]).toBe('Ana García Torres');
    expect(asc.at(-1)).toBe('Valeria Ortiz Navarro');
    act(() => result.current.toggleSort('name'));
    expect(field(result, 'name')).toEqual([...asc].reverse());
  });

  it('keeps the original order without a sort', () => {
    const { result } = usersTable(users, { pagination: undefined });
    expect(field(result, 'id')).toEqual(users.map((r) => r.id));
  });

  it('toggles the direction on the same column and keeps the page', () => {
    const { result } = usersTable();
    act(() => result.current.toggleSort('name'));
    expect(result.current.sorting).toEqual({ id: 'name', desc: false });
    act(() => result.current.setPage(2));
    act(() => result.current.toggleSort('name'));
    expect(result.current.sorting).toEqual({ id: 'name', desc: true });
    expect(result.current.page).toBe(2);
    act(() => result.current.toggleSort('name'));
    expect(result.current.sortDirection('name')).toBe('asc');
  });

  it('a new column resets to ascending and page 1', () => {
    const { result } = usersTable();
    act(() => result.current.toggleSort('name'));
    act(() => result.current.toggleSort('name'));
    act(() => result.current.setPage(3));
    act(() => result.current.toggleSort('email'));
    expect(result.current.sorting).toEqual({ id: 'email', desc: false });
    expect(result.current.page).toBe(1);
  });

  it("'Acciones' does not sort", () => {
    const { result } = usersTable();
    expect(result.current.canSort('actions')).toBe(false);
    expect(result.current.canSort('supervisor')).toBe(true);
  });
});

describe('users table › paging', () => {
  it('shows 5 rows per page', () => {
    const { result } = usersTable();
    expect(result.current.rows).toHaveLength(5);
    expect(result.current.rowCount).toBe(12);
    act(() => result.current.setPage(3));
    expect(field(result, 'id')).toEqual(['pvargas', 'arojas']);
  });

  it('clamps a page past the end', () => {
    const { result } = usersTable(users, { pagination: { ...usersPagination, page: 9 } });
    expect(result.current.page).toBe(3);
  });

  it('searches before paging', () => {
    const { result } = usersTable(searchUsers(users, 'visitador'));
    act(() => result.current.toggleSort('id'));
    act(() => result.current.setPage(2));
    expect(result.current.rowCount).toBe(9);
    expect(field(result, 'id')).toEqual(['mhernandez', 'pvargas', 'sflores', 'vortiz']);
  });
});

describe('competitiveness table › sorting', () => {
  const rows = demoCompetitiveness.map((r) => toCompetitivenessRow(r));

  function competitivenessTable(data: readonly CompetitivenessRow[]) {
    return renderHook(() =>
      useDataTable({
        data,
        columns: competitivenessColumns,
        getRowId: (row) => String(row.id),
        sorting: { allColumns: true },
        pagination: { pageSize: COMPETITIVENESS_PAGE_SIZE },
      }),
    );
  }

  /** Every row in display order (all pages). */
  function allRows(data: readonly CompetitivenessRow[], columnId: string, times: 1 | 2) {
    const { result } = renderHook(() =>
      useDataTable({ data, columns: competitivenessColumns, sorting: { allColumns: true } }),
    );
    for (let i = 0; i < times; i += 1) act(() => result.current.toggleSort(columnId));
    return result.current.rows.map((row) => row.original);
  }

  it('sorts by completion both ways', () => {
    expect(allRows(rows, 'completionPercentage', 1).map((r) => r.completionPercentage)).toEqual([
      0, 10, 32, 60, 83.3, 90,
    ]);
    expect(allRows(rows, 'completionPercentage', 2).map((r) => r.completionPercentage)).toEqual([
      90, 83.3, 60, 32, 10, 0,
    ]);
  });

  it('puts N/A completions last in either direction', () => {
    const withIdle = [toCompetitivenessRow(demoIdleVisitorStats), ...rows];
    expect(allRows(withIdle, 'completionPercentage', 1).map((r) => r.completionPercentage)).toEqual([
      0,
      10,
      32,
      60,
      83.3,
      90,
      null,
    ]);
    expect(allRows(withIdle, 'completionPercentage', 2).map((r) => r.completionPercentage)).toEqual([
      90,
      83.3,
      60,
      32,
      10,
      0,
      null,
    ]);
  });

  it('keeps visitors without average days last in either direction', () => {
    for (const times of [1, 2] as const) {
      expect(allRows(rows, 'averageResponseDays', times).at(-1)?.averageResponseDays).toBeNull();
    }
    expect(allRows(rows, 'averageResponseDays', 1)[0]?.averageResponseDays).toBe(1.5);
  });

  it('sorts by name with Spanish collation', () => {
    expect(allRows(rows, 'name', 1)[0]?.name).toBe('Carlos Ramírez Soto');
  });

  it('shows 5 per page and returns to page 1 on any sort change', () => {
    const { result } = competitivenessTable(rows);
    expect(result.current.rows).toHaveLength(5);
    act(() => result.current.setPage(2));
    expect(result.current.rows).toHaveLength(1);
    act(() => result.current.toggleSort('completionPercentage'));
    expect(result.current.page).toBe(1);
  });
});
