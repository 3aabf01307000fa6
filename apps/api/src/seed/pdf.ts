/** Generated report PDFs of the demo data ("Estudio socioeconómico — Folio X"), with pdf-lib. */
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

export interface ReportPdfData {
  folio: string;
  cliente: string;
  visitador: string;
  /** Date of the visit, 'dd/mm/aaaa'. */
  fecha: string;
  alumno: string;
  direccion: string;
  notas: string;
  /** Add a second page with the household detail. */
  twoPages?: boolean;
  /** Fixed creation date (deterministic output). */
  createdAt?: Date;
}

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 56;
const INK = rgb(0.13, 0.15, 0.2);
const MUTED = rgb(0.4, 0.43, 0.5);
const ACCENT = rgb(0.11, 0.3, 0.62);

/** Splits `text` into lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

function header(
  page: PDFPage,
  bold: PDFFont,
  regular: PDFFont,
  data: ReportPdfData,
  pageNo: number,
  pages: number,
) {
  const [w, h] = A4;
  page.drawRectangle({ x: 0, y: h - 90, width: w, height: 90, color: ACCENT });
  page.drawText('Estudio socioeconómico', {
    x: MARGIN,
    y: h - 48,
    size: 20,
    font: bold,
    color: rgb(1, 1, 1),
  });
  page.drawText(`Folio ${data.folio} · ${data.cliente}`, {
    x: MARGIN,
    y: h - 72,
    size: 11,
    font: regular,
    color: rgb(0.9, 0.93, 1),
  });
  page.drawText(`Página ${pageNo} de ${pages}`, {
    x: w - MARGIN - 70,
    y: 32,
    size: 9,
    font: regular,
    color: MUTED,
  });
  page.drawText('Documento generado para demostración · Socioeconómico', {
    x: MARGIN,
    y: 32,
    size: 9,
    font: regular,
    color: MUTED,
  });
}

/** A one- or two-page report PDF. */
export async function createReportPdf(data: ReportPdfData): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const created = data.createdAt ?? new Date(0);
  doc.setTitle(`Estudio socioeconómico — Folio ${data.folio}`);
  doc.setAuthor(data.visitador);
  doc.setSubject(`Reporte para ${data.cliente}`);
  doc.setLanguage('es-MX');
  doc.setProducer('Socioeconómico');
  doc.setCreator('Socioeconómico');
  doc.setCreationDate(created);
  doc.setModificationDate(created);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const pages = data.twoPages ? 2 : 1;
  const width = A4[0] - 2 * MARGIN;

  const page = doc.addPage(A4);
  header(page, bold, regular, data, 1, pages);
  let y = A4[1] - 130;
  page.drawText(`Estudio socioeconómico — Folio ${data.folio}`, {
    x: MARGIN,
    y,
    size: 15,
    font: bold,
    color: INK,
  });
  y -= 30;
  const rows: Array<[string, string]> = [
    ['Cliente', data.cliente],
    ['Alumno', data.alumno],
    ['Visitador', data.visitador],
    ['Fecha de la visita', data.fecha],
    ['Domicilio', data.direccion],
  ];
  for (const [label, value] of rows) {
    page.drawText(label, { x: MARGIN, y, size: 10, font: bold, color: MUTED });
    const lines = wrap(value, regular, 11, width - 140);
    lines.forEach((line, i) => {
      page.drawText(line, { x: MARGIN + 140, y: y - i * 15, size: 11, font: regular, color: INK });
    });
    y -= 15 * Math.max(1, lines.length) + 10;
  }
  y -= 10;
  page.drawLine({ start: { x: MARGIN, y }, end: { x: A4[0] - MARGIN, y }, thickness: 0.8, color: MUTED });
  y -= 28;
  page.drawText('Observaciones', { x: MARGIN, y, size: 13, font: bold, color: INK });
  y -= 20;
  for (const line of wrap(data.notas || 'Sin observaciones.', regular, 11, width)) {
    page.drawText(line, { x: MARGIN, y, size: 11, font: regular, color: INK });
    y -= 15;
  }
  y -= 20;
  page.drawText('Dictamen', { x: MARGIN, y, size: 13, font: bold, color: INK });
  y -= 20;
  const dictamen =
    'La información proporcionada por la familia coincide con lo observado durante la visita domiciliaria. ' +
    'Se verificaron la vivienda, los servicios y los documentos presentados.';
  for (const line of wrap(dictamen, regular, 11, width)) {
    page.drawText(line, { x: MARGIN, y, size: 11, font: regular, color: INK });
    y -= 15;
  }

  if (data.twoPages) {
    const second = doc.addPage(A4);
    header(second, bold, regular, data, 2, pages);
    let y2 = A4[1] - 130;
    second.drawText('Detalle del hogar', { x: MARGIN, y: y2, size: 15, font: bold, color: INK });
    y2 -= 30;
    const items: Array<[string, string]> = [
      ['Tipo de vivienda', 'Casa habitación propia'],
      ['Servicios', 'Agua potable, electricidad, drenaje e internet'],
      ['Integrantes del hogar', '4'],
      ['Ingreso familiar mensual', 'Verificado con comprobantes'],
      ['Medio de transporte', 'Transporte público y automóvil familiar'],
    ];
    for (const [label, value] of items) {
      second.drawText(label, { x: MARGIN, y: y2, size: 10, font: bold, color: MUTED });
      second.drawText(value, { x: MARGIN + 170, y: y2, size: 11, font: regular, color: INK });
      y2 -= 24;
    }
  }
  return doc.save();
}
