/**
 * Whether an upload is a PDF that really opens, and its page count: parsed with pdf-lib (encrypted ones included)
 * in a worker thread. Parsing a 19 MB PDF holds its thread for 0.1–0.8 s (pdf-lib copies every stream): on the
 * server's own thread that would stall every other request. The worker receives the bytes part by part while the
 * upload arrives, so the server never holds the whole file itself.
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
 * Page count of a file sent in parts (`push`, then `pages`): null when it does not open as a PDF or has no
 * pages (HTML, a truncated download, garbage that only starts with '%PDF-'). `cancel` stops the worker.
 */
export class PdfPageCounter {
  readonly #worker = new Worker(WORKER_URL);
  readonly #answer: Promise<number | null>;

  constructor() {
    this.#answer = new Promise<number | null>((resolve, reject) => {
      this.#worker.once('message', (message: { pages: number | null }) => resolve(message.pages));
      this.#worker.once('error', reject);
      this.#worker.once('exit', () => reject(new Error('el verificador de PDF terminó sin responder')));
    });
    // Unhandled until `pages` is awaited; `cancel` makes it reject on purpose.
    this.#answer.catch(() => {});
  }

  push(part: Uint8Array): void {
    this.#worker.postMessage({ part });
  }

  async pages(): Promise<number | null> {
    this.#worker.postMessage({ end: true });
    try {
      return await this.#answer;
    } finally {
      await this.#worker.terminate();
    }
  }

  cancel(): void {
    void this.#worker.terminate();
  }
}
