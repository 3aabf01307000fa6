/**
 * What the reportes feature needs from the outside world. The app injects the HTTP adapter
 * (`apps/backoffice/src/adapters/http/reportes.ts`); stories and tests inject the in-memory fake from
 * `@socio/features/testing`. Shapes are the wire shapes of `@socio/contracts` (`apiRoutes.reportes`).
 */
import type { Entrega, EntregasResponse, MarcarEnviadosResponse, ReportItem } from '@socio/contracts';

export interface ReportesCallOptions {
  signal?: AbortSignal;
  /** Upload progress, 0–1 (uploads only). */
  onProgress?: (fraction: number) => void;
  /** Downloads only: the server answered and the file is arriving (not called when it refuses). */
  onStarted?: () => void;
}

/** A pending-reports zip with the server's file name. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

export interface NewReporte {
  folio: string;
  cliente: string;
  notas: string;
  file: File | Blob;
}

export interface ReportesPort {
  /** `GET /reportes?cliente=` — every report of one client. */
  list(cliente: string, o?: ReportesCallOptions): Promise<ReportItem[]>;
  /**
   * `GET /reportes?q=` without a client — the reports of every client whose folio contains `folio`
   * (the top bar's 'Buscar info de folio'), newest first.
   */
  findFolio(folio: string, o?: ReportesCallOptions): Promise<ReportItem[]>;
  /** `GET /reportes/{id}/pdf` as a Blob (fetched with the bearer token). */
  pdf(idReporte: number, o?: ReportesCallOptions): Promise<Blob>;
  /** `POST /reportes/marcar_enviados`. */
  markSent(ids: number[]): Promise<MarcarEnviadosResponse>;
  /** `POST /reportes/{id}/enviar`. */
  send(idReporte: number): Promise<ReportItem>;
  /** `GET /reportes/pendientes/descarga?cliente=` (zip); `onStarted` once the zip starts arriving. */
  downloadPending(cliente: string, o?: ReportesCallOptions): Promise<DownloadedFile>;
  /** `POST /reportes` (multipart). */
  create(input: NewReporte, o?: ReportesCallOptions): Promise<ReportItem>;
  /** `GET /reportes/{id}/entregas` — its e-mail deliveries, newest first, and how the server delivers. */
  entregas(idReporte: number, o?: ReportesCallOptions): Promise<EntregasResponse>;
  /** `POST /reportes/{id}/entregas/reintentar` — a failed delivery goes back to the queue. */
  retryEntrega(idReporte: number): Promise<Entrega>;
}
