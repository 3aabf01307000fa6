/**
 * Reads a spreadsheet (.xlsx, .xls, .csv) into rows, off the main thread, and saves a file the wizard made
 * (the invalid-rows CSV). The app implements it with a Web Worker running SheetJS
 * (`apps/backoffice/src/adapters/spreadsheet`); stories and tests inject a fake from `@socio/features/testing`.
 */
import type { UploadRow } from '@socio/contracts';

export interface ParseOptions {
  /** Aborts the read (the worker is terminated); the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Progress of the read, 0–1. */
  onProgress?: (fraction: number) => void;
  /** The workbook sheet to read; by default the first one with data rows (a CSV has one). */
  sheet?: string;
  /**
   * Most data rows the caller can use: as soon as the sheet is known to have more (before its rows are
   * built), the read stops and rejects with a `SpreadsheetError` 'too-many-rows' carrying `rowCount`.
   */
  maxRows?: number;
  /**
   * Optional: the data rows as they are read, so the caller can start on them before the read ends (the
   * wizard classifies them, `streamClassification`). Called with chunks in file order, each with the header
   * names its rows are keyed by; the rows are the very objects the resolved `ParsedSheet.rows` holds. A
   * reader may never call it (the fake, a small file): the resolved sheet alone is always complete.
   */
  onRows?: (headers: readonly string[], rows: readonly UploadRow[]) => void;
  /** The rows passed to `onRows` so far are void: the reader started over (they will come again). */
  onRestart?: () => void;
}

/**
 * A sheet as read: header names (empty ones as Column_N, repeated ones suffixed _2, _3…) and the data rows.
 * Each row is keyed by those headers, values as a person sees them in Excel (text; empty → null; dates
 * dd/mm/aaaa; phones and postal codes as digits), `row_index` = file row number (header = 1) and `__id` =
 * an internal id unique within the file. Trailing blank rows are dropped; blank rows in between are kept.
 */
export interface ParsedSheet {
  headers: string[];
  rows: UploadRow[];
  /** A workbook's sheet names, in order (absent or one for a CSV). */
  sheetNames?: string[];
  /** The sheet these rows come from. */
  sheet?: string;
}

/** Why a file could not be read; the wizard shows the spec's message for each. */
export type SpreadsheetErrorCode = 'unsupported' | 'empty' | 'no-data' | 'unreadable' | 'too-many-rows';

export class SpreadsheetError extends Error {
  readonly code: SpreadsheetErrorCode;
  /** 'too-many-rows': the sheet's data rows. */
  readonly rowCount: number | undefined;
  constructor(code: SpreadsheetErrorCode, detail?: string, rowCount?: number) {
    super(detail ?? code);
    this.name = 'SpreadsheetError';
    this.code = code;
    this.rowCount = rowCount;
  }
}

export function isSpreadsheetError(error: unknown): error is SpreadsheetError {
  return error instanceof SpreadsheetError;
}

export interface SpreadsheetParser {
  /**
   * Reads a sheet of `file` (`o.sheet`, else the first with data rows); rejects with a `SpreadsheetError`
   * when it cannot. The content decides, not the name: a text file called .xlsx is 'unsupported'.
   */
  parse(file: File, o?: ParseOptions): Promise<ParsedSheet>;
  /** Hands a file the wizard built (e.g. `filas_invalidas_<timestamp>.csv`) to the user's browser. */
  saveFile(blob: Blob, fileName: string): void;
  /** Optional: gets the reader ready (e.g. starts the worker) before the user picks a file. */
  warmUp?(): void;
}
