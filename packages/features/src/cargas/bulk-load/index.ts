export {
  type BulkLoadAction,
  type BulkLoadPhase,
  type BulkLoadState,
  bulkLoadReducer,
  initialBulkLoadState,
} from './bulk-load.reducer';
export { BulkLoadDialog, type BulkLoadDialogProps } from './bulk-load-dialog';
export {
  type ClassifiedRows,
  classifyRows,
  classifyRowsSync,
  type StreamClassification,
  streamClassification,
} from './classify';
export { isSupportedSpreadsheet, SPREADSHEET_ACCEPT } from './file-types';
export { csvCell, invalidRowsCsv, invalidRowsFileName } from './invalid-rows-csv';
export { bulkLoadMessages } from './messages.es';
export {
  isSpreadsheetError,
  type ParsedSheet,
  type ParseOptions,
  SpreadsheetError,
  type SpreadsheetErrorCode,
  type SpreadsheetParser,
} from './spreadsheet.port';
