/**
 * Spreadsheet rows of a carga: cleaning and validity, shared by the browser and the server.
 *
 * A row is an object keyed by the header names exactly as read from the file (empty headers are named
 * `Column_N` by the reader); `row_index` is the file row number (the header is row 1, so data starts at 2).
 */

/** The known columns of a TEC_MTY file. */
export const KNOWN_COLUMNS = [
  'Folio',
  'Calle',
  'Colonia',
  'Ciudad',
  'Estado',
  'Codigo Postal',
  'Tel1',
  'Tel2',
  'Tel3',
  'Tel4',
] as const;
export type KnownColumn = (typeof KNOWN_COLUMNS)[number];

/** Columns a row must carry, in the order they are checked. */
export const REQUIRED_COLUMNS = [
  'Folio',
  'Calle',
  'Colonia',
  'Ciudad',
  'Estado',
  'Codigo Postal',
  'Tel1',
] as const satisfies readonly KnownColumn[];

/** Columns whose commas and plus signs are stripped ('+52 81 1234,5678' → '52 81 12345678'). */
export const DIGIT_COLUMNS = ['Codigo Postal', 'Tel1', 'Tel2', 'Tel3', 'Tel4'] as const;

/** Keys that are bookkeeping, not file cells: `row_index` and anything starting with two underscores. */
export function isMetaKey(key: string): boolean {
  return key === 'row_index' || key.startsWith('__');
}

export type CellValue = string | number | boolean | null;
export type SheetRow = Record<string, unknown>;

const WORD = /[^a-z0-9]+/g;
/** Headers repeat on every row of a file: their keys are computed once. */
const headerKeys = new Map<string, string>();
/** Header comparison key: 'Código  postal' and 'codigo_postal' both → 'codigopostal'. */
export function headerKey(header: string): string {
  let key = headerKeys.get(header);
  if (key === undefined) {
    key = header
      .normalize('NFD')
      .replace(/\p{M}+/gu, '')
      .toLowerCase()
      .replace(WORD, '');
    if (headerKeys.size >= 10_000) headerKeys.clear();
    headerKeys.set(header, key);
  }
  return key;
}

/**
 * The key under which `row` carries the known column `column`: the exact header when present, else a header
 * that differs only in case, accents, spaces or punctuation ('CÓDIGO POSTAL', 'codigo_postal').
 */
export function findColumnKey(row: SheetRow, column: string): string | undefined {
  if (Object.hasOwn(row, column)) return column;
  const wanted = headerKey(column);
  for (const key in row) {
    if (Object.hasOwn(row, key) && !isMetaKey(key) && headerKey(key) === wanted) return key;
  }
  return undefined;
}

/** Value of a known column (tolerant header match, see `findColumnKey`). */
export function getColumn(row: SheetRow, column: string): unknown {
  const key = findColumnKey(row, column);
  return key === undefined ? undefined : row[key];
}

/** Reads columns of rows; `createColumnReader` gives a fast one for a whole file. */
export interface ColumnReader {
  get(row: SheetRow, column: string): unknown;
}

/** Reader matching headers row by row (`getColumn`). */
export const rowColumnReader: ColumnReader = { get: getColumn };

/** A `ColumnReader` that learns headers as rows are added (`add`), for rows that arrive one by one. */
export interface GrowingColumnReader extends ColumnReader {
  /** Learns the headers of `row`; a row is read right only once it, or a row with its headers, was added. */
  add(row: SheetRow): void;
}

/**
 * A reader for many rows of one file: which headers stand for each of `columns` is resolved once per header
 * seen, instead of once per row. Same answers as `getColumn`. Rows given later with `add` (a body read as it
 * arrives) are read exactly as if they had all been given at once: a row's own headers rank among themselves
 * by where each first appeared, which rows after it never change.
 */
export function createColumnReader(
  rows: Iterable<SheetRow>,
  columns: readonly string[],
): GrowingColumnReader {
  const keys = new Set<string>();
  const wanted = new Map<string, string>(columns.map((column) => [column, headerKey(column)]));
  const candidates = new Map<string, string[]>(columns.map((column) => [column, []]));
  const learn = (key: string) => {
    keys.add(key);
    const normal = isMetaKey(key) ? null : headerKey(key);
    for (const [column, list] of candidates) {
      // The exact header first, then the others in the order they first appeared.
      if (key === column) list.unshift(key);
      else if (normal !== null && normal === wanted.get(column)) list.push(key);
    }
  };
  const add = (row: SheetRow) => {
    for (const key in row) if (!keys.has(key)) learn(key);
  };
  for (const row of rows) add(row);
  return {
    add,
    get(row, column) {
      const list = candidates.get(column);
      if (list === undefined) return getColumn(row, column);
      for (const key of list) if (Object.hasOwn(row, key)) return row[key];
      return undefined;
    },
  };
}

/** True when a cell counts as empty: null, undefined, '' or only blanks. */
export function isBlank(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (typeof value === 'number') return Number.isNaN(value);
  return false;
}

/**
 * `text` without NUL characters: PostgreSQL's text and jsonb cannot hold one, nor can an xlsx cell; a CSV can (kept,
 * one made save_carga refuse the whole carga).
 */
export function withoutNul(text: string): string {
  return text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
}

