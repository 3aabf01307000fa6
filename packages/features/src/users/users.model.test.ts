import { normalizeUsername } from '@socio/contracts';
import { describe, expect, it } from 'vitest';
import { demoCompetitiveness, demoIdleVisitorStats, demoUsers } from './users.fake';
import {
  capitalize,
  completionBand,
  DEFAULT_AVATAR,
  formatDays,
  initialUsersTableState,
  PHOTO_MAX_BYTES,
  paginate,
  searchUsers,
  sortCompetitiveness,
  sortUsers,
  toCompetitivenessRow,
  toUserRow,
  type UserRow,
  usersTableReducer,
  validatePhoto,
  visibleUsers,
} from './users.model';
import type { UsuarioDTO } from './users.wire';

const wire: UsuarioDTO = {
  id_usuario: 42,
  username: 'jperez',
  nombres: 'Juan',
  apellido_paterno: 'Pérez',
  apellido_materno: 'López',
  name: 'Juan Pérez López',
  email: 'jperez@socioeconomico.mx',
  rol: 'visitador' as UsuarioDTO['rol'], // robust to a lowercase server
  supervisor: 2,
  supervisor_nombre: 'Laura Méndez Ríos',
  estatus: 'inactivo' as UsuarioDTO['estatus'],
  foto_path: '/avatars/jp.png',
  estado: 19,
  region: 'Nuevo León',
};

const rows = demoUsers.map(toUserRow);

describe('toUserRow', () => {
  it('uses the username as id and capitalises role and status', () => {
    const row = toUserRow(wire);
    expect(row).toMatchObject({
      id: 'jperez',
      idUsuario: 42,
      name: 'Juan Pérez López',
      role: 'Visitador',
      status: 'Inactivo',
      supervisor: 'Laura Méndez Ríos',
      supervisorId: 2,
      avatar: '/avatars/jp.png',
      nombres: 'Juan',
      apellido_paterno: 'Pérez',
      apellido_materno: 'López',
    });
  });

  it('builds the name from its parts when the server sends none, and no supervisor as empty', () => {
    const row = toUserRow({ ...wire, name: '', supervisor: null, supervisor_nombre: null });
    expect(row.name).toBe('Juan Pérez López');
    expect(row.supervisor).toBe('');
    expect(row.supervisorId).toBeNull();
  });

  it('capitalize handles upper, lower and empty values', () => {
    expect(capitalize('ADMINISTRADOR')).toBe('Administrador');
    expect(capitalize('activo')).toBe('Activo');
    expect(capitalize(null)).toBe('');
  });
});

describe('searchUsers', () => {
  it('matches the name case-insensitively and ignoring accents', () => {
    expect(searchUsers(rows, 'maría').map((r) => r.id)).toEqual(['mhernandez']);
    expect(searchUsers(rows, 'MARIA').map((r) => r.id)).toEqual(['mhernandez']);
  });

  it('matches the id (username), the e-mail, the role and the supervisor', () => {
    expect(searchUsers(rows, 'RSALINAS').map((r) => r.id)).toEqual(['rsalinas']);
    expect(searchUsers(rows, 'vortiz@').map((r) => r.id)).toEqual(['vortiz']);
    expect(searchUsers(rows, 'administrador').map((r) => r.id)).toEqual(['admin']);
    expect(searchUsers(rows, 'laura méndez').map((r) => r.id)).toEqual([
      'lmendez',
      'jperez',
      'mhernandez',
      'dmorales',
      'egutierrez',
    ]);
  });

  it('returns everything for a blank query and nothing for an unknown one', () => {
    expect(searchUsers(rows, '   ')).toHaveLength(rows.length);
    expect(searchUsers(rows, 'zzz-no-existe')).toEqual([]);
  });
});

