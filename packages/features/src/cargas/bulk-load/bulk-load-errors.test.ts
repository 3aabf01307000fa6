import { MAX_ROWS_PER_CARGA } from '@socio/contracts';
import { describe, expect, it } from 'vitest';
import { readErrorMessage } from './bulk-load-errors';
import { SpreadsheetError } from './spreadsheet.port';

describe('readErrorMessage', () => {
  it('gives the file’s rows and the carga’s limit, es-MX grouped, for a file too big to save', () => {
    const limit = MAX_ROWS_PER_CARGA.toLocaleString('es-MX');
    expect(readErrorMessage(new SpreadsheetError('too-many-rows', undefined, 1_200_000))).toBe(
      `El archivo tiene 1,200,000 filas; el máximo por carga es ${limit}.`,
    );
    expect(readErrorMessage(new SpreadsheetError('too-many-rows'))).toBe(
      `El archivo tiene más de ${limit} filas; el máximo por carga es ${limit}.`,
    );
  });
});
