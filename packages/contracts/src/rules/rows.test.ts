import { describe, expect, it } from 'vitest';
import {
  cellText,
  cleanRow,
  cleanRowInPlace,
  createColumnReader,
  findColumnKey,
  isEmptyRow,
  isUnassigned,
  missingFieldReason,
  REQUIRED_COLUMNS,
  validateRow,
} from './rows';

const full = {
  row_index: 2,
  Folio: 'A-1',
  Calle: 'Av. Garza Sada 2501',
  Colonia: 'Tecnológico',
  Ciudad: 'Monterrey',
  Estado: 'Nuevo León',
  'Codigo Postal': '64849',
  Tel1: '8112345678',
  Tel2: null,
  Extra: 'x',
};

describe('validateRow', () => {
  it('accepts a row with every required field', () => {
    expect(validateRow(full)).toEqual({ valid: true });
  });

  it('flags an all-empty row as "Fila vacía" (row_index and __meta keys do not count)', () => {
    expect(validateRow({ row_index: 5, __rowNum__: 4, Folio: null, Calle: '  ', Tel1: '' })).toEqual({
      valid: false,
      reason: 'Fila vacía',
    });
    expect(isEmptyRow({ row_index: 3 })).toBe(true);
  });

  it.each(REQUIRED_COLUMNS)('names the missing required field %s', (field) => {
    const row: Record<string, unknown> = { ...full, [field]: '   ' };
    expect(validateRow(row)).toEqual({ valid: false, reason: `Campo obligatorio faltante: "${field}"` });
    const { [field]: _omitted, ...without } = full as Record<string, unknown>;
    expect(validateRow(without)).toEqual({ valid: false, reason: missingFieldReason(field) });
  });

  it('reports the first missing field in spec order', () => {
    expect(validateRow({ ...full, Tel1: null, Calle: null, Estado: null })).toEqual({
      valid: false,
      reason: 'Campo obligatorio faltante: "Calle"',
    });
  });

  it('reads rows added one by one (a body as it arrives) exactly as when given all at once', () => {
    // Row 3 carries two spellings of Folio: the one that appeared first in the file (row 2's) wins, whichever
    // order row 3 lists them in; the exact header wins over any spelling.
    const rows = [
      { row_index: 2, folio: 'a' },
      { row_index: 3, FOLIO: 'b', folio: 'c' },
      { row_index: 4, FOLIO: 'd', Folio: 'e' },
      { row_index: 5, 'FOLIO ': 'f' },
    ];
    const whole = createColumnReader(rows, ['Folio']);
    const growing = createColumnReader([], ['Folio']);
    const read = rows.map((row) => {
      growing.add(row);
      return growing.get(row, 'Folio');
    });
    expect(read).toEqual(rows.map((row) => whole.get(row, 'Folio')));
    expect(read).toEqual(['a', 'c', 'e', 'f']);
  });

  it('treats a postal code or phone made only of commas and plus signs as missing', () => {
    expect(validateRow({ ...full, Tel1: '+,' })).toEqual({
      valid: false,
      reason: 'Campo obligatorio faltante: "Tel1"',
    });
  });

  it('accepts numeric cells and headers differing in case or accents', () => {
    const row = {
      row_index: 2,
      FOLIO: 123,
      calle: 'x',
      colonia: 'y',
      ciudad: 'z',
      estado: 'NL',
      'Código Postal': 64000,
      tel1: 8112345678,
    };
    expect(validateRow(row)).toEqual({ valid: true });
    expect(findColumnKey(row, 'Codigo Postal')).toBe('Código Postal');
  });
});

describe('cleanRow', () => {
  it('drops NUL characters from text (PostgreSQL cannot store them); a cell of only NUL and spaces is empty', () => {
    expect(
      cleanRow({ Calle: 'Av\u0000 Juárez\u0000 1 ', Colonia: ' \u0000 ', Tel1: '81\u00001234' }),
    ).toEqual({
      Calle: 'Av Juárez 1',
      Colonia: null,
      Tel1: '811234',
    });
  });

  it('turns empty cells into null, trims text and strips commas and plus signs in CP and phones', () => {
    const cleaned = cleanRow({
      row_index: 2,
      Folio: ' F-9 ',
      Calle: '',
      Colonia: '   ',
      'Codigo Postal': '64,000',
      Tel1: '+52 81 1234,5678',
      Tel2: '+',
      Tel3: 8112345678,
      Tel4: undefined,
      Notas: 'a, b + c',
      Column_12: null,
    });
    expect(cleaned).toEqual({
      row_index: 2,
      Folio: 'F-9',
      Calle: null,
      Colonia: null,
      'Codigo Postal': '64000',
      Tel1: '52 81 12345678',
      Tel2: null,
      Tel3: '8112345678',
      Tel4: null,
      Notas: 'a, b + c',
      Column_12: null,
    });
  });

  it('keeps non-text cells and gives dates as ISO text', () => {
    expect(cleanRow({ A: 5, B: true, C: new Date('2026-03-07T00:00:00Z') })).toEqual({
      A: 5,
      B: true,
      C: '2026-03-07',
    });
  });

  it('cleanRowInPlace gives, in the row itself, what cleanRow gives (keys in the same order)', () => {
    const rows = [
      {
        row_index: 2,
        Folio: ' F-9 ',
        Calle: '',
        'Codigo Postal': '64,000',
        Tel1: '+52 81',
        Tel2: '+',
        Notas: ' a ',
      },
      {
        10: ' x ',
        A: 5,
        B: true,
        C: new Date('2026-03-07T00:00:00Z'),
        __meta: ' kept ',
        D: Number.NaN,
        E: null,
      },
      { 'código postal': 64000, TEL1: '  ', Column_3: undefined },
    ];
    for (const row of rows) {
      const copy = cleanRow(row);
      const same = cleanRowInPlace(row);
      expect(same).toBe(row);
      expect(Object.entries(same)).toEqual(Object.entries(copy));
    }
  });

  it('cellText gives numbers as their digits', () => {
    expect(cellText(64000)).toBe('64000');
    expect(cellText('  ')).toBeNull();
  });
});

describe('isUnassigned', () => {
  it.each([
    [null, true],
    [undefined, true],
    ['', true],
    ['  ', true],
    ['Sin asignar', true],
    ['SIN ASIGNAR', true],
    ['-- sin asignar --', true],
    [12, false],
    ['12', false],
    ['Nuevo León', false],
  ])('%j → %s', (visitor, expected) => {
    expect(isUnassigned(visitor)).toBe(expected);
  });
});

describe('createColumnReader', () => {
  it('reads columns of many rows like getColumn does, resolving header spellings once', () => {
    const rows = [
      { row_index: 2, FOLIO: 'A', 'Código Postal': '64000' },
      { row_index: 3, Folio: 'B', codigo_postal: '01000' },
      { row_index: 4 },
    ];
    const reader = createColumnReader(rows, ['Folio', 'Codigo Postal']);
    expect(rows.map((r) => reader.get(r, 'Folio'))).toEqual(['A', 'B', undefined]);
    expect(rows.map((r) => reader.get(r, 'Codigo Postal'))).toEqual(['64000', '01000', undefined]);
    expect(rows.map((r) => reader.get(r, 'Tel1'))).toEqual([undefined, undefined, undefined]);
    expect(validateRow(rows[0]!, reader)).toEqual({
      valid: false,
      reason: 'Campo obligatorio faltante: "Calle"',
    });
  });
});