describe('sorting', () => {
  it('sorts by a column ascending and descending with Spanish collation', () => {
    const asc = sortUsers(rows, { column: 'name', direction: 'asc' }).map((r) => r.name);
    expect(asc[0]).toBe('Ana García Torres');
    expect(asc.at(-1)).toBe('Valeria Ortiz Navarro');
    const desc = sortUsers(rows, { column: 'name', direction: 'desc' }).map((r) => r.name);
    expect(desc).toEqual([...asc].reverse());
  });

  it('does not mutate its input and keeps the original order without a sort', () => {
    const before = rows.map((r) => r.id);
    sortUsers(rows, { column: 'email', direction: 'desc' });
    expect(rows.map((r) => r.id)).toEqual(before);
    expect(sortUsers(rows, null).map((r) => r.id)).toEqual(before);
  });

  it('toggles the direction on the same column and keeps the page', () => {
    let state = usersTableReducer(initialUsersTableState, { type: 'sort', column: 'name' });
    expect(state.sort).toEqual({ column: 'name', direction: 'asc' });
    state = usersTableReducer({ ...state, page: 2 }, { type: 'sort', column: 'name' });
    expect(state.sort).toEqual({ column: 'name', direction: 'desc' });
    expect(state.page).toBe(2);
    state = usersTableReducer(state, { type: 'sort', column: 'name' });
    expect(state.sort?.direction).toBe('asc');
  });

  it('a new column resets to ascending and page 1', () => {
    const state = usersTableReducer(
      { query: '', sort: { column: 'name', direction: 'desc' }, page: 3 },
      { type: 'sort', column: 'email' },
    );
    expect(state).toEqual({ query: '', sort: { column: 'email', direction: 'asc' }, page: 1 });
  });

  it('a new search goes back to page 1', () => {
    const state = usersTableReducer({ ...initialUsersTableState, page: 3 }, { type: 'search', query: 'ana' });
    expect(state).toMatchObject({ query: 'ana', page: 1 });
  });
});

describe('paging', () => {
  it('shows 5 rows per page', () => {
    const first = visibleUsers(rows, initialUsersTableState);
    expect(first.rows).toHaveLength(5);
    expect(first.pageCount).toBe(3);
    expect(first.total).toBe(12);
    const last = visibleUsers(rows, { ...initialUsersTableState, page: 3 });
    expect(last.rows.map((r) => r.id)).toEqual(['pvargas', 'arojas']);
  });

  it('clamps a page past the end and reports one page for an empty list', () => {
    expect(paginate([1, 2, 3], 9, 2)).toEqual({ rows: [3], page: 2, pageCount: 2 });
    expect(paginate([], 1, 5)).toEqual({ rows: [], page: 1, pageCount: 1 });
  });

  it('searches before paging', () => {
    const result = visibleUsers(rows, {
      query: 'visitador',
      sort: { column: 'id', direction: 'asc' },
      page: 2,
    });
    expect(result.total).toBe(9);
    expect(result.rows.map((r: UserRow) => r.id)).toEqual(['mhernandez', 'pvargas', 'sflores', 'vortiz']);
  });
});

describe('completion band and days', () => {
  it.each([
    [100, 'green'],
    [80, 'green'],
    [79.9, 'yellow'],
    [50, 'yellow'],
    [49.9, 'orange'],
    [25, 'orange'],
    [24.9, 'red'],
    [0, 'red'],
  ] as const)('%s %% is %s', (percentage, band) => {
    expect(completionBand(percentage)).toBe(band);
  });

  it('formats days to one decimal and missing days as N/A', () => {
    expect(formatDays(2.35)).toBe('2.4');
    expect(formatDays(9)).toBe('9.0');
    expect(formatDays(null)).toBe('N/A');
    expect(formatDays(undefined)).toBe('N/A');
    expect(formatDays(Number.NaN)).toBe('N/A');
  });

  it('builds a competitiveness row with its band and texts', () => {
    const row = toCompetitivenessRow({
      id: 1,
      name: 'X',
      avatar: null,
      assignments: 3,
      studiesCompleted: 1,
      averageResponseDays: null,
      completionPercentage: 33.33,
    });
    expect(row).toMatchObject({ band: 'orange', daysText: 'N/A', percentText: '33.3%' });
  });

  it('a visitor without assignments in the last 30 days has N/A and no band, not 0 % (Crítico)', () => {
    const row = toCompetitivenessRow(demoIdleVisitorStats, 'N/A');
    expect(row).toMatchObject({ band: null, percentText: 'N/A', completionPercentage: null });
    // A real 0 % (recent work, nothing completed) is still red.
    expect(toCompetitivenessRow({ ...demoIdleVisitorStats, completionPercentage: 0 })).toMatchObject({
      band: 'red',
      percentText: '0%',
    });
  });
});

