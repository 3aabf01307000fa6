// @vitest-environment node
/**
 * The streaming .xlsx reader against SheetJS: every workbook here is written by SheetJS (some then edited
 * the way other writers write them), read once by the streaming reader and once by SheetJS whole
 * (`xlsxStreaming: false`, the reader used before), and both must give the same headers and rows.
 */
import * as XLSX from '@e965/xlsx';
import type { UploadRow } from '@socio/contracts';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type ZipPart, zipParts } from './file-content';
import { type ParseInput, parseSpreadsheet } from './parse-core';
import type { ParseHooks } from './sheet-rows';

const SHEET = 'xl/worksheets/sheet1.xml';

type Cells = Record<string, XLSX.CellObject>;

/** A workbook of sheets given as arrays of rows or as cells by address (with their range), deflated. */
function book(
  sheets: Record<string, unknown[][] | { cells: Cells; ref: string }>,
  options: XLSX.WritingOptions = {},
  props?: XLSX.WorkbookProperties,
): Uint8Array {
  const wb = XLSX.utils.book_new();
  for (const [name, content] of Object.entries(sheets)) {
    const sheet = Array.isArray(content)
      ? XLSX.utils.aoa_to_sheet(content)
      : ({ ...content.cells, '!ref': content.ref } as XLSX.WorkSheet);
    XLSX.utils.book_append_sheet(wb, sheet, name);
  }
  if (props) wb.Workbook = { WBProps: props };
  return new Uint8Array(
    XLSX.write(wb, { type: 'array', bookType: 'xlsx', compression: true, ...options }) as ArrayBuffer,
  );
}

/** The same zip with one part's XML edited (how other writers differ from SheetJS's). */
function edit(bytes: Uint8Array, part: string, change: (xml: string) => string): Uint8Array {
  const files = unzipSync(bytes);
  files[part] = strToU8(change(strFromU8(files[part] as Uint8Array)));
  return zipSync(files);
}

function read(bytes: Uint8Array, input: Partial<ParseInput> = {}, hooks: ParseHooks = {}) {
  return parseSpreadsheet({ bytes, name: 'carga.xlsx', ...input }, hooks);
}

/** Streaming and SheetJS give the same sheet; returns the streamed one. */
function expectSame(bytes: Uint8Array, input: Partial<ParseInput> = {}) {
  const streamed = read(bytes, input);
  const whole = read(bytes, { ...input, xlsxStreaming: false });
  expect(whole.reader).toBe('sheetjs');
  expect(streamed.reader).toBe('xlsx-stream');
  const { reader: _a, ...a } = streamed;
  const { reader: _b, ...b } = whole;
  expect(a).toEqual(b);
  return streamed;
}

/** Failure codes (and counts) of both readers, which must agree. */
function failures(bytes: Uint8Array, input: Partial<ParseInput> = {}) {
  const outcome = (streaming: boolean) => {
    try {
      read(bytes, { ...input, xlsxStreaming: streaming });
      return null;
    } catch (error) {
      return { code: (error as { code?: string }).code, rowCount: (error as { rowCount?: number }).rowCount };
    }
  };
  const streamed = outcome(true);
  expect(streamed).toEqual(outcome(false));
  return streamed;
}

const HEADER = ['Folio', 'Calle', 'Colonia', 'Codigo Postal', 'Tel1', 'Notas'];