/**
 * One cell cleaned: empty → null, strings without NUL characters (`withoutNul`) and trimmed; Date → ISO date; other
 * objects → their text.
 */
export function cleanCell(value: unknown): CellValue {
  if (typeof value === 'string') {
    const text = withoutNul(value).trim();
    return text === '' ? null : text;
  }
  if (isBlank(value)) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  return String(value);
}

/** Strips commas and plus signs of a phone or postal-code cell; null when nothing is left. */
export function stripDigitsCell(value: unknown): string | null {
  const cell = cleanCell(value);
  if (cell === null) return null;
  const stripped = String(cell).replace(/[,+]/g, '').trim();
  return stripped === '' ? null : stripped;
}

const DIGIT_KEYS = new Set<string>(DIGIT_COLUMNS.map(headerKey));

/** How `cleanRow` treats a key: kept as is (bookkeeping), a digit cell, or any other cell. */
const META_CELL = 0;
const DIGITS_CELL = 1;
const PLAIN_CELL = 2;
type CellKind = typeof META_CELL | typeof DIGITS_CELL | typeof PLAIN_CELL;
/** Each key's kind, worked out once (a file repeats its headers on every row). */
const cellKinds = new Map<string, CellKind>();
function cellKind(key: string): CellKind {
  let kind = cellKinds.get(key);
  if (kind === undefined) {
    if (isMetaKey(key)) kind = META_CELL;
    else kind = DIGIT_KEYS.has(headerKey(key)) ? DIGITS_CELL : PLAIN_CELL;
    if (cellKinds.size >= 10_000) cellKinds.clear();
    cellKinds.set(key, kind);
  }
  return kind;
}

/**
 * A cleaned row: every empty cell becomes null, strings are trimmed, and in Codigo Postal and
 * Tel1 to Tel4 commas and plus signs are stripped (those cells become text). Keys are kept as read.
 */
export function cleanRow<T extends SheetRow>(row: T): T {
  const out: SheetRow = {};
  for (const key in row) if (Object.hasOwn(row, key)) out[key] = cleanedCell(key, row[key]);
  return out as T;
}

/**
 * `cleanRow` done on `row` itself (same keys, same order, same values as the copy `cleanRow` gives), for a row
 * its caller owns: a carga cleans 100,000 of them, and a copy of each is one more object to build and collect.
 */
export function cleanRowInPlace<T extends SheetRow>(row: T): T {
  const cells = row as SheetRow;
  for (const key in cells) if (Object.hasOwn(cells, key)) cells[key] = cleanedCell(key, cells[key]);
  return row;
}

/** One cell of the row as `cleanRow` gives it: bookkeeping kept as is, digit cells stripped, others cleaned. */
function cleanedCell(key: string, value: unknown): unknown {
  const kind = cellKind(key);
  if (kind === META_CELL) return value;
  return kind === DIGITS_CELL ? stripDigitsCell(value) : cleanCell(value);
}

/** True when every file cell of the row is empty. */
export function isEmptyRow(row: SheetRow): boolean {
  for (const key in row) {
    if (Object.hasOwn(row, key) && !isMetaKey(key) && !isBlank(row[key])) return false;
  }
  return true;
}

export const EMPTY_ROW_REASON = 'Fila vacía';
export function missingFieldReason(field: string): string {
  return `Campo obligatorio faltante: "${field}"`;
}

export type RowValidity = { valid: true } | { valid: false; reason: string };

/**
 * Row validity: 'Fila vacía' when every cell is empty; otherwise the first of Folio, Calle, Colonia,
 * Ciudad, Estado, Codigo Postal, Tel1 that is missing, null or blank gives 'Campo obligatorio faltante: "<field>"'.
 */
export function validateRow(row: SheetRow, reader: ColumnReader = rowColumnReader): RowValidity {
  if (isEmptyRow(row)) return { valid: false, reason: EMPTY_ROW_REASON };
  for (let i = 0; i < REQUIRED_COLUMNS.length; i++) {
    const field = REQUIRED_COLUMNS[i]!;
    const value = reader.get(row, field);
    const blank = REQUIRED_DIGITS[i] ? stripDigitsCell(value) === null : isBlank(value);
    if (blank) return { valid: false, reason: missingFieldReason(field) };
  }
  return VALID;
}
/** Whether each of `REQUIRED_COLUMNS` is a digit column. */
const REQUIRED_DIGITS = REQUIRED_COLUMNS.map((field) => DIGIT_KEYS.has(headerKey(field)));
const VALID: RowValidity = Object.freeze({ valid: true });

/** A cell of a row already cleaned (`cleanRow`) as text: a string as it is, another value as its text, or null. */
export function cleanedText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  return value === null || value === undefined ? null : String(value);
}

/** A cell as text (numbers keep their digits: 64000 → '64000'), or null when empty. */
export function cellText(value: unknown): string | null {
  const cell = cleanCell(value);
  return cell === null ? null : String(cell);
}

/** A row is unassigned when its visitor is empty or contains 'sin asignar' in any case. */
export function isUnassigned(visitor: unknown): boolean {
  if (isBlank(visitor)) return true;
  // A visitor id (what process_carga answers): counted over a million rows on each step-3 render, so no text.
  if (typeof visitor === 'number') return false;
  return String(visitor).toLowerCase().includes('sin asignar');
}
