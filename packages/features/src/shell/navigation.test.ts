import { describe, expect, it } from 'vitest';
import { displayName, navEntriesFor, pageTitle, sectionOf } from './navigation';

describe('navEntriesFor', () => {
  it('Administrador and Supervisor see the four sections', () => {
    for (const rol of ['Administrador', 'Supervisor'] as const) {
      expect(navEntriesFor(rol).map((e) => e.label)).toEqual(['Inicio', 'Usuarios', 'Reportes', 'Cargas']);
    }
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
    ]);
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
