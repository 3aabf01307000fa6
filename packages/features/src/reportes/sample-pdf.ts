/**
 * A real, valid PDF built in memory (Letter pages, Helvetica text, a coloured band) for stories and
 * tests: pdf.js parses and draws it like any report. The cross-reference table is written with exact
 * byte offsets; text is kept to Latin-1 (other characters become '?').
 */

const WIDTH = 612;
const HEIGHT = 792;

function pdfString(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 63;
    if (char === '(' || char === ')' || char === '\\') out += `\\${char}`;
    else if (code > 255) out += '?';
    else if (code > 126) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += char;
  }
  return `(${out})`;
}

export interface SamplePdfOptions {
  /** Big heading of every page. */
  title: string;
  /** Lines under the heading. */
  lines?: readonly string[];
  /** Number of pages (default 1). */
  pages?: number;
}

/** The bytes of a small PDF showing `title` and `lines` on each of `pages` pages. */
export function makeSamplePdf({ title, lines = [], pages = 1 }: SamplePdfOptions): Uint8Array<ArrayBuffer> {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add(''); // 1: catalog, written below
  add(''); // 2: pages
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'); // 3
  const pageIds: number[] = [];
  for (let page = 1; page <= pages; page += 1) {
    const content = [
      '0.12 0.33 0.75 rg',
      `0 ${HEIGHT - 90} ${WIDTH} 90 re f`,
      '1 1 1 rg',
      'BT /F1 24 Tf',
      `50 ${HEIGHT - 58} Td`,
      `${pdfString(title)} Tj`,
      'ET',
      '0 0 0 rg',
      'BT /F1 13 Tf 18 TL',
      `60 ${HEIGHT - 150} Td`,
      ...[...lines, `Página ${page} de ${pages}`].map((line) => `${pdfString(line)} Tj T*`),
      'ET',
    ].join('\n');
    const contentId = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    pageIds.push(
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${WIDTH} ${HEIGHT}] ` +
          `/Resources << /Font << /F1 3 0 R >> >> /Contents ${contentId} 0 R >>`,
      ),
    );
  }
  objects[0] = '<< /Type /Catalog /Pages 2 0 R /Lang (es-MX) >>';
  objects[1] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages} >>`;

  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(pdf.length);
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;

  // Every character is one byte (escaped above), so the offsets are byte offsets.
  const bytes = new Uint8Array(pdf.length);
  for (let index = 0; index < pdf.length; index += 1) bytes[index] = pdf.charCodeAt(index);
  return bytes;
}
