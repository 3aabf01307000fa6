import { describe, expect, it } from 'vitest';
import { classifyRows, classifyRowsSync, streamClassification } from './classify';
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

describe('streamClassification: rows classified as they are read', () => {
  /** 1,000 rows: valid ones, empty ones, incomplete ones and folios repeated across chunks. */
  const sheetRows = () =>
    Array.from({ length: 1_000 }, (_, i) => {
      const n = i + 2;
      if (i % 97 === 5) return row(n, Object.fromEntries(headers.map((h) => [h, null])));
      if (i % 13 === 3) return row(n, { Calle: null });
      if (i % 11 === 7) return row(n, { Folio: `F-${n - 300 > 1 ? n - 300 : 2}` });
      return row(n);
    });
  const chunksOf = <T>(items: readonly T[], size: number) => {
    const chunks: T[][] = [];
    for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
    return chunks;
  };

  it('gives what classifyRows gives on the whole sheet, with a restart in the middle (rows before it void)', async () => {
    const rows = sheetRows();
    const stream = streamClassification({ budgetMs: 0 });
    // A first read, 400 rows in, then void: the reader starts over (its folios would all repeat).
    const voided = rows.slice(0, 400).map((r) => ({ ...r, Folio: 'F-2' }));
    for (const chunk of chunksOf(voided, 64)) stream.rows(headers, chunk);
    while (stream.classified < 200) await new Promise((resolve) => setTimeout(resolve, 0));
    stream.restart();
    for (const chunk of chunksOf(rows, 64)) stream.rows(headers, chunk);
    const streamed = await stream.finish(headers, rows);
    const whole = await classifyRows(headers, rows, { budgetMs: 0 });
    expect(whole.invalid.map((r) => r.reason)).toEqual(
      expect.arrayContaining([
        'Fila vacía',
        'Campo obligatorio faltante: "Calle"',
        'Folio duplicado en el archivo: "F-2"',
      ]),
    );
    expect(streamed).toEqual(whole);
    // The stream did the work (not a classification from scratch at the end).
    expect(stream.classified).toBe(rows.length);
  });

  it('classifies the chunks while they arrive: at the end only what was left is done', async () => {
    const rows = sheetRows();
    const stream = streamClassification({ budgetMs: 0 });
    const chunks = chunksOf(rows, 100);
    for (const chunk of chunks.slice(0, -1)) stream.rows(headers, chunk);
    // The page gets its turns (a task each) while the reader is still at work.
    while (stream.classified < 900) await new Promise((resolve) => setTimeout(resolve, 0));
    stream.rows(headers, chunks.at(-1) as typeof rows);
    expect(await stream.finish(headers, rows)).toEqual(classifyRowsSync(headers, rows));
    expect(stream.classified).toBe(rows.length);
  });

  it('classifies from scratch when the rows streamed are not the sheet read (no hook calls, other headers)', async () => {
    const rows = sheetRows();
    const none = streamClassification({ budgetMs: 0 });
    expect(await none.finish(headers, rows)).toEqual(classifyRowsSync(headers, rows));
    const other = streamClassification({ budgetMs: 0 });
    other.rows(headers.slice(0, 2), rows);
    expect(await other.finish(headers, rows)).toEqual(classifyRowsSync(headers, rows));
    const partial = streamClassification({ budgetMs: 0 });
    partial.rows(headers, rows.slice(0, 500));
    expect(await partial.finish(headers, rows)).toEqual(classifyRowsSync(headers, rows));
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const stream = streamClassification({ signal: controller.signal, budgetMs: 0 });
    stream.rows(headers, sheetRows());
    controller.abort();
    await expect(stream.finish(headers, sheetRows())).rejects.toThrow();
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
