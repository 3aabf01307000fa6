import {
  Component,
  type ComponentProps,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import type { PdfDocumentViewProps, PdfFile } from './pdf-document';
import { PdfFailure, PdfLoading } from './pdf-status';

export type { PdfFile } from './pdf-document';

/** Loads the rendering half of the viewer (react-pdf + pdf.js). */
export type PdfViewerLoader = () => Promise<{ default: ComponentType<PdfDocumentViewProps> }>;

const loadPdfDocument: PdfViewerLoader = () => import('./pdf-document');

export interface PdfViewerProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** The document to show: a URL, a Blob or its bytes. `null` shows the `empty` slot. */
  file: PdfFile | null;
  /** Name given to the downloaded file. Defaults to 'documento.pdf'. */
  fileName?: string;
  /** Called by 'Intentar de nuevo' after a failure; the viewer reloads by itself as well. */
  onRetry?: () => void;
  /** What to show while no document is selected. */
  empty?: ReactNode;
  /**
   * How the rendering module is loaded (a dynamic import by default, so pdf.js is only downloaded when
   * a document is shown). Override only to test or to preload.
   */
  loadViewer?: PdfViewerLoader;
}

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

/** Catches a failed download of the viewer module (offline, stale deploy) and shows `fallback`. */
class ViewerLoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * PDF viewer on pdf.js (self-hosted worker): fit-width page, previous/next page ('Página X de Y'),
 * zoom in/out/reset with the percentage, download and print. No annotation or form layers.
 * States: nothing selected (`empty`), 'Cargando PDF...', 'Error al cargar el PDF' and, when the
 * viewer itself cannot load, 'No se pudo cargar el visor de PDF...', each failure with 'Intentar de nuevo'.
 */
export function PdfViewer({
  file,
  fileName,
  onRetry,
  empty,
  loadViewer = loadPdfDocument,
  className,
  ...props
}: PdfViewerProps) {
  const m = useUiMessages();
  const [attempt, setAttempt] = useState(0);
  const [viewer, setViewer] = useState<{
    load: PdfViewerLoader;
    View: LazyExoticComponent<ComponentType<PdfDocumentViewProps>>;
  }>(() => ({ load: loadViewer, View: lazy(loadViewer) }));
  // A new loader (or a retry after a failed load) needs a new lazy component: React caches the result.
  if (viewer.load !== loadViewer) setViewer({ load: loadViewer, View: lazy(loadViewer) });

  const retryLoad = () => {
    setViewer({ load: loadViewer, View: lazy(loadViewer) });
    setAttempt((value) => value + 1);
    onRetry?.();
  };

  const View = viewer.View;
  return (
    <div
      data-slot="pdf-viewer"
      data-state={file == null ? 'empty' : 'open'}
      className={cn(
        'flex min-h-80 flex-col overflow-hidden rounded-[var(--radius-control)] border border-line bg-surface',
        className,
      )}
      {...props}
    >
      {file == null ? (
        <div className="flex flex-1 flex-col items-center justify-center p-8 text-center">{empty}</div>
      ) : (
        <ViewerLoadBoundary
          key={attempt}
          fallback={<PdfFailure message={m.pdfViewerUnavailable} onRetry={retryLoad} />}
        >
          <Suspense fallback={<PdfLoading />}>
            <View file={file} fileName={fileName ?? m.pdfDefaultFileName} onRetry={onRetry} />
          </Suspense>
        </ViewerLoadBoundary>
      )}
    </div>
  );
}
