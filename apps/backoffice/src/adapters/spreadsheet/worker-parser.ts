/**
 * `SpreadsheetParser` for the browser: each file is read by a Web Worker (an .xlsx by the streaming reader,
 * other workbooks by SheetJS, `@e965/xlsx` 0.20.3), so the page stays responsive; cancelling terminates the
 * worker. The worker module (and SheetJS) is only downloaded when the bulk-load dialog opens (`warmUp`) or
 * a file is read.
 */
import type { UploadRow } from '@socio/contracts';
import { type ParsedSheet, SpreadsheetError, type SpreadsheetParser } from '@socio/features/cargas/bulk-load';
import { saveFile as saveBlobAsFile } from '../browser/save-file';
import type { FromWorker, ToWorker } from './protocol';

export type WorkerFactory = () => Worker;

const defaultFactory: WorkerFactory = () =>
  new Worker(new URL('./spreadsheet.worker.ts', import.meta.url), {
    type: 'module',
    name: 'hojas-de-calculo',
  });

/**
 * Distinct values of a column that still share one string each on the page; a column past it (folios,
 * phones, names) is left as it comes.
 */
export const SHARED_VALUES_PER_COLUMN = 4_096;

/**
 * Gives each repeated cell value one string: a structured clone makes a fresh string for every cell, and a
 * million rows repeat a few states, cities, colonias and postal codes (about a third of the rows' memory).
 */
function createValueSharer() {
  const columns = new Map<string, Map<string, string> | null>();
  return (row: UploadRow) => {
    for (const key in row) {
      const value = row[key];
      if (typeof value !== 'string') continue;
      let values = columns.get(key);
      if (values === null) continue;
      if (values === undefined) {
        values = new Map();
        columns.set(key, values);
      }
      const shared = values.get(value);
      if (shared !== undefined) row[key] = shared;
      else if (values.size < SHARED_VALUES_PER_COLUMN) values.set(value, value);
      else columns.set(key, null);
    }
  };
}

/**
 * Least growth of the fraction passed on to `onProgress` (besides the end): every value passed re-renders the
 * wizard on the main thread, and the streaming reader reports each 64 KB it inflates (800 times for a
 * 1,048,575-row sheet).
 */
export const PROGRESS_STEP = 0.01;

/** Bytes per millisecond SheetJS reads a workbook at, to move the bar while it cannot report. */
const WORKBOOK_BYTES_PER_MS = 4_000;

export function createWorkerSpreadsheetParser(
  createWorker: WorkerFactory = defaultFactory,
  saveFile: (blob: Blob, fileName: string) => void = saveBlobAsFile,
): SpreadsheetParser {
  /** A started worker kept ready for the next file (SheetJS already loaded). */
  let spare: Worker | null = null;
  const take = () => {
    const worker = spare ?? createWorker();
    spare = null;
    return worker;
  };

  return {
    warmUp() {
      if (spare) return;
      // Creating the worker downloads and starts its module (SheetJS); no message is needed.
      spare = createWorker();
    },
    saveFile,
    parse(file, o = {}) {
      const { signal, onProgress, sheet, maxRows, onRows, onRestart } = o;
      return new Promise<ParsedSheet>((resolve, reject) => {
        if (signal?.aborted) {
          reject(signal.reason);
          return;
        }
        const worker = take();
        let rows: UploadRow[] = [];
        let share = createValueSharer();
        /** The header names of the rows arriving now ('headers' comes before them): for `onRows`. */
        let headers: string[] | null = null;
        let shown = 0;
        const show = (fraction: number) => {
          if (fraction < 1 ? fraction < shown + PROGRESS_STEP : shown === 1) return;
          shown = fraction;
          onProgress?.(fraction);
        };
        // While SheetJS parses a workbook it cannot report: move the bar by the expected time, up to 65%.
        const workbook = !/\.csv$/i.test(file.name);
        const expectedMs = Math.max(200, file.size / WORKBOOK_BYTES_PER_MS);
        const started = performance.now();
        const ticker = workbook
          ? setInterval(() => {
              const elapsed = performance.now() - started;
              show(Math.min(0.65, 0.05 + 0.6 * (1 - Math.exp(-elapsed / expectedMs))));
            }, 100)
          : null;
        const finish = () => {
          if (ticker) clearInterval(ticker);
          signal?.removeEventListener('abort', abort);
          worker.onmessage = null;
          worker.onerror = null;
          worker.terminate();
        };
        const abort = () => {
          finish();
          reject(signal?.reason ?? new DOMException('Lectura cancelada', 'AbortError'));
        };
        signal?.addEventListener('abort', abort, { once: true });
        worker.onerror = (event) => {
          finish();
          reject(new SpreadsheetError('unreadable', event.message));
        };
        worker.onmessage = (event: MessageEvent<FromWorker>) => {
          const message = event.data;
          switch (message.type) {
            case 'progress':
              show(message.fraction);
              break;
            case 'headers':
              headers = message.headers;
              break;
            case 'rows':
              for (const row of message.rows) {
                share(row);
                rows.push(row);
              }
              if (headers) onRows?.(headers, message.rows);
              break;
            case 'restart':
              rows = [];
              share = createValueSharer();
              headers = null;
              onRestart?.();
              break;
            case 'done':
              finish();
              show(1);
              resolve({
                headers: message.headers,
                rows,
                sheetNames: message.sheetNames,
                sheet: message.sheet ?? undefined,
              });
              break;
            case 'error':
              finish();
              reject(
                message.code
                  ? new SpreadsheetError(message.code, message.message, message.rowCount)
                  : new Error(message.message),
              );
              break;
          }
        };
        worker.postMessage({ type: 'parse', file, sheet, maxRows } satisfies ToWorker);
      });
    },
  };
}
