// @vitest-environment node
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { decodeCsv, detectDelimiter, parseCsv } from './csv';
import { parseSpreadsheet, plainNumber, SpreadsheetError } from './parse-core';
import { chunkRows, MAX_CELLS_PER_CHUNK } from './sheet-rows';

/** A workbook file with one sheet of `aoa`; `patch` adjusts cells (formats) before writing. */
function workbook(
  aoa: unknown[][],
  bookType: 'xlsx' | 'biff8',
  patch?: (sheet: XLSX.WorkSheet) => void,
): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet(aoa);
  patch?.(sheet);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Hoja1');
  return new Uint8Array(XLSX.write(book, { type: 'array', bookType }) as ArrayBuffer);
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const withBom = (bytes: Uint8Array) => new Uint8Array([0xef, 0xbb, 0xbf, ...bytes]);
/** Windows-1252 bytes (the Latin-1 range, what Excel on Windows writes for Spanish text). */
const cp1252 = (text: string) => new Uint8Array(Buffer.from(text, 'latin1'));
const utf16le = (text: string) => new Uint8Array([0xff, 0xfe, ...Buffer.from(text, 'utf16le')]);

const HEADER = ['Folio', 'Calle', 'Colonia', 'Ciudad', 'Estado', 'Codigo Postal', 'Tel1'];

function parse(bytes: Uint8Array, name: string) {
  return parseSpreadsheet({ bytes, name });
}

