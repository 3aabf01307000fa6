/**
 * The wizard's lote, saved ahead of 'Confirmar Carga' (issue 21 item 2): opened as processing starts, each
 * process_carga batch goes with it and the server stores the batch's valid rows as the part of the same number
 * (`staged` in its answer); a part a batch did not store is sent once processing ends. Confirming then sends only
 * the parts not stored yet or edited since, then confirmar. Part n holds the processed rows of batch n (where each
 * starts: a `PartLayout`), the last part also the folios added by hand; a part is stored at a revision (how many
 * review edits had touched it, `partRevision`), and a part edited after it was stored is sent again (the server
 * replaces a part sent again).
 */
import { type OpenSaveInput, PROCESS_BATCH_ROWS, type ProcessedRow, SAVE_PART_ROWS } from '@socio/contracts';
import type { CargasPort } from '../cargas.port';
import { isAbort } from './bulk-load-errors';
import type { TakeSlot } from './in-flight';

/**
 * Rows per part when the parts are not the batches' (`fixedLayout`): a process batch's worth (at most
 * `SAVE_PART_ROWS`, what a part may carry).
 */
export const LOTE_PART_ROWS = Math.min(PROCESS_BATCH_ROWS, SAVE_PART_ROWS);

/**
 * Where each part of the lote starts among the processed rows, in order (part n: from `starts[n]` to the next
 * part's start; the last part to the end). The batches' own layout when processing made it: part n holds what
 * batch n answered, the rows the server stored as part n.
 */
export type PartLayout = readonly number[];

/** Parts of `LOTE_PART_ROWS` rows over `count` rows (the batches' layout when no row was refused). */
export function fixedLayout(count: number): PartLayout {
  return Array.from({ length: Math.ceil(count / LOTE_PART_ROWS) }, (_, n) => n * LOTE_PART_ROWS);
}

/** The part of the lote row `index` of the processed rows belongs to (the last one starting at or before it). */
export function partOfRow(layout: PartLayout, index: number): number {
  let low = 0;
  let high = layout.length - 1;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if ((layout[middle] as number) <= index) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}

/** Parts of the layout. */
export function partCount(layout: PartLayout): number {
  return layout.length;
}

/** The rows of part `n` (a slice: never a second copy of them all); the last part runs to the end. */
export function partRows(rows: readonly ProcessedRow[], layout: PartLayout, n: number): ProcessedRow[] {
  const end = n + 1 < layout.length ? layout[n + 1] : rows.length;
  return rows.slice(layout[n], end);
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
   * has settled, so the last one sent is the one the lote keeps; in a slot of `slot` (shared with the other
   * parts offered). Never throws: a part that failed is simply not stored (`isStored`), and is sent
   * again by `send` at confirm.
   */
  offer(n: number, rows: ProcessedRow[], revision: number, slot: TakeSlot): Promise<void>;
  /** Sends part `n` at `revision` (once more if it fails, unless aborted); throws the failure. */
  send(n: number, rows: ProcessedRow[], revision: number, signal: AbortSignal): Promise<void>;
  /** Whether part `n` is stored at `revision`. */
  isStored(n: number, revision: number): boolean;
  /** Records part `n` as stored at `revision` by another request (a process_carga batch that staged it). */
  markStored(n: number, revision: number): void;
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
        const release = await slot(signal);
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
    markStored(n, revision) {
      if (!signal.aborted) stored.set(n, revision);
    },
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
