// Generates `muestra.pdf`: a real, valid 3-page PDF (Letter size, Helvetica text and a few shapes)
// used by the PdfViewer stories at `/fixtures/muestra.pdf`. No dependencies: the objects and the
// cross-reference table are written by hand with exact byte offsets.
// Run once from the repository root: `node packages/ui/src/test-fixtures/make-fixture.mjs`.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PAGES = 3;
const WIDTH = 612;
const HEIGHT = 792;

/** Escapes a string for a PDF literal string `( ... )` (WinAnsi: Latin-1 characters are written as octal). */
function pdfString(text) {
  let out = '';
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (char === '(' || char === ')' || char === '\\') out += `\\${char}`;
    else if (code > 126) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += char;
  }
  return `(${out})`;
}

function pageContent(index) {
  const lines = [
    `Documento de muestra - Página ${index} de ${PAGES}`,
    'Estudio socioeconómico (datos ficticios para pruebas).',
    `Sección ${index}: información general del solicitante.`,
  ];
  const ops = [
    // A coloured header band and a frame, so the rendered canvas is visibly non-blank.
    '0.12 0.33 0.75 rg',
    `0 ${HEIGHT - 90} ${WIDTH} 90 re f`,
    '0.2 0.2 0.2 RG 1 w',
    `50 80 ${WIDTH - 100} ${HEIGHT - 220} re S`,
    '1 1 1 rg',
    'BT /F1 26 Tf',
    `50 ${HEIGHT - 58} Td`,
    `${pdfString(`Página ${index}`)} Tj`,
    'ET',
    '0 0 0 rg',
    'BT /F1 14 Tf 18 TL',
    `70 ${HEIGHT - 170} Td`,
    ...lines.map((line) => `${pdfString(line)} Tj T*`),
    'ET',
  ];
  return ops.join('\n');
}

const objects = [];
const add = (body) => {
  objects.push(body);
  return objects.length;
};

const catalogId = add(null);
const pagesId = add(null);
const fontId = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
const pageIds = [];
for (let i = 1; i <= PAGES; i += 1) {
  const content = pageContent(i);
  const contentId = add(
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  );
  pageIds.push(
    add(
      `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${WIDTH} ${HEIGHT}] ` +
        `/Resources << /Font << /F1 ${fontId} 0 R >> >> /Contents ${contentId} 0 R >>`,
    ),
  );
}
objects[catalogId - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R /Lang (es-MX) >>`;
objects[pagesId - 1] =
  `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${PAGES} >>`;
const infoId = add(`<< /Title ${pdfString('Documento de muestra')} /Producer (make-fixture.mjs) >>`);

let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
const offsets = [];
objects.forEach((body, index) => {
  offsets.push(Buffer.byteLength(pdf, 'latin1'));
  pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
});
const xrefOffset = Buffer.byteLength(pdf, 'latin1');
pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalogId} 0 R /Info ${infoId} 0 R >>\n`;
pdf += `startxref\n${xrefOffset}\n%%EOF\n`;

const target = join(dirname(fileURLToPath(import.meta.url)), 'muestra.pdf');
writeFileSync(target, Buffer.from(pdf, 'latin1'));
process.stdout.write(`Escrito ${target} (${Buffer.byteLength(pdf, 'latin1')} bytes, ${PAGES} páginas)\n`);
