export {
  compareCellValues,
  DATA_TABLE_VIRTUALIZE_THRESHOLD,
  DataTable,
  type DataTableCellContext,
  type DataTableColumn,
  type DataTableProps,
  type DataTableRowSelection,
  type DataTableRowTone,
  type DataTableSort,
} from '../data-table/data-table';
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
