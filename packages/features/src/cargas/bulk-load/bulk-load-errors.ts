/** Spanish messages for what can go wrong in the wizard . */
import { MAX_ROWS_PER_CARGA } from '@socio/contracts';
import { isApiError } from '../../errors';
import { bulkLoadMessages as m } from './messages.es';
import { isSpreadsheetError } from './spreadsheet.port';

/** True when `error` is the abort of a cancelled read or request. */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * A file that could not be read: the spec's four file errors, a file with more rows than a carga can save
 * (with the limit), else 'Error al procesar el archivo: …'.
 */
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
      case 'too-many-rows':
        return m.tooManyRows(error.rowCount, MAX_ROWS_PER_CARGA);
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

/**
 * '{fallback}: {detail}', or the fallback alone when there is no detail, or the detail alone when it
 * already says the fallback: never 'Error al procesar los datos: Error al procesar los datos'.
 */
function withDetail(
  fallback: string,
  format: (detail: string) => string,
  detail: string | undefined,
): string {
  const text = detail?.trim();
  if (!text) return fallback;
  return text.toLocaleLowerCase('es-MX').startsWith(fallback.toLocaleLowerCase('es-MX'))
    ? text
    : format(text);
}

/** 'Error al procesar los datos: {detail}' (server detail), else 'Error al procesar los datos'. */
export function processErrorMessage(error: unknown): string {
  return withDetail(m.processErrorDefault, m.processError, detailOf(error));
}

/** 'Error al guardar la carga: {detail}' (server detail, or the save's message), else 'Error al guardar la carga'. */
export function saveErrorMessage(error: unknown): string {
  return withDetail(m.saveErrorDefault, m.saveError, typeof error === 'string' ? error : detailOf(error));
}
