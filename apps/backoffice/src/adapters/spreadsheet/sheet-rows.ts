/**
 * What both workbook readers (SheetJS's grid in `parse-core.ts`, the streaming .xlsx reader in
 * `xlsx-stream.ts`) share: the text a cell shows, the header names, how a column's values are finished,
 * and the sink that hands built rows over in chunks. One home, so the two readers cannot drift.
 */

import * as XLSX from '@e965/xlsx';
import { DIGIT_COLUMNS, headerKey, stripDigitsCell, type UploadRow } from '@socio/contracts';

/**
 * The readers throw the port's own `SpreadsheetError` (the worker posts its code and row count back, and
 * `worker-parser.ts` rebuilds it on the page): one class for 'this file cannot be read', on both sides.
 */
export { SpreadsheetError } from '@socio/features/cargas/bulk-load';

export interface ParseHooks {
  /** Fraction 0–1 of the whole read. */
  onProgress?: (fraction: number) => void;
  /**
   * Rows are handed over in chunks as they are built (the worker posts each chunk): `chunkSize` rows, by
   * default as many as keep a chunk within `MAX_CELLS_PER_CHUNK` values.
   */
  onRows?: (rows: UploadRow[]) => void;
  /** The header names of the rows handed over next: called before the first chunk, and again after a restart. */
  onHeaders?: (headers: string[]) => void;
  /**
   * The rows handed over so far are void: the read starts again (the streaming .xlsx reader met a column
   * wider than its header, or something it leaves to SheetJS, after rows had gone).
   */
  onRestart?: () => void;
  chunkSize?: number;
  /**
   * The streaming .xlsx reader: compressed bytes inflated per step (default 64 KB), and the length of the
   * sheet text it holds after each step (tests show it never holds the sheet's XML whole).
   */
  xlsx?: { inputChunkBytes?: number; onHeldText?: (chars: number) => void };
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

/** Excel's error values by SheetJS's numeric code. */
export const ERROR_TEXT: Record<number, string> = {
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

/**
 * A workbook cell as the person sees it in Excel (text), or null when empty: `type` and `value` as SheetJS
 * types a cell ('s', 'n', 'b', 'd', 'e'), `z` its number format.
 */
export function cellValueText(
  type: string,
  value: unknown,
  z: string | undefined,
  date1904: boolean,
): string | null {
  switch (type) {
    case 's': {
      const text = String(value ?? '').trim();
      return text === '' ? null : text;
    }
    case 'n': {
      if (typeof value !== 'number') return null;
      const kind = formatKind(z);
      if (kind === 'date') return excelDate(value, date1904);
      if (kind === 'format') {
        try {
          const text = XLSX.SSF.format(z as string, value).trim();
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
export function headerNames(raw: readonly (string | null | undefined)[], width: number): string[] {
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
export type ColumnRule = 0 | 1 | 2;
export function columnRules(headers: readonly string[]): ColumnRule[] {
  return headers.map((h) => {
    const key = headerKey(h);
    if (key === POSTAL_KEY) return 2;
    return DIGIT_KEYS.has(key) ? 1 : 0;
  });
}

/** '8112345678.0', '6400.00': a whole number written with a zero decimal part (CSV exports of numbers). */
const ZERO_DECIMALS = /^(\d+)\.0+$/;

export function finish(value: string | null, rule: ColumnRule): string | null {
  if (value === null || rule === 0) return value;
  let digits = stripDigitsCell(value);
  // No trailing '.0' in a phone or postal code (and then a 4-digit CP still gets its leading zero).
  const whole = digits === null ? null : ZERO_DECIMALS.exec(digits);
  if (whole) digits = whole[1] as string;
  if (rule === 2 && digits !== null && /^\d{4}$/.test(digits)) return `0${digits}`;
  return digits;
}

/**
 * Most values (cells, `row_index` and `__id` included) in one chunk of rows handed over: the page's main
 * thread deserialises each chunk the worker posts in one task, which must stay short on a busy 2-core machine
 * (issue 21: no main-thread task over 100 ms while reading): 1,000 rows of 10 columns cost up to 9 ms of CPU
 * there (median 1.2 ms), which waiting for a core stretched past 100 ms; 341 rows cost a median 0.4 ms.
 */
export const MAX_CELLS_PER_CHUNK = 4_096;

/** Rows per chunk for rows of `width` values: at least one. */
export const chunkRows = (width: number) => Math.max(1, Math.floor(MAX_CELLS_PER_CHUNK / Math.max(1, width)));

/**
 * Builds the data rows of one sheet and hands them over: in chunks through `onRows`, else kept in `rows`.
 * Row r (1 = the first data row) keeps its file row number and the id r.
 */
export class RowSink {
  rows: UploadRow[] = [];
  private chunk: UploadRow[] = [];
  private handedOver = false;
  private headersHanded = false;
  private headers: string[] = [];
  private rules: ColumnRule[] = [];
  constructor(private readonly hooks: ParseHooks) {}

  setHeaders(headers: string[]) {
    this.headers = headers;
    this.headersHanded = false;
    this.rules = columnRules(headers);
  }

  /** Row r from its cells' texts (column c of the header's width, before finishing). */
  add(r: number, rowNumber: number, text: (c: number) => string | null | undefined) {
    const row: UploadRow = { __id: r, row_index: rowNumber };
    const { headers, rules } = this;
    for (let c = 0; c < headers.length; c++)
      row[headers[c] as string] = finish(text(c) ?? null, rules[c] as ColumnRule);
    const { onRows, chunkSize = chunkRows(headers.length + 2) } = this.hooks;
    if (!onRows) {
      this.rows.push(row);
      return;
    }
    this.chunk.push(row);
    if (this.chunk.length >= chunkSize) this.flush();
  }

  flush() {
    if (this.chunk.length === 0) return;
    const chunk = this.chunk;
    this.chunk = [];
    this.handedOver = true;
    if (!this.headersHanded) {
      this.headersHanded = true;
      this.hooks.onHeaders?.(this.headers);
    }
    this.hooks.onRows?.(chunk);
  }

  /** Forgets every row built so far; the consumer is told when some had been handed over. */
  restart() {
    this.rows = [];
    this.chunk = [];
    if (this.handedOver) this.hooks.onRestart?.();
    this.handedOver = false;
    this.headersHanded = false;
  }
}
