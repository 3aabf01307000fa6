/** Messages between the spreadsheet worker and the page. */

import type { UploadRow } from '@socio/contracts';
import type { SpreadsheetErrorCode } from '@socio/features/cargas/bulk-load';

export type ToWorker = { type: 'parse'; file: File; sheet?: string; maxRows?: number };

export type FromWorker =
  | { type: 'progress'; fraction: number }
  /**
   * The header names the rows posted from now on are keyed by: posted before the first 'rows' of a read and
   * again after a 'restart', so the page can classify rows as they come.
   */
  | { type: 'headers'; headers: string[] }
  | { type: 'rows'; rows: UploadRow[] }
  /** The rows posted so far are void: the read starts over (see `ParseHooks.onRestart`). */
  | { type: 'restart' }
  | { type: 'done'; headers: string[]; rowCount: number; sheetNames: string[]; sheet: string | null }
  | { type: 'error'; code: SpreadsheetErrorCode | null; message: string; rowCount?: number };
