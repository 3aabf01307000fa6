/**
 * In-memory spreadsheet parser for stories and tests (exported only from `@socio/features/testing`): answers
 * a prepared sheet (or one per file name), reports progress over an optional delay, can fail with any of the
 * spec's file errors or never finish, and records the files the wizard saves.
 */
import { KNOWN_COLUMNS, type UploadRow } from '@socio/contracts';
import { fakeDelay } from '../../testing/fake-delay';
import {
  type ParsedSheet,
  SpreadsheetError,
  type SpreadsheetErrorCode,
  type SpreadsheetParser,
} from './spreadsheet.port';

/** The known columns up to Tel2, then two extra columns a university sheet carries (kept as they come). */
export const DEMO_HEADERS = [
  ...KNOWN_COLUMNS.filter((column) => column !== 'Tel3' && column !== 'Tel4'),
  'Nombre Alumno',
  'Campus Ingreso',
];

const STATES = ['Nuevo León', 'Jalisco', 'Ciudad de México', 'Puebla', 'Yucatán'];
const CITIES: Record<string, string> = {
  'Nuevo León': 'Monterrey',
  Jalisco: 'Guadalajara',
  'Ciudad de México': 'Coyoacán',
  Puebla: 'Puebla',
  Yucatán: 'Mérida',
};

/** The file cells of a demo row (no `__id` / `row_index`). */
function cellsOf(row: UploadRow | undefined): Record<string, string | null> {
  const cells: Record<string, string | null> = {};
  for (const header of DEMO_HEADERS) cells[header] = (row?.[header] as string | null | undefined) ?? null;
  return cells;
}

export interface DemoSheetOptions {
  /** Valid rows (default 12). */
  valid?: number;
  /** Adds an empty row, a row without Colonia and a repeated folio (file row numbers in between). */
  withInvalid?: boolean;
  /** First folio number (default 1). */
  firstFolio?: number;
}

/** A TEC_MTY sheet as the reader answers it: folios over five states (Yucatán has no demo visitor). */
export function demoSheet({
  valid = 12,
  withInvalid = false,
  firstFolio = 1,
}: DemoSheetOptions = {}): ParsedSheet {
  const rows: UploadRow[] = [];
  const add = (cells: Record<string, string | null>) => {
    const n = rows.length + 1;
    rows.push({ __id: n, row_index: n + 1, ...cells });
  };
  for (let i = 0; i < valid; i++) {
    const folio = firstFolio + i;
    const estado = STATES[i % STATES.length] as string;
    add({
      Folio: `TEC-${String(folio).padStart(6, '0')}`,
      Calle: `Av. Reforma ${100 + i}`,
      Colonia: 'Centro',
      Ciudad: CITIES[estado] ?? 'Centro',
      Estado: estado,
      'Codigo Postal': String(64000 + (i % 900)),
      Tel1: String(8110000000 + folio),
      Tel2: null,
      'Nombre Alumno': `Alumno ${folio}`,
      'Campus Ingreso': 'Monterrey',
    });
    if (withInvalid && i === 1) {
      add(Object.fromEntries(DEMO_HEADERS.map((h) => [h, null])));
      add({ ...cellsOf(rows[0]), Folio: 'TEC-SIN-COLONIA', Colonia: null });
    }
  }
  if (withInvalid) add({ ...cellsOf(rows[0]), Tel2: '8187654321' });
  return { headers: [...DEMO_HEADERS], rows };
}

export interface FakeSpreadsheetOptions {
  /** The sheet every file reads as (default `demoSheet({ withInvalid: true })`). */
  sheet?: ParsedSheet | ((file: File) => ParsedSheet);
  /** Fail every read with this error. */
  error?: SpreadsheetErrorCode;
  /** Milliseconds a read takes, reported as progress in five steps (default 0). */
  delay?: number;
  /** Stop at this fraction and never finish (until cancelled). */
  stallAt?: number;
  /**
   * A workbook with several sheets, by name in order: a read answers the asked sheet, else the first with
   * data rows (like the app's reader), with every sheet's name.
   */
  sheets?: Record<string, ParsedSheet>;
  /**
   * Data rows the file is said to hold (without building them): a read with a smaller `maxRows` stops
   * after the first progress report with 'too-many-rows', as the app's reader does once it knows the count.
   */
  rowCount?: number | ((file: File) => number | undefined);
}

export interface FakeSpreadsheetParser extends SpreadsheetParser {
  /** Files handed to `saveFile`, in order. */
  saved: { blob: Blob; fileName: string }[];
  /** Names of the files read. */
  reads: string[];
}

/** Rows per `onRows` call of the fake reader. */
const FAKE_CHUNK_ROWS = 1_000;

const copy = (sheet: ParsedSheet): ParsedSheet => ({
  headers: [...sheet.headers],
  rows: sheet.rows.map((row) => ({ ...row })),
});

export function createFakeSpreadsheetParser(options: FakeSpreadsheetOptions = {}): FakeSpreadsheetParser {
  const { sheet = demoSheet({ withInvalid: true }), error, delay = 0, stallAt, sheets, rowCount } = options;
  const saved: FakeSpreadsheetParser['saved'] = [];
  const reads: string[] = [];
  return {
    saved,
    reads,
    saveFile(blob, fileName) {
      saved.push({ blob, fileName });
    },
    async parse(file, o = {}) {
      reads.push(file.name);
      const { signal, onProgress } = o;
      if (stallAt !== undefined) {
        onProgress?.(stallAt);
        await new Promise<never>((_, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason), { once: true });
        });
      }
      for (let step = 1; step <= 5; step++) {
        await fakeDelay(delay / 5, signal);
        onProgress?.(step / 5);
        const rows = typeof rowCount === 'function' ? rowCount(file) : rowCount;
        if (rows !== undefined && o.maxRows !== undefined && rows > o.maxRows)
          throw new SpreadsheetError('too-many-rows', undefined, rows);
      }
      signal?.throwIfAborted();
      if (error) throw new SpreadsheetError(error);
      // The rows go to `onRows` too, in chunks, as the app's reader hands them over while it reads.
      const handOver = (read: ParsedSheet) => {
        for (let i = 0; i < read.rows.length; i += FAKE_CHUNK_ROWS)
          o.onRows?.(read.headers, read.rows.slice(i, i + FAKE_CHUNK_ROWS));
        return read;
      };
      if (sheets) {
        const names = Object.keys(sheets);
        const name = o.sheet ?? names.find((n) => (sheets[n]?.rows.length ?? 0) > 0) ?? names[0] ?? '';
        const chosen = sheets[name] ?? { headers: [], rows: [] };
        return { ...handOver(copy(chosen)), sheetNames: names, sheet: name };
      }
      return handOver(copy(typeof sheet === 'function' ? sheet(file) : sheet));
    },
  };
}
