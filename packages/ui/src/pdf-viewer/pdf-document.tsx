// The heavy half of the PDF viewer (react-pdf + pdf.js). `PdfViewer` loads this module on demand,
// so the library only reaches the browser when a document is actually shown.
import { ChevronLeft, ChevronRight, Download, Maximize2, Printer, ZoomIn, ZoomOut } from 'lucide-react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { Toolbar } from 'radix-ui';
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import 'react-pdf/dist/Page/TextLayer.css';
import { buttonVariants } from '../button/button';
import { useUiMessages } from '../i18n/ui-provider';
import { cn } from '../lib/cn';
import { formatNumber } from '../lib/format';
import { saveBlob } from '../lib/save-blob';
import { PdfFailure, PdfLoading } from './pdf-status';
import { pdfWorkerSrc } from './worker';

pdfjs.GlobalWorkerOptions.workerSrc = pdfWorkerSrc;

/** pdf.js options, one stable object (react-pdf reloads the document when `options` changes). */
const PDF_OPTIONS = { isEvalSupported: false };

/** Zoom factors relative to the fit-width size; index `FIT_INDEX` (1) is fit-width. */
const ZOOM_STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 2.5, 3] as const;
const FIT_INDEX = 2;
/** Horizontal padding (px) around the page inside the scroll area (matches `px-4`). */
const PAGE_GUTTER = 32;

/** A PDF source accepted by the viewer. */
export type PdfFile = string | Blob | Uint8Array;

export interface PdfDocumentViewProps {
  /** The document: URL, Blob or bytes. */
  file: PdfFile;
  /** Name of the downloaded file. */
  fileName: string;
  /** Called by 'Intentar de nuevo' after the document failed to load (the viewer also reloads it). */
  onRetry?: () => void;
}

type Status = 'loading' | 'ready' | 'error' | 'unavailable';

/** Whether a pdf.js load error comes from the worker / library rather than from the document. */
function isViewerFailure(error: Error): boolean {
  return /worker|dynamically imported module|importing a module script/i.test(error.message);
}