describe('the streaming .xlsx reader gives the rows SheetJS gives', () => {
  it('shared strings (trimmed, accents, markup characters, line breaks), numbers, phones and postal codes', () => {
    const rows = [
      HEADER,
      ['TEC-1', ' Av. Garza Sada 2501 ', 'Tecnológico', 6400, 8112345678, 'a < b & "c"'],
      ['TEC-2', 'Calle\r\n5', 'Centro', '44100', '+52 81,1234,5678', '   '],
      ['TEC-3', 'Calle 5', 'Centro', 64000.0, 528112345678901, 'línea 1\nlínea 2'],
      ['TEC-1', 'Av. Garza Sada 2501', 'Tecnológico', 1.5e14, 0.1 + 0.2, -3],
    ];
    const sheet = expectSame(book({ Hoja1: rows }, { bookSST: true }));
    expectSame(book({ Hoja1: rows }, { bookSST: true, compression: false }));
    expect(strFromU8(unzipSync(book({ Hoja1: rows }, { bookSST: true }))[SHEET] as Uint8Array)).toContain(
      't="s"',
    );
    expect(sheet.rows[0]).toMatchObject({ Calle: 'Av. Garza Sada 2501', 'Codigo Postal': '06400' });
  });

  it('SheetJS\'s own text cells (t="str") and inline strings (t="inlineStr", plain and rich text)', () => {
    const rows = [
      HEADER,
      ['TEC-1', 'Av. Juárez', 'Centro', '64000', '8112345678', 'x & y'],
      ['TEC-2', 'Reforma', 'Norte', '64010', '8112345679', 'z'],
    ];
    const bytes = book({ Hoja1: rows });
    expectSame(bytes);
    const inline = edit(bytes, SHEET, (xml) =>
      xml
        .replace(/<c r="([A-Z]+\d+)" t="str"><v>([^<]*)<\/v><\/c>/g, (_, ref: string, text: string) =>
          ref === 'F2'
            ? `<c r="${ref}" t="inlineStr"><is><r><rPr><b/></rPr><t>${text}</t></r><r><t xml:space="preserve"> más</t></r><rPh sb="0" eb="1"><t>フ</t></rPh></is></c>`
            : `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${text}</t></is></c>`,
        )
        .replace(
          '<c r="F3" t="inlineStr"><is><t xml:space="preserve">z</t></is></c>',
          '<c r="F3" t="inlineStr"/>',
        ),
    );
    expect(strFromU8(unzipSync(inline)[SHEET] as Uint8Array)).toContain('t="inlineStr"');
    const sheet = expectSame(inline);
    expect(sheet.rows.map((r) => r.Notas)).toEqual(['x & y más', null]);
  });

  it('dates and number formats (built-in, custom, 1904 date system), booleans and error values', () => {
    const cells: Cells = {
      A1: { t: 's', v: 'Folio' },
      B1: { t: 's', v: 'Fecha' },
      C1: { t: 's', v: 'Codigo Postal' },
      D1: { t: 's', v: 'Monto' },
      E1: { t: 's', v: 'Activo' },
      F1: { t: 's', v: 'Error' },
      G1: { t: 's', v: 'Tel1' },
      A2: { t: 's', v: 'A' },
      B2: { t: 'n', v: 46037, z: 'dd/mm/yyyy' },
      C2: { t: 'n', v: 6400, z: '00000' },
      D2: { t: 'n', v: 1234.5, z: '#,##0.00' },
      E2: { t: 'b', v: true },
      F2: { t: 'e', v: 7 },
      G2: { t: 'n', v: 8112345678, z: '0.00E+00' },
      A3: { t: 's', v: 'B' },
      B3: { t: 'n', v: 45000.75, z: 'm/d/yy' },
      C3: { t: 'n', v: 0.25, z: '0%' },
      D3: { t: 'n', v: 12, z: 'General' },
      E3: { t: 'b', v: false },
      F3: { t: 'e', v: 42 },
      G3: { t: 'n', v: 81, z: '@' },
    };
    for (const date1904 of [false, true]) {
      const sheet = expectSame(book({ Hoja1: { cells, ref: 'A1:G3' } }, {}, { date1904 }));
      expect(sheet.rows[0]).toMatchObject({
        Activo: 'VERDADERO',
        Error: '#DIV/0!',
        'Codigo Postal': '06400',
      });
    }
  });

  it('blank cells, rows and columns: gaps in r= references, header gaps, trailing blanks, repeated names', () => {
    const cells: Cells = {
      A1: { t: 's', v: 'Folio' },
      C1: { t: 's', v: 'Notas' },
      D1: { t: 's', v: 'Notas' },
      A2: { t: 's', v: 'A' },
      B2: { t: 's', v: 'x' },
      D2: { t: 'n', v: 1 },
      A5: { t: 's', v: 'B' },
      C5: { t: 's', v: '  ' },
      A6: { t: 's', v: '' },
      B7: { t: 's', v: ' ' },
      E9: { t: 's', v: '' },
    };
    const sheet = expectSame(book({ Hoja1: { cells, ref: 'A1:F9' } }));
    expect(sheet.headers).toEqual(['Folio', 'Column_2', 'Notas', 'Notas_2']);
    expect(sheet.rows.map((r) => r.row_index)).toEqual([2, 3, 4, 5]);
  });

  it('formulas: their cached values are read, the formula is not; one without a cached value is blank', () => {
    const cells: Cells = {
      A1: { t: 's', v: 'Folio' },
      B1: { t: 's', v: 'Total' },
      C1: { t: 's', v: 'Texto' },
      A2: { t: 's', v: 'A' },
      B2: { t: 'n', v: 5, f: '2+3' },
      C2: { t: 's', v: 'ab', f: '"a"&"b"' },
      A3: { t: 's', v: 'B' },
      B3: { t: 'b', v: true, f: 'TRUE()' },
      C3: { t: 'n', v: 46037, f: 'DATE(2026,1,15)', z: 'dd/mm/yyyy' },
    };
    const bytes = edit(book({ Hoja1: { cells, ref: 'A1:D3' } }), SHEET, (xml) =>
      xml.replace('</row><row r="3">', '<c r="D2"><f>1+1</f></c></row><row r="3">'),
    );
    expect(strFromU8(unzipSync(bytes)[SHEET] as Uint8Array)).toContain('<c r="D2"><f>1+1</f></c>');
    expect(expectSame(bytes).headers).toEqual(['Folio', 'Total', 'Texto']);
  });

  it('a sheet that starts at B3, one without <dimension> (the cells give the range), one with a smaller one', () => {
    const cells: Cells = {
      B3: { t: 's', v: 'Folio' },
      C3: { t: 's', v: 'Calle' },
      B4: { t: 's', v: 'A' },
      C4: { t: 's', v: 'x' },
      B6: { t: 's', v: 'B' },
      D6: { t: 's', v: 'lejos' },
    };
    const bytes = book({ Hoja1: { cells, ref: 'B3:D6' } });
    const sheet = expectSame(bytes);
    expect(sheet.rows.map((r) => r.row_index)).toEqual([4, 5, 6]);
    expectSame(edit(bytes, SHEET, (xml) => xml.replace(/<dimension[^>]*\/>/, '')));
    expectSame(edit(bytes, SHEET, (xml) => xml.replace(/<dimension ref="[^"]*"/, '<dimension ref="B3:C4"')));
    expectSame(
      edit(bytes, SHEET, (xml) => xml.replace(/<dimension ref="[^"]*"/, '<dimension ref="A1:Z100"')),
    );
  });

  it("Excel's row and cell attributes, rows and cells without r=, a namespace prefix on every element", () => {
    const rows = [HEADER, ['A', 'x', 'y', 64000, 81, 'n'], ['B', 'z', null, null, 82, 'm']];
    const bytes = book({ Hoja1: rows }, { bookSST: true });
    expectSame(
      edit(bytes, SHEET, (xml) =>
        xml
          .replace(
            /<row r="(\d+)"/g,
            '<row r="$1" spans="1:6" ht="15" customHeight="1" x14ac:dyDescent="0.25"',
          )
          .replace(/<c r="([A-Z]+\d+)"/g, '<c r="$1" s="0" cm="1"')
          .replace(/<\/c>/g, '</c>\n  ')
          .replace(
            '<worksheet ',
            '<worksheet xmlns:x14ac="http://schemas.microsoft.com/office/spreadsheetml/2009/9/ac" ',
          ),
      ),
    );
    expectSame(
      edit(bytes, SHEET, (xml) => xml.replace(/<row r="\d+"/g, '<row').replace(/ r="[A-Z]+\d+"/g, '')),
    );
    expectSame(
      edit(bytes, SHEET, (xml) =>
        xml
          .replace(/<(\/?)(sheetData|row|c|v|is|t)([ >/])/g, '<$1x:$2$3')
          .replace(
            '<worksheet ',
            '<worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ',
          ),
      ),
    );
  });

  it('the first sheet with data rows, the sheet asked for, and the same refusals', () => {
    const sheets = {
      Instrucciones: [['Llena la hoja Folios']],
      Folios: [
        ['Folio', 'Calle'],
        ['TEC-1', 'Centro'],
      ],
      Anteriores: [
        ['Folio', 'Calle'],
        ['TEC-9', 'Sur'],
      ],
    };
    expect(expectSame(book(sheets)).sheet).toBe('Folios');
    expect(expectSame(book(sheets), { sheet: 'Anteriores' }).rows).toHaveLength(1);
    expect(failures(book({ Uno: [['Folio']], Dos: [['Folio', 'Calle']] }))).toEqual({ code: 'no-data' });
    expect(failures(book({ Uno: { cells: {}, ref: 'A1:B2' } }))).toEqual({ code: 'empty' });
    expect(failures(book(sheets), { sheet: 'Instrucciones' })).toEqual({ code: 'no-data' });
  });

  it('refuses past maxRows before building a row, and reads a sheet whose range only ends in blanks', () => {
    const aoa: unknown[][] = [['Folio']];
    for (let i = 0; i < 6; i++) aoa.push([`F-${i}`]);
    const built: number[] = [];
    const error = (() => {
      try {
        read(book({ Hoja1: aoa }), { maxRows: 5 }, { onRows: (rows) => built.push(rows.length) });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toMatchObject({ code: 'too-many-rows', rowCount: 6 });
    expect(built).toEqual([]);
    expect(failures(book({ Hoja1: aoa }), { maxRows: 5 })).toEqual({ code: 'too-many-rows', rowCount: 6 });
    // A range of 9 rows, 3 of them data and the rest blank: within maxRows 4.
    const padded = book({
      Hoja1: { cells: { A1: { t: 's', v: 'Folio' }, A4: { t: 's', v: 'F' } }, ref: 'A1:A10' },
    });
    expect(expectSame(padded, { maxRows: 4 }).rowCount).toBe(3);
  });
});

/**
 * Reads in chunks of 3 rows as the worker does: the rows kept are those handed over since the last restart,
 * with the headers handed over before each chunk (`keyedBy`, one entry a chunk).
 */
function readInChunks(bytes: Uint8Array) {
  const got: UploadRow[] = [];
  const keyedBy: (string[] | null)[] = [];
  let headers: string[] | null = null;
  let restarts = 0;
  const sheet = read(
    bytes,
    {},
    {
      chunkSize: 3,
      onHeaders: (h) => {
        headers = h;
      },
      onRows: (rows) => {
        got.push(...rows);
        keyedBy.push(headers);
      },
      onRestart: () => {
        restarts++;
        got.length = 0;
        keyedBy.length = 0;
        headers = null;
      },
    },
  );
  return { sheet, got, restarts, keyedBy };
}

describe('the streaming .xlsx reader, as a stream', () => {
  /** n rows of 6 columns, text and numbers. */
  const big = (n: number) => {
    const aoa: unknown[][] = [HEADER];
    for (let i = 0; i < n; i++)
      aoa.push([`F-${i}`, `Calle ${i}`, 'Centro', 64000 + (i % 999), 8110000000 + i, null]);
    return book({ Hoja1: aoa }, { bookSST: true });
  };

  it('never holds the sheet XML whole: it holds about one inflated slice and the row being read', () => {
    const bytes = big(3_000);
    const xmlLength = strFromU8(unzipSync(bytes)[SHEET] as Uint8Array).length;
    const held: number[] = [];
    const chunks: number[] = [];
    const sheet = read(
      bytes,
      {},
      {
        onRows: (rows) => chunks.push(rows.length),
        chunkSize: 500,
        xlsx: { inputChunkBytes: 1_024, onHeldText: (chars) => held.push(chars) },
      },
    );
    expect(sheet.reader).toBe('xlsx-stream');
    expect(chunks).toEqual([500, 500, 500, 500, 500, 500]);
    expect(held.length).toBeGreaterThan(20);
    expect(Math.max(...held)).toBeLessThan(xmlLength / 10);
  });

  it('reports progress from the compressed bytes read, up to 1', () => {
    const progress: number[] = [];
    read(big(2_000), {}, { onProgress: (f) => progress.push(f), xlsx: { inputChunkBytes: 2_048 } });
    expect(progress.length).toBeGreaterThan(5);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
  });

  it('data wider than its header, met after rows went: the rows are void (onRestart), then read again', () => {
    const aoa: unknown[][] = [['Folio', 'Calle']];
    for (let i = 0; i < 10; i++) aoa.push([`F-${i}`, 'x']);
    aoa.push(['F-10', 'x', 'más allá del encabezado']);
    const bytes = book({ Hoja1: aoa });
    const { sheet, got, restarts, keyedBy } = readInChunks(bytes);
    expect(sheet.reader).toBe('xlsx-stream');
    expect(restarts).toBe(1);
    expect(sheet.headers).toEqual(['Folio', 'Calle', 'Column_3']);
    expect(got).toEqual(read(bytes, { xlsxStreaming: false }).rows);
    // The headers come again after the restart, before the rows keyed by them.
    expect(keyedBy).toEqual(Array(4).fill(sheet.headers));
  });

  it('leaves to SheetJS what it does not read (a t="d" cell), even after rows went', () => {
    const aoa: unknown[][] = [['Folio', 'Fecha']];
    for (let i = 0; i < 10; i++) aoa.push([`F-${i}`, null]);
    aoa.push(['F-10', new Date(Date.UTC(2026, 0, 15))]);
    // SheetJS writes t="d" cells when told to keep dates as dates (cellDates).
    const bytes = edit(book({ Hoja1: aoa }), SHEET, (xml) =>
      xml.replace(/<c r="B12" s="1"><v>46037<\/v><\/c>/, '<c r="B12" t="d"><v>2026-01-15T00:00:00Z</v></c>'),
    );
    expect(strFromU8(unzipSync(bytes)[SHEET] as Uint8Array)).toContain('t="d"');
    const { sheet, got, restarts, keyedBy } = readInChunks(bytes);
    expect(sheet.reader).toBe('sheetjs');
    expect(restarts).toBe(1);
    expect(got).toEqual(read(bytes, { xlsxStreaming: false }).rows);
    expect(keyedBy).toEqual(Array(4).fill(sheet.headers));
  });

  it('leaves .xls and damaged workbooks to SheetJS', () => {
    const xls = new Uint8Array(
      XLSX.write(
        (() => {
          const wb = XLSX.utils.book_new();
          XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet([['Folio'], ['A']]), 'Hoja1');
          return wb;
        })(),
        { type: 'array', bookType: 'biff8' },
      ) as ArrayBuffer,
    );
    expect(read(xls, { name: 'a.xls' }).reader).toBe('sheetjs');
    const broken = edit(big(3), SHEET, (xml) => xml.replace('</sheetData>', ''));
    expect(failures(broken)).toEqual({ code: 'empty' });
    // A sheet whose compressed bytes were damaged: fflate fails; SheetJS drops the sheet.
    const damaged = big(500);
    const part = zipParts(damaged)?.get(SHEET) as ZipPart;
    const middle = part.localOffset + 30 + SHEET.length + Math.floor(part.compressedSize / 2);
    damaged.fill(0xff, middle, middle + 64);
    expect(failures(damaged)).toEqual({ code: 'empty' });
  });
});

describe('the streaming .xlsx reader on random workbooks (seeded, the same every run)', () => {
  /** A small linear congruential generator: the same workbooks on every run. */
  const random = (seed: number) => () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
  const pick = <T>(next: () => number, list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const FORMATS = ['General', '0', '0.00', 'dd/mm/yyyy', 'm/d/yy', '00000', '0.00E+00', '#,##0', '0%', '@'];
  const TEXTS = [
    ' a ',
    '',
    '  ',
    'x & y',
    '<b>',
    'Ñandú',
    'línea\r\notra',
    '_x0041_',
    '8112345678.0',
    '+52 81',
  ];
  const HEADERS = ['Folio', 'Tel1', 'Codigo Postal', 'Notas', '', 'Notas', 'Calle'];

  /** Sheets of sparse cells of every type, offset ranges, formulas, stubs; some edited as other writers. */
  function randomBook(next: () => number): Uint8Array {
    const wb = XLSX.utils.book_new();
    const sheets = 1 + Math.floor(next() * 2);
    for (let s = 0; s < sheets; s++) {
      const cells: Cells = {};
      const rows = Math.floor(next() * 12);
      const cols = 1 + Math.floor(next() * 6);
      const top = next() < 0.3 ? Math.floor(next() * 3) : 0;
      const left = next() < 0.3 ? Math.floor(next() * 3) : 0;
      let bottom = top;
      let right = left;
      for (let r = 0; r <= rows; r++)
        for (let c = 0; c < cols; c++) {
          if (next() < 0.25) continue;
          // Now and then a cell past the header's columns.
          const at = { r: top + r, c: left + c + (next() < 0.05 ? 3 : 0) };
          const k = next();
          let cell: XLSX.CellObject;
          if (r === 0) cell = { t: 's', v: pick(next, HEADERS) };
          else if (k < 0.35) cell = { t: 's', v: pick(next, TEXTS) };
          else if (k < 0.7) {
            const v = next() < 0.5 ? Math.floor(next() * 1e10) : (next() - 0.5) * 1e5;
            cell = { t: 'n', v, z: pick(next, FORMATS) };
          } else if (k < 0.8) cell = { t: 'b', v: next() < 0.5 };
          else if (k < 0.85) cell = { t: 'e', v: pick(next, [0, 7, 15, 23, 29, 36, 42]) };
          else if (k < 0.9) cell = { t: 'n', v: 3, f: 'A1+1' };
          else cell = { t: 'z' };
          cells[XLSX.utils.encode_cell(at)] = cell;
          bottom = Math.max(bottom, at.r);
          right = Math.max(right, at.c);
        }
      const range = { s: { r: top, c: left }, e: { r: bottom + (next() < 0.2 ? 2 : 0), c: right } };
      XLSX.utils.book_append_sheet(wb, { ...cells, '!ref': XLSX.utils.encode_range(range) }, `Hoja${s}`);
    }
    if (next() < 0.3) wb.Workbook = { WBProps: { date1904: true } };
    const options = {
      type: 'array',
      bookType: 'xlsx',
      compression: next() < 0.5,
      bookSST: next() < 0.5,
    } as const;
    const bytes = new Uint8Array(XLSX.write(wb, options) as ArrayBuffer);
    const noDimension = next() < 0.3;
    const inline = next() < 0.3;
    if (!noDimension && !inline) return bytes;
    const files = unzipSync(bytes);
    for (const name of Object.keys(files)) {
      if (!name.startsWith('xl/worksheets/sheet')) continue;
      let xml = strFromU8(files[name] as Uint8Array);
      if (noDimension) xml = xml.replace(/<dimension[^>]*\/>/, '');
      if (inline) xml = xml.replace(/t="str"><v>([^<]*)<\/v>/g, 't="inlineStr"><is><t>$1</t></is>');
      files[name] = strToU8(xml);
    }
    return zipSync(files);
  }

  /** The sheet read, or the refusal (code and count), without who read it. */
  function outcome(bytes: Uint8Array, xlsxStreaming: boolean, maxRows?: number) {
    try {
      const { reader, ...sheet } = read(bytes, { xlsxStreaming, maxRows });
      return { sheet, streamed: reader === 'xlsx-stream' };
    } catch (error) {
      return { code: (error as { code?: string }).code, rowCount: (error as { rowCount?: number }).rowCount };
    }
  }

  it('gives what SheetJS gives, streaming every readable one', () => {
    let streamed = 0;
    for (let seed = 1; seed <= 80; seed++) {
      const next = random(seed);
      const bytes = randomBook(next);
      const maxRows = next() < 0.3 ? Math.floor(next() * 8) : undefined;
      const { streamed: used, ...streaming } = outcome(bytes, true, maxRows);
      const { streamed: _, ...whole } = outcome(bytes, false, maxRows);
      expect({ seed, ...streaming }).toEqual({ seed, ...whole });
      if ('sheet' in streaming) {
        expect({ seed, used }).toEqual({ seed, used: true });
        streamed++;
      }
    }
    expect(streamed).toBeGreaterThan(40);
  });
});
