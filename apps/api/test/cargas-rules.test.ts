import { describe, expect, it } from 'vitest';
import {
  checkSaveRows,
  createVisitorPicker,
  MISSING_VISITOR_REASON,
  processRows,
  toIsoDate,
  type VisitorLoad,
} from '../src/modules/cargas/rows';

const row = (i: number, overrides: Record<string, unknown> = {}) => ({
  row_index: i,
  Folio: `F-${i}`,
  Calle: 'Av. Garza Sada 2501',
  Colonia: 'Tecnológico',
  Ciudad: 'Monterrey',
  Estado: 'Nuevo León',
  'Codigo Postal': '64849',
  Tel1: '8112345678',
  ...overrides,
});

const visitors: VisitorLoad[] = [
  { id_usuario: 12, region: 'Nuevo León', open: 0 },
  { id_usuario: 10, region: 'Nuevo León', open: 0 },
  { id_usuario: 11, region: 'Nuevo León', open: 2 },
  { id_usuario: 20, region: 'Jalisco', open: 5 },
];

describe('createVisitorPicker', () => {
  it('gives the visitor of the region with the fewest open assignments, ties to the lowest id', () => {
    const pick = createVisitorPicker(visitors);
    // 10 and 12 have 0: 10 first (lowest id), then 12, then 10 and 12 have 1 and 11 has 2 → 10.
    expect([pick('Nuevo León'), pick('Nuevo León'), pick('Nuevo León')].map((v) => v?.id_usuario)).toEqual([
      10, 12, 10,
    ]);
    // Now 10:2, 12:1, 11:2 → 12; then all 2 → 10 (lowest), 11, 12...
    expect([pick('Nuevo León'), pick('Nuevo León'), pick('Nuevo León')].map((v) => v?.id_usuario)).toEqual([
      12, 10, 11,
    ]);
    expect(pick('Jalisco')?.id_usuario).toBe(20);
    expect(pick('Sonora')).toBeNull();
  });

  it('does not change the loads it was given', () => {
    createVisitorPicker(visitors)('Nuevo León');
    expect(visitors[1]?.open).toBe(0);
  });
});

describe('processRows', () => {
  it('proposes visitors, normalises the state and formats the address', () => {
    const result = processRows([row(2, { Estado: 'NL', Extra: 'x' }), row(3, { Estado: 'jalisco' })], {
      visitors,
      openFolios: new Set(),
    });
    expect(result.validCount).toBe(2);
    expect(result.invalidCount).toBe(0);
    expect(result.processedData[0]).toEqual({
      id_folio: 'F-2',
      visitor_id: 10,
      state_of_folio: 'Nuevo León',
      state_of_visitor: 'Nuevo León',
      address_complete_folio: 'Av. Garza Sada 2501, Tecnológico, Monterrey, Nuevo León, CP 64849',
      row_index: 2,
      Folio: 'F-2',
      Calle: 'Av. Garza Sada 2501',
      Colonia: 'Tecnológico',
      Ciudad: 'Monterrey',
      Estado: 'NL',
      'Codigo Postal': '64849',
      Tel1: '8112345678',
      Extra: 'x',
    });
    expect(result.processedData[1]).toMatchObject({ visitor_id: 20, state_of_folio: 'Jalisco' });
  });

  it('leaves the visitor empty when nobody covers the state', () => {
    const result = processRows([row(2, { Estado: 'Sonora' })], { visitors, openFolios: new Set() });
    expect(result.processedData[0]).toMatchObject({
      visitor_id: null,
      state_of_visitor: null,
      state_of_folio: 'Sonora',
    });
  });

  it('lists every invalid row with its reason and file row number', () => {
    const result = processRows(
      [
        row(2),
        row(3, { Folio: 'F-2' }),
        row(4, { Estado: 'Atlantis' }),
        { row_index: 5, Folio: null, Calle: '  ' },
        row(6, { Colonia: null }),
        row(7, { Folio: 'ABIERTO' }),
        row(8, { Tel1: '+,' }),
      ],
      { visitors, openFolios: new Set(['ABIERTO']) },
    );
    expect(result.validCount).toBe(1);
    expect(result.invalidRows.map((r) => [r.row_index, r.reason])).toEqual([
      [3, 'Folio duplicado en el archivo: "F-2"'],
      [4, 'Estado no reconocido: "Atlantis"'],
      [5, 'Fila vacía'],
      [6, 'Campo obligatorio faltante: "Colonia"'],
      [7, 'El folio "ABIERTO" ya tiene una asignación abierta'],
      [8, 'Campo obligatorio faltante: "Tel1"'],
    ]);
    expect(result.invalidRows[1]?.data).toMatchObject({ Folio: 'F-4', Estado: 'Atlantis' });
    expect(result.invalidRows[1]?.data).not.toHaveProperty('row_index');
  });

  it('counts the rows of the batch when balancing visitors', () => {
    const rows = Array.from({ length: 6 }, (_, i) => row(i + 2));
    const ids = processRows(rows, { visitors, openFolios: new Set() }).processedData.map((r) => r.visitor_id);
    expect(ids).toEqual([10, 12, 10, 12, 10, 11]);
  });
});

