/**
 * Whether an upload is a PDF that really opens, and its page count: parsed with pdf-lib (encrypted ones included)
 * in a worker thread. Parsing a 19 MB PDF holds its thread for 0.1–0.8 s (pdf-lib copies every stream): on the
 * server's own thread that would stall every other request. The worker receives the bytes part by part while the
 * upload arrives, so the server never holds the whole file itself. Small files (most reports) are parsed here.
 */
import { Worker } from 'node:worker_threads';

/** '%PDF-' */
const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d];
export const PDF_MAGIC_BYTES = PDF_MAGIC.length;

/** Whether `bytes` start like a PDF (the cheap test before parsing). */
export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= PDF_MAGIC.length && PDF_MAGIC.every((b, i) => bytes[i] === b);
}

/** Next to this module in the sources, next to main.js in the bundle (build.mjs writes it there). */
const WORKER_URL = new URL('./pdf-pages.worker.js', import.meta.url);

/**
 * Files up to this size are parsed on the server's own thread (a few ms); starting a worker thread, which loads
 * pdf-lib in its own isolate, costs more than that. Bigger ones go to a worker as their bytes arrive.
 */
export const INLINE_PARSE_BYTES = 2 * 1024 * 1024;

/** Page count of a whole PDF in memory, or null when it does not open or has no pages. */
async function parsePages(bytes: Uint8Array): Promise<number | null> {
  // Loaded at the first upload parsed here, not at start (pdf-lib is ~1 MB of the bundle); outside the try: a
  // module that cannot load is the server's error, not a file that is not a PDF.
  const { PDFDocument } = await import('./pdf-document');
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    const pages = doc.getPageCount();
    return pages > 0 ? pages : null;
  } catch {
    return null;
  }
}

/**
 * Page count of a file sent in parts (`push`, then `pages`): null when it does not open as a PDF or has no
 * pages (HTML, a truncated download, garbage that only starts with '%PDF-'). The first `INLINE_PARSE_BYTES` are
 * kept here; past them everything goes to a worker thread. `cancel` stops the worker.
 */
export class PdfPageCounter {
  #worker: Worker | null = null;
  #answer: Promise<number | null> | null = null;
  #held: Buffer[] = [];
  #heldBytes = 0;

  push(part: Uint8Array): void {
    if (!this.#worker && this.#heldBytes + part.byteLength <= INLINE_PARSE_BYTES) {
      this.#held.push(Buffer.from(part));
      this.#heldBytes += part.byteLength;
      return;
    }
    if (!this.#worker) this.#startWorker();
    this.#worker?.postMessage({ part });
  }

  #startWorker(): void {
    const worker = new Worker(WORKER_URL);
    this.#worker = worker;
    this.#answer = new Promise<number | null>((resolve, reject) => {
      worker.once('message', (message: { pages: number | null }) => resolve(message.pages));
      worker.once('error', reject);
      worker.once('exit', () => reject(new Error('el verificador de PDF terminó sin responder')));
    });
    // Unhandled until `pages` is awaited; `cancel` makes it reject on purpose.
    this.#answer.catch(() => {});
    for (const held of this.#held) worker.postMessage({ part: held });
    this.#held = [];
  }

  async pages(): Promise<number | null> {
    const worker = this.#worker;
    if (!worker || !this.#answer) return parsePages(Buffer.concat(this.#held));
    worker.postMessage({ end: true });
    try {
      return await this.#answer;
    } finally {
      await worker.terminate();
    }
  }

  cancel(): void {
    this.#held = [];
    if (this.#worker) void this.#worker.terminate();
  }
}
