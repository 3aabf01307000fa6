import { APP_PATHS } from '@socio/contracts';
import { describe, expect, it } from 'vitest';
import { canOpen, displayName, navEntriesFor, pageTitle, sectionOf } from './navigation';

describe('navEntriesFor', () => {
  it('Supervisor sees the four sections; Administrador also Clientes (report recipients)', () => {
    expect(navEntriesFor('Supervisor').map((e) => e.label)).toEqual([
      'Inicio',
      'Usuarios',
      'Reportes',
      'Cargas',
    ]);
    expect(navEntriesFor('Administrador').map((e) => e.label)).toEqual([
      'Inicio',
      'Usuarios',
      'Reportes',
      'Cargas',
      'Clientes',
    ]);
  });
  it('Visitador sees Inicio and Cargas only', () => {
    expect(navEntriesFor('Visitador').map((e) => e.label)).toEqual(['Inicio', 'Cargas']);
  });
  it('an unknown role gets the narrowest menu', () => {
    expect(navEntriesFor(null).map((e) => e.id)).toEqual(['inicio', 'cargas']);
  });
  it('links point under /socioeconomico', () => {
    expect(navEntriesFor('Administrador').map((e) => e.href)).toEqual([
      '/socioeconomico/inicio',
      '/socioeconomico/usuarios',
      '/socioeconomico/reportes',
      '/socioeconomico/cargas',
      '/socioeconomico/clientes',
    ]);
  });
});

describe('canOpen (the roles of APP_SCREENS, shared by the menu and the route guard)', () => {
  it('a Visitador may open Inicio and Cargas, neither Usuarios nor Reportes', () => {
    expect(canOpen('Visitador', 'inicio')).toBe(true);
    expect(canOpen('Visitador', 'cargas')).toBe(true);
    expect(canOpen('Visitador', 'usuarios')).toBe(false);
    expect(canOpen('Visitador', 'reportes')).toBe(false);
  });
  it('staff may open every screen; nobody without a role', () => {
    for (const section of ['inicio', 'usuarios', 'reportes', 'cargas'] as const) {
      expect(canOpen('Administrador', section)).toBe(true);
      expect(canOpen('Supervisor', section)).toBe(true);
      expect(canOpen(null, section)).toBe(false);
    }
  });
  it('the menu links are the app paths', () => {
    expect(navEntriesFor('Visitador').map((e) => e.href)).toEqual([APP_PATHS.inicio, APP_PATHS.cargas]);
  });
});

describe('pageTitle / sectionOf', () => {
  it('names Usuarios, Reportes and Cargas, in any letter case', () => {
    expect(pageTitle('/socioeconomico/usuarios')).toBe('Usuarios');
    expect(pageTitle('/Socioeconomico/Reportes')).toBe('Reportes');
    expect(pageTitle('/socioeconomico/cargas?page=2')).toBe('Cargas');
  });
  it('falls back to Inicio for anything else', () => {
    expect(pageTitle('/socioeconomico')).toBe('Inicio');
    expect(pageTitle('/socioeconomico/inicio')).toBe('Inicio');
    expect(pageTitle('/otra/cosa')).toBe('Inicio');
    expect(sectionOf('')).toBe('inicio');
  });
});

describe('displayName', () => {
  it('joins nombres and apellido_paterno', () => {
    expect(displayName({ nombres: 'Ana', apellido_paterno: 'Martínez' })).toBe('Ana Martínez');
  });
  it("defaults to 'Usuario'", () => {
    expect(displayName(null)).toBe('Usuario');
    expect(displayName({ nombres: '  ', apellido_paterno: '' })).toBe('Usuario');
  });
  it('uses what there is', () => {
    expect(displayName({ nombres: 'Ana', apellido_paterno: null })).toBe('Ana');
  });
});
