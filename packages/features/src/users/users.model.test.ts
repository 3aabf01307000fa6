import { normalizeUsername } from '@socio/contracts';
import { describe, expect, it } from 'vitest';
import { demoIdleVisitorStats, demoUsers } from '../testing';
import {
  capitalize,
  completionBand,
  DEFAULT_AVATAR,
  formatDays,
  PHOTO_MAX_BYTES,
  searchUsers,
  toCompetitivenessRow,
  toUserRow,
  validatePhoto,
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

  it.each([
    [49.99, '49.99%', 'orange'],
    [49.95, '49.95%', 'orange'],
    [79.999, '79.999%', 'yellow'],
    [24.96, '24.96%', 'red'],
    [49.94, '49.9%', 'orange'],
    [33.33, '33.3%', 'orange'],
    [80, '80%', 'green'],
  ] as const)('%s reads %s, inside its band %s', (percentage, text, band) => {
    const row = toCompetitivenessRow({
      id: 1,
      name: 'X',
      avatar: null,
      assignments: 3,
      studiesCompleted: 1,
      averageResponseDays: null,
      completionPercentage: percentage,
    });
    expect(row).toMatchObject({ band, percentText: text });
    expect(completionBand(Number.parseFloat(row.percentText))).toBe(band);
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
