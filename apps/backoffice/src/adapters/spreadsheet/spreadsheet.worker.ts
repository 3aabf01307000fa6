/// <reference lib="webworker" />
/**
 * The Web Worker that reads spreadsheets off the main thread: a thin shell around `parse-core.ts`. It posts
 * progress, the header names before the first rows (the page classifies rows as they come), the rows in
 * chunks of at most `MAX_CELLS_PER_CHUNK` values (the page deserialises each in one task of about a
 * millisecond, so a million rows never freeze it), 'restart' when the rows posted so far are void (the
 * headers come again before the rows that follow), and the headers with 'done' at the end.
 */

import { parseSpreadsheet, SpreadsheetError } from './parse-core';
import type { FromWorker, ToWorker } from './protocol';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = (message: FromWorker) => scope.postMessage(message);

scope.onmessage = async (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type !== 'parse') return;
  try {
    const bytes = new Uint8Array(await message.file.arrayBuffer());
    post({ type: 'progress', fraction: 0.05 });
    const result = parseSpreadsheet(
      {
        bytes,
        name: message.file.name,
        type: message.file.type,
        sheet: message.sheet,
        maxRows: message.maxRows,
      },
      {
        onProgress: (fraction) => post({ type: 'progress', fraction }),
        onHeaders: (headers) => post({ type: 'headers', headers }),
        onRows: (rows) => post({ type: 'rows', rows }),
        onRestart: () => post({ type: 'restart' }),
      },
    );
    post({
      type: 'done',
      headers: result.headers,
      rowCount: result.rowCount,
      sheetNames: result.sheetNames,
      sheet: result.sheet,
    });
  } catch (error) {
    post({
      type: 'error',
      code: error instanceof SpreadsheetError ? error.code : null,
      message: error instanceof Error ? error.message : String(error),
      rowCount: error instanceof SpreadsheetError ? error.rowCount : undefined,
    });
  }
};
