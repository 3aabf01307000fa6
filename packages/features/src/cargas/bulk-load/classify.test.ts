import { describe, expect, it } from 'vitest';
import { classifyRows, classifyRowsSync } from './classify';
import { csvCell, invalidRowsCsv, invalidRowsFileName } from './invalid-rows-csv';

const headers = ['Folio', 'Calle', 'Colonia', 'Ciudad', 'Estado', 'Código Postal', 'Tel1', 'Extra'];
const row = (row_index: number, over: Record<string, unknown> = {}) => ({
  __id: row_index - 1,
  row_index,
  Folio: `F-${row_index}`,
  Calle: 'Calle 1',
  Colonia: 'Centro',
  Ciudad: 'Monterrey',
  Estado: 'Nuevo León',
  'Código Postal': '64000',
  Tel1: '8112345678',
  Extra: null,
  ...over,
});

describe('classifyRows', () => {
  it('splits valid rows from empty, incomplete and repeated ones with the spec reasons', async () => {
    const rows = [
      row(2),
      row(3, {
        Folio: null,
        Calle: null,
        Colonia: null,
        Ciudad: null,
        Estado: null,
        'Código Postal': null,
        Tel1: null,
      }),
      row(4, { Colonia: '  ' }),
      row(5, { Folio: 'F-2' }),
      row(6, { Tel1: '+' }),
    ];
    const result = await classifyRows(headers, rows, { budgetMs: 0 });
    expect(result.valid.map((r) => r.row_index)).toEqual([2]);
    expect(result.invalid.map((r) => [r.row_index, r.reason])).toEqual([
      [3, 'Fila vacía'],
      [4, 'Campo obligatorio faltante: "Colonia"'],
      [5, 'Folio duplicado en el archivo: "F-2"'],
      [6, 'Campo obligatorio faltante: "Tel1"'],
    ]);
    // Invalid rows carry the file cells only.
    expect(result.invalid[1]?.data).not.toHaveProperty('__id');
    expect(result.invalid[1]?.data).not.toHaveProperty('row_index');
    expect(classifyRowsSync(headers, rows)).toEqual(result);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      classifyRows(headers, [row(2), row(3)], { signal: controller.signal, budgetMs: 0 }),
    ).rejects.toThrow();
  });
});

describe('invalid rows CSV', () => {
  it('starts with a BOM, puts row and reason first and quotes what needs it', () => {
    const csv = invalidRowsCsv(
      ['Folio', 'Calle'],
      [
        {
          data: { Folio: 'A', Calle: 'Av. 1, int. "2"', Nota: 'ñ' },
          reason: 'Campo obligatorio faltante: "Tel1"',
          row_index: 7,
        },
      ],
      { row: 'Fila', reason: 'Motivo' },
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Fila,Motivo,Folio,Calle,Nota',
      '7,"Campo obligatorio faltante: ""Tel1""",A,"Av. 1, int. ""2""",ñ',
      '',
    ]);
  });

  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+52 81')).toBe("'+52 81");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell(null)).toBe('');
    expect(csvCell('normal')).toBe('normal');
  });

  it('names the file filas_invalidas_<timestamp>.csv', () => {
    expect(invalidRowsFileName(new Date(2026, 10, 23, 18, 5, 9))).toBe('filas_invalidas_20261123_180509.csv');
  });
});
