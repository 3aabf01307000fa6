export {
  compareCellValues,
  DATA_TABLE_VIRTUALIZE_THRESHOLD,
  DataTable,
  type DataTableCellContext,
  type DataTableClientPagination,
  type DataTableColumn,
  type DataTableManualPagination,
  type DataTablePageResetOnSort,
  type DataTablePagination,
  type DataTableProps,
  type DataTableRowSelection,
  type DataTableRowTone,
  type DataTableSelection,
  type DataTableSort,
  type DataTableSorting,
  type DataTableStateOptions,
  type DataTableViewOptions,
  type DataTableVirtualization,
  sortDataTableRows,
} from '../data-table/data-table';
export { dataTableRowVariants } from '../data-table/data-table-row';
export {
  type DataTableFeatures,
  type DataTableRow,
  type DataTableState,
  useDataTable,
} from '../data-table/use-data-table';
export {
  FileDropzone,
  type FileDropzoneProps,
  type FileDropzoneRejection,
  type FileRejectionReason,
} from '../file-dropzone/file-dropzone';
export { getPageCount, getPageRange, getPageWindow } from '../pager/page-window';
export { Pager, type PagerProps } from '../pager/pager';
export {
  getWizardStepStatus,
  Wizard,
  type WizardProps,
  type WizardStep,
  type WizardStepStatus,
  wizardMarkerVariants,
} from '../wizard/wizard';
