export {
  EntregaBadge,
  type EntregaBadgeProps,
  EntregasPanel,
  type EntregasPanelProps,
} from './entregas-panel';
export { reportesMessages } from './messages.es';
export { ReporteViewer, type ReporteViewerProps } from './reporte-viewer';
export * from './reportes.model';
export type { DownloadedFile, NewReporte, ReportesCallOptions, ReportesPort } from './reportes.port';
export { ReportesScreen, type ReportesScreenProps } from './reportes-screen';
export {
  type UploadReporteInput,
  UploadReporteModal,
  type UploadReporteModalProps,
  type UploadReporteValues,
  uploadReporteSchema,
} from './upload-reporte-modal';
export { reportesKeys } from './use-reportes';
export {
  DEFAULT_VIEWER_LAYOUT,
  parseViewerLayout,
  VIEWER_LAYOUT_LIMITS,
  type ViewerLayout,
} from './viewer-layout';