describe('checkSaveRows', () => {
  const active = new Set([10, 11, 12, 20]);

  it('re-derives everything from the row and ignores what the browser computed', () => {
    const { candidates, failures } = checkSaveRows(
      [
        {
          ...row(2, {
            Estado: 'N.L.',
            'Nombre Alumno': 'Ana',
            'Dia que Agendo en CRM': '07/03/2026',
            Notas: 'ok',
          }),
          id_folio: 'OTRO',
          visitor_id: '11',
          state_of_folio: 'Jalisco',
          address_complete_folio: 'falsa',
        },
      ],
      { activeVisitors: active, openFolios: new Set() },
    );
    expect(failures).toEqual([]);
    expect(candidates[0]).toMatchObject({
      rowIndex: 2,
      visitorId: 11,
      fields: {
        folio: 'F-2',
        estado: 'Nuevo León',
        nombre_alumno: 'Ana',
        dia_agendo_crm: '2026-03-07',
        direccion: 'Av. Garza Sada 2501, Tecnológico, Monterrey, Nuevo León, CP 64849',
        extra: { Notas: 'ok' },
      },
    });
  });

  it('reads each folio field as cellText of the cleaned cell: numbers, booleans, renamed and padded headers', () => {
    const { candidates, failures } = checkSaveRows(
      [
        {
          row_index: 2,
          FOLIO: 12345,
          ' calle ': '  Av. Ñandú 7  ',
          Colonia: 3.5,
          CIUDAD: 'Monterrey',
          ESTADO: 'nuevo leon',
          'CÓDIGO POSTAL': 64000,
          tel1: '+52 81,1234 ',
          Tel2: '   ',
          'Campus Ingreso': true,
          nombre_alumno: ' Zoé ',
          dia_agendo_crm: '5/1/26',
          visitor_id: 10,
        },
      ],
      { activeVisitors: active, openFolios: new Set() },
    );
    expect(failures).toEqual([]);
    expect(candidates[0]?.fields).toMatchObject({
      folio: '12345',
      calle: 'Av. Ñandú 7',
      colonia: '3.5',
      ciudad: 'Monterrey',
      estado: 'Nuevo León',
      codigo_postal: '64000',
      tel1: '52 811234',
      tel2: null,
      tel3: null,
      campus_ingreso: 'true',
      nombre_alumno: 'Zoé',
      dia_agendo_crm: '2026-01-05',
      direccion: 'Av. Ñandú 7, 3.5, Monterrey, Nuevo León, CP 64000',
      extra: null,
    });
  });

  it('fails rows without a valid visitor, repeated, open or invalid', () => {
    const { candidates, failures } = checkSaveRows(
      [
        { ...row(2), visitor_id: null },
        { ...row(3), visitor_id: 'Sin asignar' },
        { ...row(4), visitor_id: 99 },
        { ...row(5), visitor_id: 10 },
        { ...row(6, { Folio: 'F-5' }), visitor_id: 10 },
        { ...row(7, { Folio: 'ABIERTO' }), visitor_id: 10 },
        { ...row(8, { Estado: 'Texas' }), visitor_id: 10 },
        { ...row(9, { Calle: null }), visitor_id: 10 },
      ],
      { activeVisitors: active, openFolios: new Set(['ABIERTO']) },
    );
    expect(candidates.map((c) => c.fields.folio)).toEqual(['F-5']);
    expect(failures.map((f) => [f.row_index, f.reason])).toEqual([
      [2, MISSING_VISITOR_REASON],
      [3, MISSING_VISITOR_REASON],
      [4, 'El visitador "99" no es un Visitador activo'],
      [6, 'Folio duplicado en el archivo: "F-5"'],
      [7, 'El folio "ABIERTO" ya tiene una asignación abierta'],
      [8, 'Estado no reconocido: "Texas"'],
      [9, 'Campo obligatorio faltante: "Calle"'],
    ]);
  });

  it('uses id_folio when the row carries no Folio column', () => {
    const { Folio: _f, ...noFolio } = row(2);
    const { candidates } = checkSaveRows([{ ...noFolio, id_folio: 'X-1', visitor_id: 10 }], {
      activeVisitors: active,
      openFolios: new Set(),
    });
    expect(candidates[0]?.fields.folio).toBe('X-1');
  });
});

describe('toIsoDate', () => {
  it.each([
    ['2026-03-07', '2026-03-07'],
    ['2026-03-07T10:00:00Z', '2026-03-07'],
    ['7/3/2026', '2026-03-07'],
    ['07/03/26', '2026-03-07'],
    ['31/02/2026', null],
    ['0000-01-01', null],
    ['1/1/0000', null],
    ['0001-01-01', '0001-01-01'],
    ['mañana', null],
    [null, null],
  ])('%s → %s', (input, expected) => {
    expect(toIsoDate(input)).toBe(expected);
  });
});
