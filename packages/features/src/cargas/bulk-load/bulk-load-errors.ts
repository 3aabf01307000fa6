/** Spanish messages for what can go wrong in the wizard . */
import { isApiError } from '../../errors';
import { bulkLoadMessages as m } from './messages.es';
import { isSpreadsheetError } from './spreadsheet.port';

/** True when `error` is the abort of a cancelled read or request. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/** A file that could not be read: the spec's four file errors, else 'Error al procesar el archivo: …'. */
export function readErrorMessage(error: unknown): string {
  if (isSpreadsheetError(error)) {
    switch (error.code) {
      case 'unsupported':
        return m.unsupportedFile;
      case 'empty':
        return m.emptyFile;
      case 'no-data':
        return m.noData;
      case 'unreadable':
        return m.readError;
    }
  }
  if (error instanceof Error && error.message) return m.fileError(error.message);
  return m.readError;
}

function detailOf(error: unknown): string | undefined {
  if (isApiError(error)) return error.detailText;
  if (error instanceof Error && error.message) return error.message;
  return undefined;
}

/** 'Error al procesar los datos: {detail}' (server detail or 'Error al procesar los datos'). */
export function processErrorMessage(error: unknown): string {
  return m.processError(detailOf(error) ?? m.processErrorDefault);
}

/** 'Error al guardar la carga: {detail}' (server detail or 'Error al guardar la carga'). */
export function saveErrorMessage(error: unknown): string {
  return m.saveError(detailOf(error) ?? m.saveErrorDefault);
}
