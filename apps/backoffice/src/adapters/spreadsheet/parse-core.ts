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
import { DIGIT_COLUMNS, headerKey, stripDigitsCell, type UploadRow } from '@socio/contracts';
import type { SpreadsheetErrorCode } from '@socio/features/cargas/bulk-load';
import { decodeCsv, detectDelimiter, parseCsv } from './csv';
import { contentKind } from './file-content';

export class ParseFailure extends Error {
  readonly code: SpreadsheetErrorCode;
  /** 'too-many-rows': the sheet's data rows. */
  readonly rowCount: number | undefined;
  constructor(code: SpreadsheetErrorCode, detail?: string, rowCount?: number) {
    super(detail ?? code);
    this.name = 'ParseFailure';
    this.code = code;
    this.rowCount = rowCount;
  }
}

export interface ParseInput {
  bytes: Uint8Array;
  name: string;
  type?: string;
  /** The workbook sheet to read; by default the first one with data rows. */
  sheet?: string;
  /** More data rows than this: 'too-many-rows' as soon as the count is known, before any row is built. */
  maxRows?: number;
}

export interface ParseHooks {
  /** Fraction 0–1 of the whole read. */
  onProgress?: (fraction: number) => void;
  /** Rows are handed over in chunks of `chunkSize` as they are built (the worker posts each chunk). */
  onRows?: (rows: UploadRow[]) => void;
  chunkSize?: number;
}

export interface ParseResult {
  headers: string[];
  /** Every row when no `onRows` hook is given; empty otherwise. */
  rows: UploadRow[];
  rowCount: number;
  /** A workbook's sheet names in order (empty for a CSV) and the one read. */
  sheetNames: string[];
  sheet: string | null;
}