describe('parseSpreadsheet: workbooks', () => {
  for (const [bookType, name] of [
    ['xlsx', 'carga.xlsx'],
    ['biff8', 'carga.xls'],
  ] as const) {
    it(`reads a ${name}: headers, file row numbers, ids and values as Excel shows them`, () => {
      const bytes = workbook(
        [
          HEADER,
          ['TEC-1', 'Av. Garza Sada 2501', 'Tecnológico', 'Monterrey', 'Nuevo León', 6400, 8112345678],
          ['TEC-2', ' Calle 5 ', 'Centro', 'Guadalajara', 'Jalisco', '44100', 528112345678901],
        ],
        bookType,
      );
      const sheet = parse(bytes, name);
      expect(sheet.headers).toEqual(HEADER);
      expect(sheet.rows).toEqual([
        {
          __id: 1,
          row_index: 2,
          Folio: 'TEC-1',
          Calle: 'Av. Garza Sada 2501',
          Colonia: 'Tecnológico',
          Ciudad: 'Monterrey',
          Estado: 'Nuevo León',
          'Codigo Postal': '06400',
          Tel1: '8112345678',
        },
        {
          __id: 2,
          row_index: 3,
          Folio: 'TEC-2',
          Calle: 'Calle 5',
          Colonia: 'Centro',
          Ciudad: 'Guadalajara',
          Estado: 'Jalisco',
          'Codigo Postal': '44100',
          Tel1: '528112345678901',
        },
      ]);
    });
  }

  it('shows date cells as dd/mm/aaaa and never writes long numbers in scientific notation', () => {
    const bytes = workbook(
      [
        ['Folio', 'Dia que Agendo en CRM', 'Tel2', 'Monto', 'Entero'],
        ['A', 46037, 1.5e14, 12.5, 3],
      ],
      'xlsx',
      (sheet) => {
        (sheet.B2 as XLSX.CellObject).z = 'dd/mm/yyyy';
        (sheet.C2 as XLSX.CellObject).z = '0.00E+00';
      },
    );
    const [row] = parse(bytes, 'fechas.xlsx').rows;
    expect(row).toMatchObject({
      'Dia que Agendo en CRM': '15/01/2026',
      Tel2: '150000000000000',
      Monto: '12.5',
      Entero: '3',
    });
  });

  it('keeps a custom zero-padded format and strips commas and plus signs from phones and postal codes', () => {
    const bytes = workbook(
      [
        ['Folio', 'Código Postal', 'TEL1', 'Tel3'],
        ['A', 6400, '+52 81,1234,5678', '+528112345678'],
      ],
      'xlsx',
      (sheet) => {
        (sheet.B2 as XLSX.CellObject).z = '00000';
      },
    );
    const [row] = parse(bytes, 'cp.xlsx').rows;
    expect(row).toMatchObject({ 'Código Postal': '06400', TEL1: '52 8112345678', Tel3: '528112345678' });
  });

  it('names empty headers Column_N, keeps extra columns and repeated headers apart', () => {
    const bytes = workbook(
      [
        ['Folio', '', 'Notas', 'Notas'],
        ['A', 'x', 'n1', 'n2'],
      ],
      'xlsx',
    );
    const sheet = parse(bytes, 'h.xlsx');
    expect(sheet.headers).toEqual(['Folio', 'Column_2', 'Notas', 'Notas_2']);
    expect(sheet.rows[0]).toMatchObject({ Column_2: 'x', Notas: 'n1', Notas_2: 'n2' });
  });

  it('keeps blank rows in between (as empty rows) and drops trailing blank rows', () => {
    const bytes = workbook([['Folio', 'Calle'], ['A', 'x'], [], ['B', 'y'], [], ['', '  ']], 'xlsx');
    const sheet = parse(bytes, 'b.xlsx');
    expect(sheet.rows.map((r) => r.row_index)).toEqual([2, 3, 4]);
    expect(sheet.rows[1]).toEqual({ __id: 2, row_index: 3, Folio: null, Calle: null });
  });

  it('reports a header without data rows as "no-data"', () => {
    const bytes = workbook([HEADER], 'xlsx');
    expect(() => parse(bytes, 'solo-encabezado.xlsx')).toThrowError(
      expect.objectContaining({ code: 'no-data' }),
    );
  });

  it('reports a corrupt workbook as "unreadable"', () => {
    const bytes = new Uint8Array([0x50, 0x4b, 3, 4, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(() => parse(bytes, 'roto.xlsx')).toThrowError(expect.objectContaining({ code: 'unreadable' }));
  });

  it('hands rows over in chunks and reports progress up to 1', () => {
    const aoa: unknown[][] = [['Folio', 'Tel1']];
    for (let i = 0; i < 12_345; i++) aoa.push([`F-${i}`, 8110000000 + i]);
    const chunks: number[] = [];
    const progress: number[] = [];
    const result = parseSpreadsheet(
      { bytes: workbook(aoa, 'xlsx'), name: 'grande.xlsx' },
      { onRows: (rows) => chunks.push(rows.length), chunkSize: 5_000, onProgress: (f) => progress.push(f) },
    );
    expect(result.rowCount).toBe(12_345);
    expect(chunks).toEqual([5_000, 5_000, 2_345]);
    expect(progress.at(-1)).toBe(1);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
  });
});

describe('parseSpreadsheet: what one chunk of rows carries', () => {
  const HEADERS = [
    'Folio',
    'Calle',
    'Colonia',
    'Ciudad',
    'Estado',
    'Codigo Postal',
    'Tel1',
    'Tel2',
    'Nombre',
    'Correo',
  ];
  const aoa: unknown[][] = [HEADERS];
  for (let i = 0; i < 3_000; i++) aoa.push(HEADERS.map((h, c) => (c === 6 ? 8110000000 + i : `${h}-${i}`)));

  it.each([
    ['libro.xlsx', () => workbook(aoa, 'xlsx')],
    ['libro.xls', () => workbook(aoa, 'biff8')],
    ['libro.csv', () => utf8(aoa.map((row) => row.join(',')).join('\n'))],
  ])(
    '%s: at most MAX_CELLS_PER_CHUNK values (the page deserialises a chunk in one task), every row handed over',
    (name, bytes) => {
      const chunks: number[] = [];
      const result = parseSpreadsheet(
        { bytes: bytes(), name },
        { onRows: (rows) => chunks.push(rows.length * Object.keys(rows[0] ?? {}).length) },
      );
      expect(result.rowCount).toBe(3_000);
      expect(chunks.length).toBeGreaterThan(1);
      for (const cells of chunks) expect(cells).toBeLessThanOrEqual(MAX_CELLS_PER_CHUNK);
      expect(chunks.reduce((a, b) => a + b, 0)).toBe(3_000 * (HEADERS.length + 2));
    },
  );

  it('a sheet wider than the bound still goes one row at a time', () => {
    expect(chunkRows(MAX_CELLS_PER_CHUNK * 2)).toBe(1);
    expect(chunkRows(12)).toBe(Math.floor(MAX_CELLS_PER_CHUNK / 12));
  });
});

describe('parseSpreadsheet: more rows than the caller can use', () => {
  const csv = (rows: number) => {
    let text = 'Folio,Colonia\n';
    for (let i = 1; i <= rows; i++) text += `F-${i},Centro\n`;
    return utf8(`${text}\n\n`);
  };

  it('stops at the count, before building a row, and says how many data rows the sheet has', () => {
    const built: number[] = [];
    const read = () =>
      parseSpreadsheet(
        { bytes: csv(6), name: 'a.csv', maxRows: 5 },
        { onRows: (rows) => built.push(rows.length) },
      );
    expect(read).toThrowError(expect.objectContaining({ code: 'too-many-rows', rowCount: 6 }));
    expect(built).toEqual([]);
  });

  it('reads a sheet of exactly maxRows data rows (trailing blank lines do not count)', () => {
    expect(parseSpreadsheet({ bytes: csv(5), name: 'a.csv', maxRows: 5 }).rowCount).toBe(5);
  });

  it('refuses a workbook the same way', () => {
    const aoa: unknown[][] = [['Folio']];
    for (let i = 0; i < 4; i++) aoa.push([`F-${i}`]);
    const bytes = workbook(aoa, 'xlsx');
    expect(() => parseSpreadsheet({ bytes, name: 'a.xlsx', maxRows: 3 })).toThrowError(
      expect.objectContaining({ code: 'too-many-rows', rowCount: 4 }),
    );
  });
});

describe('parseSpreadsheet: CSV', () => {
  const text =
    'Folio,Calle,Colonia,Ciudad,Estado,Codigo Postal,Tel1\r\nA-1,Av. Juárez 10,Centro,Mérida,Yucatán,97000,9991234567\r\n';
  const expected = {
    __id: 1,
    row_index: 2,
    Folio: 'A-1',
    Calle: 'Av. Juárez 10',
    Colonia: 'Centro',
    Ciudad: 'Mérida',
    Estado: 'Yucatán',
    'Codigo Postal': '97000',
    Tel1: '9991234567',
  };

  it('reads UTF-8 with BOM', () => {
    expect(parse(withBom(utf8(text)), 'a.csv').rows).toEqual([expected]);
  });
  it('reads UTF-8 without BOM', () => {
    expect(parse(utf8(text), 'a.csv').rows).toEqual([expected]);
  });
  it('reads Windows-1252 (Excel on Windows) when the bytes are not valid UTF-8', () => {
    expect(parse(cp1252(text), 'a.csv').rows).toEqual([expected]);
  });
  it('reads UTF-16 with BOM', () => {
    expect(parse(utf16le(text), 'a.csv').rows).toEqual([expected]);
  });
  it('detects semicolons and tabs as delimiters', () => {
    expect(parse(utf8(text.replaceAll(',', ';')), 'a.csv').rows).toEqual([expected]);
    expect(parse(utf8(text.replaceAll(',', '\t')), 'a.csv').rows).toEqual([expected]);
  });
  it('gives a 4-digit postal code its leading zero, shows ISO dates dd/mm/aaaa, keeps quoted commas', () => {
    const csv = 'Folio,Codigo Postal,Fecha,Calle\nB,6400,2026-01-15,"Calle 1, int. ""B"""\n';
    expect(parse(utf8(csv), 'b.csv').rows[0]).toMatchObject({
      'Codigo Postal': '06400',
      Fecha: '15/01/2026',
      Calle: 'Calle 1, int. "B"',
    });
  });
  it("drops a trailing '.0' from phones and postal codes (before the 4-digit postal-code rule), nowhere else", () => {
    const csv =
      'Folio,Codigo Postal,Tel1,Tel2,Tel3,Tel4,Calle\n' +
      'A,6400.0,8112345678.0,"+52,81,1234,5678.00",81.5,.0,Calle 10.0\n' +
      'B,64849.0,8112345678.01,0.0,1.0e3,,x\n';
    const [a, b] = parse(utf8(csv), 'd.csv').rows;
    expect(a).toMatchObject({
      'Codigo Postal': '06400',
      Tel1: '8112345678',
      Tel2: '528112345678',
      // Not a whole number with zero decimals: left as written.
      Tel3: '81.5',
      Tel4: '.0',
      // Not a phone or postal-code column: untouched.
      Calle: 'Calle 10.0',
    });
    expect(b).toMatchObject({
      'Codigo Postal': '64849',
      Tel1: '8112345678.01',
      Tel2: '0',
      Tel3: '1.0e3',
      Tel4: null,
    });
  });
  it("drops a trailing '.0' typed as text in a workbook's phone and postal-code cells", () => {
    const bytes = workbook(
      [
        ['Folio', 'Codigo Postal', 'Tel1'],
        ['A', '6400.0', '8112345678.0'],
      ],
      'xlsx',
    );
    expect(parse(bytes, 'e.xlsx').rows[0]).toMatchObject({ 'Codigo Postal': '06400', Tel1: '8112345678' });
  });
  it('names empty headers Column_N and keeps blank rows in between', () => {
    const csv = 'Folio,,Calle\nA,1,x\n,,\nB,2,y\n\n\n';
    const sheet = parse(utf8(csv), 'c.csv');
    expect(sheet.headers).toEqual(['Folio', 'Column_2', 'Calle']);
    expect(sheet.rows.map((r) => [r.row_index, r.Folio])).toEqual([
      [2, 'A'],
      [3, null],
      [4, 'B'],
    ]);
  });
  it('reports an empty file, a blank file and a header-only file', () => {
    expect(() => parse(new Uint8Array(), 'v.csv')).toThrowError(expect.objectContaining({ code: 'empty' }));
    expect(() => parse(utf8(' \r\n \n'), 'v.csv')).toThrowError(expect.objectContaining({ code: 'empty' }));
    expect(() => parse(utf8('Folio,Calle\n'), 'h.csv')).toThrowError(
      expect.objectContaining({ code: 'no-data' }),
    );
  });
  it('refuses other formats', () => {
    expect(() => parse(utf8('hola'), 'notas.txt')).toThrowError(SpreadsheetError);
    expect(() => parse(utf8('hola'), 'notas.txt')).toThrowError(
      expect.objectContaining({ code: 'unsupported' }),
    );
  });
});

/** Issue 19 item 10: the content decides, not the name. */
describe('parseSpreadsheet: content check', () => {
  const unsupported = expect.objectContaining({ code: 'unsupported' });

  it('refuses a text file renamed .xlsx or .xls (it reached step 2 with its text as headers)', () => {
    const text = utf8('Lista de pendientes\nllamar a la escuela\n');
    expect(() => parse(text, 'folios.xlsx')).toThrowError(unsupported);
    expect(() => parse(text, 'folios.xls')).toThrowError(unsupported);
  });

  it('refuses a zip that is not a workbook (a Word document renamed .xlsx)', () => {
    const docx = XLSX.CFB.utils.cfb_new();
    const zip = new Uint8Array(
      XLSX.CFB.write(
        (() => {
          XLSX.CFB.utils.cfb_add(docx, 'word/document.xml', utf8('<w:document/>'));
          XLSX.CFB.utils.cfb_add(docx, '[Content_Types].xml', utf8('<Types/>'));
          return docx;
        })(),
        { type: 'array', fileType: 'zip' },
      ) as ArrayBuffer,
    );
    expect([...zip.subarray(0, 2)]).toEqual([0x50, 0x4b]);
    expect(() => parse(zip, 'folios.xlsx')).toThrowError(unsupported);
  });

  it('refuses binary content named .csv (an image)', () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48]);
    expect(() => parse(png, 'folios.csv')).toThrowError(unsupported);
  });

  it('still reads an .xls that is an HTML table or XML spreadsheet export, and UTF-16 CSV', () => {
    const html = utf8(
      '<html><body><table><tr><td>Folio</td><td>Calle</td></tr><tr><td>TEC-1</td><td>Centro</td></tr></table></body></html>',
    );
    expect(parse(html, 'exportacion.xls').rows).toEqual([
      { __id: 1, row_index: 2, Folio: 'TEC-1', Calle: 'Centro' },
    ]);
    expect(parse(utf16le('Folio,Calle\r\nTEC-1,Centro\r\n'), 'u16.csv').rows).toHaveLength(1);
  });

  it('reads a real workbook whatever its name says (.xlsx named .xls)', () => {
    const bytes = workbook(
      [HEADER, ['TEC-1', 'Calle', 'Centro', 'Monterrey', 'Nuevo León', '64000', '81']],
      'xlsx',
    );
    expect(parse(bytes, 'carga.xls').rows).toHaveLength(1);
  });
});

