/**
 * The invalid rows as a CSV a person opens in Excel (step 2): UTF-8 with BOM so accents show right,
 * the file row number and the reason first, then the file's columns. Cells that a spreadsheet would run as
 * a formula (starting with = + - @, a tab or a carriage return) are neutralised with a leading apostrophe.
 */
import type { InvalidRow } from '@socio/contracts';

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One cell as CSV text: neutralised, then quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export interface InvalidRowsCsvLabels {
  row: string;
  reason: string;
}

/** The CSV text (BOM included) of `rows` with the file's `headers` (plus any column only the rows carry). */
export function invalidRowsCsv(
  headers: readonly string[],
  rows: readonly InvalidRow[],
  labels: InvalidRowsCsvLabels,
): string {
  const columns = [...headers];
  const known = new Set(columns);
  for (const row of rows) {
    for (const key in row.data) {
      if (!known.has(key)) {
        known.add(key);
        columns.push(key);
      }
    }
  }
  const lines = [[labels.row, labels.reason, ...columns].map(csvCell).join(',')];
  for (const row of rows) {
    const cells = [row.row_index, row.reason, ...columns.map((column) => row.data[column])];
    lines.push(cells.map(csvCell).join(','));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `filas_invalidas_<timestamp>.csv`, the timestamp local and sortable: `filas_invalidas_20261123_181530.csv`. */
export function invalidRowsFileName(now: Date = new Date()): string {
  const date = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  const time = `${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}`;
  return `filas_invalidas_${date}_${time}.csv`;
}