describe('photo rules', () => {
  it('accepts JPG, PNG and GIF up to 5 MB', () => {
    expect(validatePhoto({ type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(validatePhoto({ type: 'image/png', size: PHOTO_MAX_BYTES })).toBeNull();
    expect(validatePhoto({ type: 'image/gif', size: 10 })).toBeNull();
  });

  it('rejects other types, including other images', () => {
    expect(validatePhoto({ type: 'application/pdf', size: 10 })).toBe('invalid-type');
    expect(validatePhoto({ type: 'image/webp', size: 10 })).toBe('invalid-type');
    expect(validatePhoto({ type: '', size: 10 })).toBe('invalid-type');
  });

  it('rejects a file over 5,242,880 bytes', () => {
    expect(validatePhoto({ type: 'image/png', size: PHOTO_MAX_BYTES + 1 })).toBe('too-large');
  });

  it('the default avatar is a fixed path', () => {
    expect(DEFAULT_AVATAR).toMatch(/^\/.+\.png$/);
  });
});

describe('normalizeUsername', () => {
  it('lowercases and removes every whitespace', () => {
    expect(normalizeUsername('Juan Perez')).toBe('juanperez');
    expect(normalizeUsername('  Ana.Lopez\t2 ')).toBe('ana.lopez2');
  });
});

describe('sortCompetitiveness', () => {
  const rows = demoCompetitiveness.map((r) => toCompetitivenessRow(r));

  it('sorts by completion both ways', () => {
    const asc = sortCompetitiveness(rows, { column: 'completionPercentage', direction: 'asc' });
    expect(asc.map((r) => r.completionPercentage)).toEqual([0, 10, 32, 60, 83.3, 90]);
    const desc = sortCompetitiveness(rows, { column: 'completionPercentage', direction: 'desc' });
    expect(desc.map((r) => r.completionPercentage)).toEqual([90, 83.3, 60, 32, 10, 0]);
  });

  it('puts N/A completions last in either direction', () => {
    const withIdle = [toCompetitivenessRow(demoIdleVisitorStats), ...rows];
    const asc = sortCompetitiveness(withIdle, { column: 'completionPercentage', direction: 'asc' });
    expect(asc.map((r) => r.completionPercentage)).toEqual([0, 10, 32, 60, 83.3, 90, null]);
    const desc = sortCompetitiveness(withIdle, { column: 'completionPercentage', direction: 'desc' });
    expect(desc.map((r) => r.completionPercentage)).toEqual([90, 83.3, 60, 32, 10, 0, null]);
  });

  it('keeps visitors without average days last in either direction', () => {
    for (const direction of ['asc', 'desc'] as const) {
      const sorted = sortCompetitiveness(rows, { column: 'averageResponseDays', direction });
      expect(sorted.at(-1)?.averageResponseDays).toBeNull();
    }
    const asc = sortCompetitiveness(rows, { column: 'averageResponseDays', direction: 'asc' });
    expect(asc[0]?.averageResponseDays).toBe(1.5);
  });

  it('sorts by name with Spanish collation', () => {
    const sorted = sortCompetitiveness(rows, { column: 'name', direction: 'asc' });
    expect(sorted[0]?.name).toBe('Carlos Ramírez Soto');
  });
});
