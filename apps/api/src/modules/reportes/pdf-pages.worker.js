// Worker thread of `PdfPageCounter` (pdf-pages.ts): receives an upload's bytes in parts while they arrive and,
// at the end, parses the whole file with pdf-lib and answers its page count, or null when it does not open.
// Plain JavaScript so that it runs as is under tsx, vitest and from dist/ (build.mjs bundles it next to main.js).
import { parentPort } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';

const parts = [];
parentPort.on('message', async (message) => {
  if (message.part) {
    parts.push(message.part);
    return;
  }
  const bytes = Buffer.concat(parts);
  parts.length = 0;
  let pages = null;
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    pages = doc.getPageCount() > 0 ? doc.getPageCount() : null;
  } catch {
    pages = null;
  }
  // The same answer as parsePages in pdf-pages.ts (the worker cannot import TypeScript).
  parentPort.postMessage({ pages });
});
