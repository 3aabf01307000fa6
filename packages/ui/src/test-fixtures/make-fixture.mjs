// Generates `muestra.pdf`: a real, valid 3-page PDF (Letter size, Helvetica text, a header band and a frame)
// used by the PdfViewer stories at `/fixtures/muestra.pdf`, drawn by the workspace's one PDF fixture builder
// (`@socio/contracts/testing`, on pdf-lib). Run once from the repository root:
// `node packages/ui/src/test-fixtures/make-fixture.mjs`.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { makeSamplePdf } from '../../../contracts/src/testing/index.js';

const PAGES = 3;
const bytes = await makeSamplePdf({
  title: (page) => `Página ${page}`,
  lines: (page, pages) => [
    `Documento de muestra - Página ${page} de ${pages}`,
    'Estudio socioeconómico (datos ficticios para pruebas).',
    `Sección ${page}: información general del solicitante.`,
  ],
  pages: PAGES,
  textSize: 14,
  frame: true,
  pageNumbers: false,
  documentTitle: 'Documento de muestra',
  producer: 'make-fixture.mjs',
});

const target = join(dirname(fileURLToPath(import.meta.url)), 'muestra.pdf');
writeFileSync(target, bytes);
process.stdout.write(`Escrito ${target} (${bytes.length} bytes, ${PAGES} páginas)\n`);