/** Issue 19 item 10: a workbook with several sheets. */
describe('parseSpreadsheet: sheets', () => {
  function book(sheets: Record<string, unknown[][]>, bookType: 'xlsx' | 'biff8' = 'xlsx'): Uint8Array {
    const wb = XLSX.utils.book_new();
    for (const [name, aoa] of Object.entries(sheets)) {
      XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa), name);
    }
    return new Uint8Array(XLSX.write(wb, { type: 'array', bookType }) as ArrayBuffer);
  }
  const sheets = {
    Instrucciones: [['Llena la hoja Folios']],
    Folios: [
      ['Folio', 'Calle'],
      ['TEC-1', 'Centro'],
      ['TEC-2', 'Norte'],
    ],
    Anteriores: [
      ['Folio', 'Calle'],
      ['TEC-9', 'Sur'],
    ],
  };

  for (const bookType of ['xlsx', 'biff8'] as const) {
    it(`${bookType}: reads the first sheet with data rows, not 'no contiene datos válidos', and names every sheet`, () => {
      const result = parse(book(sheets, bookType), bookType === 'xlsx' ? 'libro.xlsx' : 'libro.xls');
      expect(result.sheet).toBe('Folios');
      expect(result.sheetNames).toEqual(['Instrucciones', 'Folios', 'Anteriores']);
      expect(result.rows.map((r) => r.Folio)).toEqual(['TEC-1', 'TEC-2']);
    });
  }

  it('reads the sheet asked for', () => {
    const result = parseSpreadsheet({ bytes: book(sheets), name: 'libro.xlsx', sheet: 'Anteriores' });
    expect(result.sheet).toBe('Anteriores');
    expect(result.rows.map((r) => r.Folio)).toEqual(['TEC-9']);
  });

  it("says 'no-data' only when no sheet has data rows", () => {
    expect(() => parse(book({ Uno: [['Folio']], Dos: [['Folio', 'Calle']] }), 'vacio.xlsx')).toThrowError(
      expect.objectContaining({ code: 'no-data' }),
    );
  });

  it('a CSV has no sheets', () => {
    const result = parse(utf8('Folio\nTEC-1\n'), 'a.csv');
    expect(result.sheetNames).toEqual([]);
    expect(result.sheet).toBeNull();
  });
});

describe('CSV helpers', () => {
  it('decodes by BOM, then UTF-8, then Windows-1252', () => {
    expect(decodeCsv(withBom(utf8('ñ')))).toBe('ñ');
    expect(decodeCsv(cp1252('Peña'))).toBe('Peña');
    expect(decodeCsv(utf16le('Año'))).toBe('Año');
  });
  it('detects the delimiter of the header line, ignoring those inside quotes', () => {
    expect(detectDelimiter('a;b;c\n1;2;3')).toBe(';');
    expect(detectDelimiter('"a;x",b,c\n1,2,3')).toBe(',');
    expect(detectDelimiter('a\tb\n1\t2')).toBe('\t');
  });
  it('parses quoted fields with line breaks', () => {
    expect(parseCsv('a,"b\nc",d\r\n1,2,3', ',')).toEqual([
      ['a', 'b\nc', 'd'],
      ['1', '2', '3'],
    ]);
  });
  it('writes numbers as plain digits', () => {
    expect(plainNumber(1e21)).toBe('1000000000000000000000');
    expect(plainNumber(8112345678)).toBe('8112345678');
    expect(plainNumber(0.5)).toBe('0.5');
  });
});
