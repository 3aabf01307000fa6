/**
 * The spreadsheet reader's core, a plain module (the Web Worker is a thin shell around it; tests run it in
 * Node): bytes of a .xlsx, .xls or .csv → header names and rows with values as a person sees them in Excel.
 *
 * - First row is the header; empty headers become Column_N (N = column number), repeated ones get _2, _3…
 * - Each data row keeps its file row number (`row_index`, header = 1) and an internal id (`__id`).
 * - Text trimmed, empty cells null; numbers as plain digits (never scientific notation, no trailing '.0',
 *   also when a CSV or a text cell of Codigo Postal or Tel1–Tel4 spells it: '8112345678.0');
 *   date cells dd/mm/aaaa; a 4-digit Codigo Postal gets its leading zero back; commas and plus signs
 *   stripped from Codigo Postal and Tel1–Tel4 (the contracts' rule).
 * - Trailing blank rows are dropped; blank rows in between are kept (they are reported as 'Fila vacía').
 */

import * as XLSX from '@e965/xlsx';
import type { UploadRow } from '@socio/contracts';
import { decodeCsv, detectDelimiter, parseCsv } from './csv';
import { contentKind, zipParts } from './file-content';
import { cellValueText, headerNames, type ParseHooks, RowSink, SpreadsheetError } from './sheet-rows';
import { NotStreamable, readXlsxStreaming } from './xlsx-stream';

export { type ParseHooks, plainNumber, SpreadsheetError } from './sheet-rows';

export interface ParseInput {
  bytes: Uint8Array;
  name: string;
  type?: string;
  /** The workbook sheet to read; by default the first one with data rows. */
  sheet?: string;
  /** More data rows than this: 'too-many-rows' as soon as the count is known, before any row is built. */
  maxRows?: number;
  /** false: an .xlsx is read by SheetJS whole, as every other workbook (the streaming reader's yardstick). */
  xlsxStreaming?: boolean;
}