async function documentBlob(doc: PDFDocumentProxy): Promise<Blob> {
  const data = await doc.getData();
  return new Blob([data as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
}

async function downloadDocument(doc: PDFDocumentProxy, fileName: string) {
  saveBlob(await documentBlob(doc), fileName);
}

async function printDocument(doc: PDFDocumentProxy) {
  const url = URL.createObjectURL(await documentBlob(doc));
  const frame = document.createElement('iframe');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;opacity:0';
  frame.addEventListener('load', () => {
    try {
      frame.contentWindow?.focus();
      frame.contentWindow?.print();
    } catch {
      window.open(url, '_blank', 'noopener');
    }
    window.setTimeout(() => frame.remove(), 60_000);
  });
  frame.src = url;
  document.body.append(frame);
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

const toolButton = cn(buttonVariants({ variant: 'ghost', size: 'sm' }), 'px-2');

/** Toolbar + fit-width page of a loaded document. Default export so that it can be `lazy()` loaded. */
export default function PdfDocumentView({ file, fileName, onRetry }: PdfDocumentViewProps) {
  const m = useUiMessages();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<Status>('loading');
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  const [page, setPage] = useState(1);
  const [zoomIndex, setZoomIndex] = useState(FIT_INDEX);
  const [originalWidth, setOriginalWidth] = useState<number | null>(null);
  const [areaWidth, setAreaWidth] = useState(0);

  // A new file starts over: loading, first page, fit-width.
  const [shownFile, setShownFile] = useState(file);
  if (shownFile !== file) {
    setShownFile(file);
    setStatus('loading');
    setDoc(null);
    setPage(1);
    setZoomIndex(FIT_INDEX);
    setOriginalWidth(null);
  }

  // Bytes are copied: pdf.js transfers the buffer it is given to its worker.
  const source = useMemo(() => (file instanceof Uint8Array ? { data: file.slice() } : file), [file]);

  // Fit-width: measure the scroll area (zero until laid out; the page waits for a real width).
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const measure = () => setAreaWidth(element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const numPages = doc?.numPages ?? 0;
  const zoom = ZOOM_STEPS[zoomIndex] ?? 1;
  const fitWidth = Math.max(0, areaWidth - PAGE_GUTTER);
  const pageWidth = Math.floor(fitWidth * zoom);
  const percent = originalWidth ? formatNumber(pageWidth / originalWidth, { style: 'percent' }) : null;

  const goToPage = (next: number) => {
    setPage(Math.min(Math.max(1, next), numPages));
    scrollRef.current?.scrollTo?.({ top: 0 });
  };

  const retry = () => {
    setStatus('loading');
    setDoc(null);
    setAttempt((value) => value + 1);
    onRetry?.();
  };

  const failure = status === 'unavailable' ? m.pdfViewerUnavailable : status === 'error' ? m.pdfError : null;

  return (
    <div data-slot="pdf-document" data-state={status} className="flex min-h-0 flex-1 flex-col">
      {status === 'ready' && doc ? (
        <Toolbar.Root
          aria-label={m.pdfToolbar}
          className="flex flex-wrap items-center gap-1 border-b border-line bg-surface px-2 py-1"
        >
          <Toolbar.Button
            className={toolButton}
            aria-label={m.pdfPreviousPage}
            title={m.pdfPreviousPage}
            disabled={page <= 1}
            onClick={() => goToPage(page - 1)}
          >
            <ChevronLeft aria-hidden="true" />
          </Toolbar.Button>
          <output aria-live="polite" className="min-w-28 text-center text-sm tabular-nums text-ink">
            {m.pdfPageOf(page, numPages)}
          </output>
          <Toolbar.Button
            className={toolButton}
            aria-label={m.pdfNextPage}
            title={m.pdfNextPage}
            disabled={page >= numPages}
            onClick={() => goToPage(page + 1)}
          >
            <ChevronRight aria-hidden="true" />
          </Toolbar.Button>
          <Toolbar.Separator className="mx-1 h-6 w-px bg-line" />
          <Toolbar.Button
            className={toolButton}
            aria-label={m.pdfZoomOut}
            title={m.pdfZoomOut}
            disabled={zoomIndex <= 0}
            onClick={() => setZoomIndex((value) => Math.max(0, value - 1))}
          >
            <ZoomOut aria-hidden="true" />
          </Toolbar.Button>
          <output
            aria-live="polite"
            aria-label={percent ? m.pdfZoomLevel(percent) : undefined}
            className="min-w-14 text-center text-sm tabular-nums text-ink"
          >
            {percent}
          </output>
          <Toolbar.Button
            className={toolButton}
            aria-label={m.pdfZoomIn}
            title={m.pdfZoomIn}
            disabled={zoomIndex >= ZOOM_STEPS.length - 1}
            onClick={() => setZoomIndex((value) => Math.min(ZOOM_STEPS.length - 1, value + 1))}
          >
            <ZoomIn aria-hidden="true" />
          </Toolbar.Button>
          <Toolbar.Button
            className={toolButton}
            aria-label={m.pdfZoomReset}
            title={m.pdfZoomReset}
            disabled={zoomIndex === FIT_INDEX}
            onClick={() => setZoomIndex(FIT_INDEX)}
          >
            <Maximize2 aria-hidden="true" />
          </Toolbar.Button>
          <Toolbar.Separator className="mx-1 h-6 w-px bg-line" />
          <Toolbar.Button className={toolButton} onClick={() => void downloadDocument(doc, fileName)}>
            <Download aria-hidden="true" />
            <span className="max-sm:sr-only">{m.pdfDownload}</span>
          </Toolbar.Button>
          <Toolbar.Button className={toolButton} onClick={() => void printDocument(doc)}>
            <Printer aria-hidden="true" />
            <span className="max-sm:sr-only">{m.pdfPrint}</span>
          </Toolbar.Button>
        </Toolbar.Root>
      ) : null}
      <section
        ref={scrollRef}
        aria-label={m.pdfViewer}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
        tabIndex={0}
        data-slot="pdf-scroll-area"
        className="flex min-h-0 flex-1 flex-col overflow-auto bg-canvas [scrollbar-gutter:stable]"
      >
        {failure ? (
          <PdfFailure message={failure} onRetry={retry} />
        ) : (
          <Document
            key={attempt}
            file={source}
            options={PDF_OPTIONS}
            className="flex flex-1 flex-col"
            loading={<PdfLoading />}
            error={null}
            noData={null}
            onLoadSuccess={(loaded) => {
              setDoc(loaded);
              setPage((value) => Math.min(Math.max(1, value), loaded.numPages));
              setStatus('ready');
            }}
            onLoadError={(error) => setStatus(isViewerFailure(error) ? 'unavailable' : 'error')}
          >
            {pageWidth > 0 && status === 'ready' ? (
              <div className="mx-auto px-4 py-4">
                <Page
                  pageNumber={page}
                  width={pageWidth}
                  renderAnnotationLayer={false}
                  renderForms={false}
                  renderTextLayer
                  loading={null}
                  className="bg-white shadow-md"
                  onLoadSuccess={(loaded) => setOriginalWidth(loaded.originalWidth)}
                  onLoadError={() => setStatus('error')}
                />
              </div>
            ) : null}
          </Document>
        )}
      </section>
    </div>
  );
}
