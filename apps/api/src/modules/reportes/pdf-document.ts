/**
 * pdf-lib's PDFDocument in a module of its own, which pdf-pages.ts imports at its first inline parse (not at
 * start). An ES module that names its export: the bundle's chunk for it exports `PDFDocument`. pdf-lib itself is
 * CommonJS, and `import('pdf-lib')` made esbuild write a chunk with a default export only, so the server's
 * `PDFDocument` was undefined and every PDF "did not open" (the tests, run from source, never saw it).
 */
import { PDFDocument } from 'pdf-lib';

export { PDFDocument };
