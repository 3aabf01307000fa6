import type { ReportItem } from '@socio/contracts';
import { ErrorState, Spinner } from '@socio/ui';
import { PdfViewer } from '@socio/ui/pdf-viewer';
import { FileText } from 'lucide-react';
import { reportesMessages as m } from './messages.es';
import type { ReportePdfState } from './use-reportes';

export interface ReporteViewerProps {
  /** The selected report, or null. */
  report: ReportItem | null;
  /** Its PDF as the port delivered it. */
  pdf: ReportePdfState;
  className?: string;
}

/**
 * Right panel: the selected report in the ui PdfViewer (pdf.js, fit-width, pages, zoom, download,
 * print). States: none selected, 'Cargando PDF...', 'Error al cargar PDF' with 'Intentar de nuevo'.
 */
export function ReporteViewer({ report, pdf, className }: ReporteViewerProps) {
  const state = report ? pdf : ({ status: 'none' } as const);
  return (
    <section
      aria-label={m.viewerLabel}
      data-slot="reporte-viewer"
      data-state={state.status}
      className={className}
    >
      {state.status === 'loading' ? (
        <div className="flex h-full min-h-80 flex-col items-center justify-center rounded-[var(--radius-control)] border border-line bg-surface p-8">
          <Spinner size="lg" label={m.pdfLoading} className="flex-col gap-3" />
        </div>
      ) : state.status === 'error' ? (
        <ErrorState
          message={m.pdfError}
          retryLabel={m.retry}
          onRetry={state.retry}
          className="h-full min-h-80 rounded-[var(--radius-control)] border border-line bg-surface"
        />
      ) : (
        <PdfViewer
          className="h-full"
          file={state.status === 'ready' ? state.blob : null}
          fileName={report ? m.pdfFileName(report.id) : undefined}
          empty={
            <div className="flex flex-col items-center gap-2 text-ink-muted">
              <FileText aria-hidden="true" className="size-10" />
              <p className="font-medium text-ink">{m.noneSelectedTitle}</p>
              <p className="text-sm">{m.noneSelectedDescription}</p>
            </div>
          }
        />
      )}
    </section>
  );
}
