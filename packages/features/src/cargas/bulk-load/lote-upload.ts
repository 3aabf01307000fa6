/**
 * The wizard's lote, saved ahead of 'Confirmar Carga' (issue 21 item 2): opened as processing starts, each part
 * sent as soon as its rows are known (while processing goes on and while the user reviews), so that confirming
 * sends only the parts not stored yet or edited since, then confirmar. Part n holds rows n×LOTE_PART_ROWS … of
 * the processed rows; a part is stored at a revision (how many review edits had touched it, `partRevision`), and
 * a part edited after it was stored is sent again (the server replaces a part sent again).
 */
import { type OpenSaveInput, PROCESS_BATCH_ROWS, type ProcessedRow, SAVE_PART_ROWS } from '@socio/contracts';
import type { CargasPort } from '../cargas.port';
import { isAbort } from './bulk-load-errors';
import type { TakeSlot } from './in-flight';

/**
 * Rows per part the wizard sends: a process batch's worth (at most `SAVE_PART_ROWS`, what a part may carry). A
 * part fills about as soon as its batch answers, and the last one, sent once processing ends and so on the way
 * to 'Carga guardada', is small: a 20,000-row last part took ~2 s there on the busy 2-core machine.
 */
export const LOTE_PART_ROWS = Math.min(PROCESS_BATCH_ROWS, SAVE_PART_ROWS);

/** The part of the lote row `index` of the processed rows belongs to. */
export function partOfRow(index: number): number {
  return Math.floor(index / LOTE_PART_ROWS);
}

/** Parts `rows` make. */
export function partCount(rows: readonly unknown[]): number {
  return Math.ceil(rows.length / LOTE_PART_ROWS);
}

/** The rows of part `n` (a slice: never a second copy of them all). */
export function partRows(rows: readonly ProcessedRow[], n: number): ProcessedRow[] {
  return rows.slice(n * LOTE_PART_ROWS, (n + 1) * LOTE_PART_ROWS);
}

/** Revision of part `n` in `revisions` (a part no edit touched: 0). */
export function partRevision(revisions: readonly number[], n: number): number {
  return revisions[n] ?? 0;
}

export interface LoteUpload {
  /** The lote's id once opened (rejects when the open failed or the lote was discarded first). */
  readonly id: Promise<string>;
  /** Aborted once discarded. */
  readonly signal: AbortSignal;
  /**
   * Sends part `n` unless it is stored (or being sent) at `revision`; after a send of another revision of it
   * has settled, so the last one sent is the one the lote keeps; in a slot of `slot` when given (shared with
   * the other parts offered). Never throws: a part that failed is simply not stored (`isStored`), and is sent
   * again by `send` at confirm.
   */
  offer(n: number, rows: ProcessedRow[], revision: number, slot?: TakeSlot): Promise<void>;
  /** Sends part `n` at `revision` (once more if it fails, unless aborted); throws the failure. */
  send(n: number, rows: ProcessedRow[], revision: number, signal: AbortSignal): Promise<void>;
  /** Whether part `n` is stored at `revision`. */
  isStored(n: number, revision: number): boolean;
  /** Settles once no part is being sent. */
  idle(): Promise<void>;
  /** Drops the lote (best effort: once its id is known, whatever the answer); nothing more is sent. */
  discard(): void;
}

/** Opens a lote of `meta` at once (answer awaited by `id`). */
export function openLoteUpload(cargas: CargasPort, meta: OpenSaveInput): LoteUpload {
  const controller = new AbortController();
  const { signal } = controller;
  const id = cargas.openSave(meta, { signal }).then((answer) => answer.id);
  // Nobody may await the id (a lote discarded before it answered): no unhandled rejection.
  id.catch(() => undefined);
  const stored = new Map<number, number>();
  const sending = new Map<number, { revision: number; done: Promise<void> }>();

  const put = async (n: number, rows: ProcessedRow[], revision: number, partSignal: AbortSignal) => {
    const lote = await id;
    partSignal.throwIfAborted();
    await cargas.savePart(lote, n, rows, { signal: partSignal });
    partSignal.throwIfAborted();
    stored.set(n, revision);
  };

  /** Runs `send` of part `n` after any send of it still running, tracked as the part's send. */
  const track = (n: number, revision: number, run: () => Promise<void>): Promise<void> => {
    const before = sending.get(n)?.done ?? Promise.resolve();
    const done = before.then(run, run);
    const entry = { revision, done: done.catch(() => undefined) };
    sending.set(n, entry);
    entry.done.then(() => {
      if (sending.get(n) === entry) sending.delete(n);
    });
    return done;
  };

  const upload: LoteUpload = {
    id,
    signal,
    offer(n, rows, revision, slot) {
      if (signal.aborted || stored.get(n) === revision) return Promise.resolve();
      const running = sending.get(n);
      if (running?.revision === revision) return running.done;
      return track(n, revision, async () => {
        const release = slot ? await slot(signal) : () => undefined;
        try {
          await put(n, rows, revision, signal);
        } finally {
          release();
        }
      }).catch(() => undefined);
    },
    send(n, rows, revision, partSignal) {
      return track(n, revision, async () => {
        try {
          await put(n, rows, revision, partSignal);
        } catch (error) {
          if (partSignal.aborted || isAbort(error)) throw error;
          await put(n, rows, revision, partSignal);
        }
      });
    },
    isStored: (n, revision) => stored.get(n) === revision,
    async idle() {
      while (sending.size > 0) await Promise.all([...sending.values()].map((s) => s.done));
    },
    discard() {
      if (signal.aborted) return;
      controller.abort();
      id.then((lote) => cargas.discardSave(lote)).catch(() => undefined);
    },
  };
  return upload;
}
