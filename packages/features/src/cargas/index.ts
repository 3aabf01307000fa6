export {
  AssignmentsTable,
  type AssignmentsTableProps,
  RowMenu,
  type RowMenuProps,
} from './assignments-table';
export {
  type AssignmentAction,
  assignmentActions,
  CARGAS_PAGE_SIZES,
  type CargasViewer,
  cargasQueryToSearch,
  DEFAULT_CARGAS_QUERY,
  parseCargasQuery,
  type SearchLike,
  withPage,
  withPageSize,
  withSort,
} from './cargas.model';
export type { CargasCallOptions, CargasPort, PreparedProcess, ProcessCallOptions } from './cargas.port';
export { CargasScreen, type CargasScreenProps, type QueryChangeOptions } from './cargas-screen';
export { CargasFilterBar, type CargasFilterBarProps, FOLIO_SEARCH_DEBOUNCE_MS } from './filter-bar';
export {
  CancelAssignmentDialog,
  type CancelAssignmentDialogProps,
  ReassignDialog,
  type ReassignDialogProps,
} from './lifecycle-dialogs';
export {
  emptyManualValues,
  esMxDate,
  MANUAL_FORMS,
  type ManualField,
  type ManualFieldType,
  type ManualFormDefinition,
  type ManualFormValues,
  type ManualSchemaOptions,
  manualFormSchema,
  manualSaveErrorMessage,
  OTHER_LOAD_FORM,
  type OtherManualPayload,
  TEC_MTY_FORM,
} from './manual-assignment';
export {
  ManualAssignmentForm,
  ManualAssignmentModal,
  type ManualAssignmentModalProps,
  ManualFields,
  type ManualForms,
} from './manual-assignment-modal';
export { type CargasMessages, cargasMessages } from './messages.es';
export { StatsPanel, type StatsPanelProps } from './stats-panel';
export { cargasKeys, useActiveAssignments, useAssignmentStats, useInvalidateCargas } from './use-cargas';
export { VisitorPicker, type VisitorPickerProps } from './visitor-picker';
