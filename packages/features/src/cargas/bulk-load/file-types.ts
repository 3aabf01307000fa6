/**
 * Spreadsheet types the wizard accepts: by extension or by MIME type. The one list for both
 * the dropzone (`accept`) and `isSupportedSpreadsheet`: browsers and systems report CSV under several
 * MIME types, and a macro-enabled workbook is read like any .xlsx (by its type only: no new extension).
 */
export const SPREADSHEET_ACCEPT = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.ms-excel': ['.xls'],
  'application/vnd.ms-excel.sheet.macroenabled.12': [],
  'text/csv': ['.csv'],
  'application/csv': ['.csv'],
  'text/comma-separated-values': ['.csv'],
} as const satisfies Record<string, readonly string[]>;

/** The dropzone's `accept` (a mutable copy of the map above). */
export function spreadsheetAccept(): Record<string, string[]> {
  return Object.fromEntries(Object.entries(SPREADSHEET_ACCEPT).map(([mime, exts]) => [mime, [...exts]]));
}

const EXTENSIONS = new Set<string>(Object.values(SPREADSHEET_ACCEPT).flat());
const MIME_TYPES = new Set<string>(Object.keys(SPREADSHEET_ACCEPT));

/** True when a file is Excel or CSV by its extension or its MIME type. */
export function isSupportedSpreadsheet(file: { name: string; type: string }): boolean {
  const dot = file.name.lastIndexOf('.');
  const extension = dot >= 0 ? file.name.slice(dot).toLowerCase() : '';
  return EXTENSIONS.has(extension) || MIME_TYPES.has(file.type.toLowerCase());
}