export interface ParseResult {
  headers: string[];
  /** Every row when no `onRows` hook is given; empty otherwise. */
  rows: UploadRow[];
  rowCount: number;
  /** A workbook's sheet names in order (empty for a CSV) and the one read. */
  sheetNames: string[];
  sheet: string | null;
  /** Who read the file: the streaming .xlsx reader, SheetJS, or the CSV reader. */
  reader: 'xlsx-stream' | 'sheetjs' | 'csv';
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A CSV 'AAAA-MM-DD' is shown dd/mm/aaaa, as Excel would show it. */
function csvText(raw: string): string | null {
  const text = raw.trim();
  if (text === '') return null;
  const iso = ISO_DATE.exec(text);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : text;
}

/** A workbook cell as the person sees it in Excel (text), or null when empty. */
function cellText(cell: XLSX.CellObject | undefined, date1904: boolean): string | null {
  return cell ? cellValueText(cell.t, cell.v, cell.z as string | undefined, date1904) : null;
}

/** A grid source: the text of cell (r, c), rows and columns counted from the header. */
interface Grid {
  rowCount: number;
  width: number;
  /** Excel row number of grid row 0 (the header). */
  firstRowNumber: number;
  text(r: number, c: number): string | null;
  /** Whether row r has any non-empty cell (cheap check for trailing blanks). */
  blank(r: number): boolean;
  /**
   * Row r was turned into a row object and is never read again: its cells can go. At 1,048,575 rows the
   * grid and the rows already handed over would otherwise be held at once.
   */
  release(r: number): void;
}

function readWorkbook(bytes: Uint8Array, sheets: number | string): XLSX.WorkBook {
  try {
    return XLSX.read(bytes, {
      type: 'array',
      dense: true,
      cellNF: true,
      cellText: false,
      cellHTML: false,
      cellFormula: false,
      cellStyles: false,
      sheets,
    });
  } catch (error) {
    throw new SpreadsheetError('unreadable', error instanceof Error ? error.message : undefined);
  }
}

/** The grid of one sheet, or null when the sheet has no cells. */
function sheetGrid(workbook: XLSX.WorkBook, name: string): Grid | null {
  const sheet = workbook.Sheets[name];
  if (!sheet?.['!ref']) return null;
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const data = (sheet['!data'] ?? []) as (XLSX.CellObject[] | undefined)[];
  const date1904 = Boolean(workbook.Workbook?.WBProps?.date1904);
  const top = range.s.r;
  const left = range.s.c;
  return {
    rowCount: range.e.r - top + 1,
    width: range.e.c - left + 1,
    firstRowNumber: top + 1,
    text: (r, c) => cellText(data[top + r]?.[left + c], date1904),
    blank: (r) => {
      const row = data[top + r];
      if (!row) return true;
      for (let c = left; c < row.length; c++) if (cellText(row[c], date1904) !== null) return false;
      return true;
    },
    release: (r) => {
      data[top + r] = undefined;
    },
  };
}

/** Index of the last row with something in it (0 = only the header); -1 when the grid is blank. */
function lastFilledRow(grid: Grid): number {
  let last = grid.rowCount - 1;
  while (last >= 0 && grid.blank(last)) last--;
  return last;
}

interface WorkbookSheet {
  grid: Grid;
  sheetNames: string[];
  sheet: string;
}

/**
 * The asked sheet of a workbook, else the first one with data rows (a cover or instructions sheet before
 * the data is skipped), else the first sheet. Only the sheets needed are parsed.
 */
function workbookSheet(bytes: Uint8Array, wanted?: string): WorkbookSheet {
  let workbook = readWorkbook(bytes, wanted ?? 0);
  const sheetNames = [...workbook.SheetNames];
  const load = (name: string) => {
    if (!workbook.Sheets[name]) workbook = readWorkbook(bytes, name);
    return sheetGrid(workbook, name);
  };
  if (wanted !== undefined && sheetNames.includes(wanted)) {
    const grid = load(wanted);
    if (!grid) throw new SpreadsheetError('empty');
    return { grid, sheetNames, sheet: wanted };
  }
  let first: WorkbookSheet | null = null;
  for (const name of sheetNames) {
    const grid = load(name);
    if (!grid) continue;
    const found = { grid, sheetNames, sheet: name };
    if (lastFilledRow(grid) >= 1) return found;
    first ??= found;
  }
  if (!first) throw new SpreadsheetError('empty');
  return first;
}

function csvGrid(bytes: Uint8Array, onProgress?: (fraction: number) => void): Grid {
  const text = decodeCsv(bytes);
  if (text.trim() === '') throw new SpreadsheetError('empty');
  const rows = parseCsv(text, detectDelimiter(text), onProgress);
  let width = 0;
  for (const row of rows) if (row.length > width) width = row.length;
  return {
    rowCount: rows.length,
    width,
    firstRowNumber: 1,
    text: (r, c) => {
      const raw = rows[r]?.[c];
      return raw === undefined ? null : csvText(raw);
    },
    blank: (r) => {
      const row = rows[r];
      if (!row) return true;
      for (const cell of row) if (cell.trim() !== '') return false;
      return true;
    },
    release: (r) => {
      (rows as (string[] | undefined)[])[r] = undefined;
    },
  };
}

/**
 * Reads a sheet of a .xlsx, .xls or .csv file (`input.sheet`, else the first with data rows). The content
 * decides, not the name (`contentKind`). Throws `SpreadsheetError` with the spec's cases.
 *
 * An .xlsx (an Office Open XML zip) is read by the streaming reader (`xlsx-stream.ts`): its sheet is
 * inflated and scanned a slice at a time, so a 1,048,575-row file never sits whole in memory as XML or as
 * SheetJS cells. Everything else (.xls, .xlsb, .ods, HTML/XML exports) and any .xlsx the streaming reader
 * does not understand (`NotStreamable`) is read by SheetJS whole, as before.
 */
export function parseSpreadsheet(input: ParseInput, hooks: ParseHooks = {}): ParseResult {
  const { bytes } = input;
  if (bytes.length === 0) throw new SpreadsheetError('empty');
  const kind = contentKind(bytes, input.name, input.type);
  if (kind === 'unsupported') throw new SpreadsheetError('unsupported');
  const sink = new RowSink(hooks);
  if (kind === 'workbook' && input.xlsxStreaming !== false) {
    const parts = zipParts(bytes);
    if (parts?.has('xl/workbook.xml') || parts?.has('[content_types].xml')) {
      try {
        const read = readXlsxStreaming(bytes, parts, input, sink, hooks);
        return { ...read, rows: sink.rows, reader: 'xlsx-stream' };
      } catch (error) {
        if (!(error instanceof NotStreamable)) throw error;
        // SheetJS reads it from the start; rows already handed over are void.
        sink.restart();
      }
    }
  }
  return parseGrid(input, kind === 'csv', sink, hooks);
}

function parseGrid(input: ParseInput, useCsv: boolean, sink: RowSink, hooks: ParseHooks): ParseResult {
  const { onProgress, onRows } = hooks;
  const book = useCsv ? null : workbookSheet(input.bytes, input.sheet);
  const grid = book ? book.grid : csvGrid(input.bytes, (f) => onProgress?.(0.05 + f * 0.45));
  onProgress?.(useCsv ? 0.5 : 0.7);

  // Last row with something in it; rows after it are trailing blanks.
  const last = lastFilledRow(grid);
  if (last < 0) throw new SpreadsheetError('empty');
  if (input.maxRows !== undefined && last > input.maxRows)
    throw new SpreadsheetError('too-many-rows', undefined, last);

  // Columns: the header's and any wider data, minus trailing columns empty everywhere.
  const rawHeaders: (string | null)[] = [];
  for (let c = 0; c < grid.width; c++) rawHeaders.push(grid.text(0, c));
  let width = grid.width;
  const columnUsed = (c: number) => {
    if (rawHeaders[c] !== null) return true;
    for (let r = 1; r <= last; r++) if (grid.text(r, c) !== null) return true;
    return false;
  };
  while (width > 0 && !columnUsed(width - 1)) width--;
  const headers = headerNames(rawHeaders, width);
  if (last < 1) throw new SpreadsheetError('no-data');

  sink.setHeaders(headers);
  const base = useCsv ? 0.5 : 0.7;
  const span = 1 - base;
  const reportEvery = Math.max(1_000, Math.floor(last / 50));
  for (let r = 1; r <= last; r++) {
    sink.add(r, grid.firstRowNumber + r, (c) => grid.text(r, c));
    if (onRows) grid.release(r);
    if (onProgress && r % reportEvery === 0) onProgress(base + (r / last) * span * 0.98);
  }
  sink.flush();
  onProgress?.(1);
  return {
    headers,
    rows: sink.rows,
    rowCount: last,
    sheetNames: book?.sheetNames ?? [],
    sheet: book?.sheet ?? null,
    reader: useCsv ? 'csv' : 'sheetjs',
  };
}