/** A number as Excel's General format would write it with enough width: plain digits, no exponent. */
export function plainNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const text = String(value);
  if (!/e/i.test(text)) return text;
  if (Number.isInteger(value)) return BigInt(value).toString();
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** dd/mm/aaaa of an Excel serial date. */
function excelDate(serial: number, date1904: boolean): string | null {
  const parts = XLSX.SSF.parse_date_code(serial, { date1904 });
  if (!parts?.y) return null;
  return `${pad2(parts.d)}/${pad2(parts.m)}/${parts.y}`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A CSV 'AAAA-MM-DD' is shown dd/mm/aaaa, as Excel would show it. */
function csvText(raw: string): string | null {
  const text = raw.trim();
  if (text === '') return null;
  const iso = ISO_DATE.exec(text);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : text;
}

const ERROR_TEXT: Record<number, string> = {
  0: '#NULL!',
  7: '#DIV/0!',
  15: '#VALUE!',
  23: '#REF!',
  29: '#NAME?',
  36: '#NUM!',
  42: '#N/A',
  43: '#GETTING_DATA',
};

const formatCache = new Map<string, 'general' | 'date' | 'exponent' | 'format'>();
function formatKind(z: string | undefined): 'general' | 'date' | 'exponent' | 'format' {
  if (z === undefined || z === 'General') return 'general';
  let kind = formatCache.get(z);
  if (kind === undefined) {
    if (XLSX.SSF.is_date(z)) kind = 'date';
    else if (/E[+-]/i.test(z)) kind = 'exponent';
    else if (/^(@|General|0|#,?##0)$/i.test(z)) kind = 'general';
    else kind = 'format';
    formatCache.set(z, kind);
  }
  return kind;
}

/** A workbook cell as the person sees it in Excel (text), or null when empty. */
function cellText(cell: XLSX.CellObject | undefined, date1904: boolean): string | null {
  if (!cell) return null;
  const value = cell.v;
  switch (cell.t) {
    case 's': {
      const text = String(value ?? '').trim();
      return text === '' ? null : text;
    }
    case 'n': {
      if (typeof value !== 'number') return null;
      const kind = formatKind(cell.z as string | undefined);
      if (kind === 'date') return excelDate(value, date1904);
      if (kind === 'format') {
        try {
          const text = XLSX.SSF.format(cell.z as string, value).trim();
          if (text !== '' && !/E[+-]/i.test(text)) return text;
        } catch {
          // An unusual format: fall back to the digits.
        }
      }
      return plainNumber(value);
    }
    case 'b':
      return value ? 'VERDADERO' : 'FALSO';
    case 'd':
      return value instanceof Date
        ? `${pad2(value.getUTCDate())}/${pad2(value.getUTCMonth() + 1)}/${value.getUTCFullYear()}`
        : null;
    case 'e':
      return typeof value === 'number' ? (ERROR_TEXT[value] ?? '#ERROR') : null;
    default:
      return null;
  }
}

const DIGIT_KEYS = new Set<string>(DIGIT_COLUMNS.map(headerKey));
const POSTAL_KEY = headerKey('Codigo Postal');

/** Unique header names; empty ones become Column_N. */
function headerNames(raw: readonly (string | null)[], width: number): string[] {
  const used = new Map<string, number>();
  const names: string[] = [];
  for (let c = 0; c < width; c++) {
    let name = raw[c] ?? `Column_${c + 1}`;
    const seen = used.get(name) ?? 0;
    used.set(name, seen + 1);
    if (seen > 0) {
      let n = seen + 1;
      while (used.has(`${name}_${n}`)) n++;
      name = `${name}_${n}`;
      used.set(name, 1);
    }
    names.push(name);
  }
  return names;
}

/** How each column's values are finished: plain, digits (phones) or postal code. */
type ColumnRule = 0 | 1 | 2;
function columnRules(headers: readonly string[]): ColumnRule[] {
  return headers.map((h) => {
    const key = headerKey(h);
    if (key === POSTAL_KEY) return 2;
    return DIGIT_KEYS.has(key) ? 1 : 0;
  });
}

/** '8112345678.0', '6400.00': a whole number written with a zero decimal part (CSV exports of numbers). */
const ZERO_DECIMALS = /^(\d+)\.0+$/;

function finish(value: string | null, rule: ColumnRule): string | null {
  if (value === null || rule === 0) return value;
  let digits = stripDigitsCell(value);
  // No trailing '.0' in a phone or postal code (and then a 4-digit CP still gets its leading zero).
  const whole = digits === null ? null : ZERO_DECIMALS.exec(digits);
  if (whole) digits = whole[1] as string;
  if (rule === 2 && digits !== null && /^\d{4}$/.test(digits)) return `0${digits}`;
  return digits;
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
    throw new ParseFailure('unreadable', error instanceof Error ? error.message : undefined);
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
    if (!grid) throw new ParseFailure('empty');
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
  if (!first) throw new ParseFailure('empty');
  return first;
}

function csvGrid(bytes: Uint8Array, onProgress?: (fraction: number) => void): Grid {
  const text = decodeCsv(bytes);
  if (text.trim() === '') throw new ParseFailure('empty');
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
 * decides, not the name (`contentKind`). Throws `ParseFailure` with the spec's cases.
 */
export function parseSpreadsheet(input: ParseInput, hooks: ParseHooks = {}): ParseResult {
  const { bytes } = input;
  const { onProgress, onRows, chunkSize = 1_000 } = hooks;
  if (bytes.length === 0) throw new ParseFailure('empty');
  const kind = contentKind(bytes, input.name, input.type);
  if (kind === 'unsupported') throw new ParseFailure('unsupported');
  const useCsv = kind === 'csv';
  const book = useCsv ? null : workbookSheet(bytes, input.sheet);
  const grid = book ? book.grid : csvGrid(bytes, (f) => onProgress?.(0.05 + f * 0.45));
  onProgress?.(useCsv ? 0.5 : 0.7);

  // Last row with something in it; rows after it are trailing blanks.
  const last = lastFilledRow(grid);
  if (last < 0) throw new ParseFailure('empty');
  if (input.maxRows !== undefined && last > input.maxRows)
    throw new ParseFailure('too-many-rows', undefined, last);

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
  if (last < 1) throw new ParseFailure('no-data');

  const rules = columnRules(headers);
  const rows: UploadRow[] = [];
  let chunk: UploadRow[] = [];
  const base = useCsv ? 0.5 : 0.7;
  const span = 1 - base;
  const reportEvery = Math.max(1_000, Math.floor(last / 50));
  for (let r = 1; r <= last; r++) {
    const row: UploadRow = { __id: r, row_index: grid.firstRowNumber + r };
    for (let c = 0; c < width; c++)
      row[headers[c] as string] = finish(grid.text(r, c), rules[c] as ColumnRule);
    if (onRows) grid.release(r);
    if (onRows) {
      chunk.push(row);
      if (chunk.length >= chunkSize) {
        onRows(chunk);
        chunk = [];
      }
    } else rows.push(row);
    if (onProgress && r % reportEvery === 0) onProgress(base + (r / last) * span * 0.98);
  }
  if (onRows && chunk.length > 0) onRows(chunk);
  onProgress?.(1);
  return { headers, rows, rowCount: last, sheetNames: book?.sheetNames ?? [], sheet: book?.sheet ?? null };
}
