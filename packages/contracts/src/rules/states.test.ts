import { describe, expect, it } from 'vitest';
import { ESTADOS_MX, findEstado, normalizeStateName, STATE_NAMES, stateKey } from './states';

describe('ESTADOS_MX', () => {
  it('lists the 32 federal entities with unique INEGI keys in order', () => {
    expect(ESTADOS_MX).toHaveLength(32);
    expect(ESTADOS_MX.map((e) => e.clave)).toEqual(
      Array.from({ length: 32 }, (_, i) => String(i + 1).padStart(2, '0')),
    );
    expect(new Set(STATE_NAMES).size).toBe(32);
  });

  it('uses the official names with accents', () => {
    for (const name of [
      'Ciudad de México',
      'México',
      'Michoacán',
      'Nuevo León',
      'Querétaro',
      'San Luis Potosí',
      'Yucatán',
      'Baja California Sur',
      'Quintana Roo',
    ]) {
      expect(STATE_NAMES).toContain(name);
    }
  });

  it('never maps one alias to two states', () => {
    const seen = new Map<string, string>();
    for (const e of ESTADOS_MX) {
      for (const alias of [e.estado, e.abreviatura, ...e.aliases]) {
        const key = stateKey(alias);
        const other = seen.get(key);
        if (other !== undefined) expect(other).toBe(e.estado);
        seen.set(key, e.estado);
      }
    }
  });
});

describe('normalizeStateName', () => {
  it.each([
    ['Nuevo León', 'Nuevo León'],
    ['nuevo leon', 'Nuevo León'],
    ['NUEVO LEÓN', 'Nuevo León'],
    ['  Nuevo   León ', 'Nuevo León'],
    ['NL', 'Nuevo León'],
    ['N.L.', 'Nuevo León'],
    ['n. l.', 'Nuevo León'],
    ['CDMX', 'Ciudad de México'],
    ['Ciudad de Mexico', 'Ciudad de México'],
    ['Distrito Federal', 'Ciudad de México'],
    ['DF', 'Ciudad de México'],
    ['D.F.', 'Ciudad de México'],
    ['Edo. Mex.', 'México'],
    ['Estado de México', 'México'],
    ['estado de mexico', 'México'],
    ['Edomex', 'México'],
    ['México', 'México'],
    ['Mexico', 'México'],
    ['Coahuila de Zaragoza', 'Coahuila'],
    ['Veracruz de Ignacio de la Llave', 'Veracruz'],
    ['Michoacán de Ocampo', 'Michoacán'],
    ['michoacan', 'Michoacán'],
    ['San Luis Potosi', 'San Luis Potosí'],
    ['S.L.P.', 'San Luis Potosí'],
    ['Q. Roo', 'Quintana Roo'],
    ['Querétaro de Arteaga', 'Querétaro'],
    ['Yucatan', 'Yucatán'],
    ['Estado de Jalisco', 'Jalisco'],
    ['Edo. de Jalisco', 'Jalisco'],
    ['BCS', 'Baja California Sur'],
    ['Baja California', 'Baja California'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeStateName(input)).toBe(expected);
  });

  it('recognises every official name and abbreviation', () => {
    for (const e of ESTADOS_MX) {
      expect(normalizeStateName(e.estado)).toBe(e.estado);
      expect(normalizeStateName(e.estado.toUpperCase())).toBe(e.estado);
      expect(normalizeStateName(e.abreviatura)).toBe(e.estado);
      for (const alias of e.aliases) expect(normalizeStateName(alias)).toBe(e.estado);
    }
  });

  it.each([[''], ['   '], ['Texas'], ['Nuevo'], ['Estado de'], ['Baja'], [null], [undefined], [{}], [15]])(
    'returns null for %j',
    (input) => {
      expect(normalizeStateName(input)).toBeNull();
    },
  );

  it('finds the catalogue entry', () => {
    expect(findEstado('nl')).toMatchObject({ clave: '19', estado: 'Nuevo León' });
    expect(findEstado('Atlantis')).toBeNull();
  });
});
