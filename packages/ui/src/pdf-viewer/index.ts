/**
 * `@socio/ui/pdf-viewer`: the PDF viewer on pdf.js. An entry point of its own so that only apps that
 * import it bundle react-pdf, pdf.js and the ~1 MB pdf.js worker (self-hosted, see `./worker`), which
 * the viewer loads on demand when a document is shown.
 */
export { type PdfFile, PdfViewer, type PdfViewerLoader, type PdfViewerProps } from './pdf-viewer';
