/**
 * The one builder of sample PDFs for tests, stories, benches and the PdfViewer fixture: real documents
 * drawn with pdf-lib (Letter pages, Helvetica, a coloured header band, a frame, text lines), so pdf.js
 * parses, draws and extracts their text like any report. Plain JavaScript (typed by `pdf-fixture.d.ts`)
 * so that Node scripts and benches load it without a TypeScript loader; pdf-lib runs in the browser too.
 */
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

const WIDTH = 612;
const HEIGHT = 792;
const BAND = 90;

/** Helvetica's WinAnsi encoding holds Latin-1: any other character becomes '?'. */
const latin1 = (text) => text.replace(/[^\u0020-\u007e\u00a0-\u00ff]/g, '?');

const resolve = (value, page, pages) => (typeof value === 'function' ? value(page, pages) : value);

/** Typed in `pdf-fixture.d.ts`. */
export async function makeSamplePdf({
  title,
  lines = [],
  pages = 1,
  textSize = 13,
  frame = false,
  pageNumbers = true,
  documentTitle,
  producer = 'pdf-fixture.js',
}) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.setLanguage('es-MX');
  doc.setProducer(producer);
  doc.setCreator(producer);
  if (documentTitle) doc.setTitle(documentTitle);
  const leading = Math.round(textSize * 1.4);
  for (let number = 1; number <= pages; number += 1) {
    const page = doc.addPage([WIDTH, HEIGHT]);
    page.drawRectangle({ x: 0, y: HEIGHT - BAND, width: WIDTH, height: BAND, color: rgb(0.12, 0.33, 0.75) });
    if (frame) {
      page.drawRectangle({
        x: 50,
        y: 80,
        width: WIDTH - 100,
        height: HEIGHT - 220,
        borderColor: rgb(0.2, 0.2, 0.2),
        borderWidth: 1,
      });
    }
    page.drawText(latin1(resolve(title, number, pages)), {
      x: 50,
      y: HEIGHT - 58,
      size: 24,
      font,
      color: rgb(1, 1, 1),
    });
    const body = [...resolve(lines, number, pages), ...(pageNumbers ? [`Página ${number} de ${pages}`] : [])];
    body.forEach((line, index) => {
      page.drawText(latin1(line), {
        x: 60,
        y: HEIGHT - 150 - index * leading,
        size: textSize,
        font,
        color: rgb(0, 0, 0),
      });
    });
  }
  // No object streams: a plain cross-reference table, readable by every PDF reader.
  const bytes = await doc.save({ useObjectStreams: false });
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
