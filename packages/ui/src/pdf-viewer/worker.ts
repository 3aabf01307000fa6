/**
 * Self-hosted URL of the pdf.js worker (never a CDN: the product must work on a closed network).
 * Vite (and webpack 5) resolve `new URL('<package path>', import.meta.url)` at build time, copy the
 * worker into the build output and give back its hashed URL. Internal to the PdfViewer (no package
 * export: no app preloads it).
 */
export const pdfWorkerSrc: string = new URL(
  'pdfjs-dist/build/pdf.worker.min.mjs',
  import.meta.url,
).toString();
