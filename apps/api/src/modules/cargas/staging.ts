/**
 * Checking and staging the rows of a lote's part a chunk at a time (`PartStager`), and save_carga's body staged
 * while it arrives (`BodyStager`): a 100,000-row body never becomes 100,000 row objects at once.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as delay } from 'node:timers/promises';
import {
  CARGAS_MESSAGES,
  MAX_ROWS_PER_CARGA,
  MAX_ROWS_PER_REQUEST,
  PROCESS_BATCH_ROWS,
  type ProcessedRow,
  rowIssue,
  SAVE_ROW_INDEX,
  type SaveCargaResponse,
  type SheetRow,
} from '@socio/contracts';
import type { Db } from '../../db/schema';
import { fail } from '../../domain-errors';
import type { ListConsumer } from '../../http/big-json';
import { yieldToEventLoop } from '../../lib/event-loop';
import type { Actor } from '../../session';
import {
  clearPart,
  createStager,
  deleteLote,
  insertLote,
  lockLote,
  lockPart,
  recordPart,
  type StagedRange,
  type StagedRow,
} from './lotes-repo';
import { estadoIds, findOpenFolios, listActiveVisitors, SAVE_CHUNK, SAVE_SLICE } from './repo';
import {
  createSaveChecker,
  type FolioFields,
  foliosOf,
  MISSING_VISITOR_REASON,
  type SaveCandidate,
  type SaveFailure,
} from './rows';

/** What the checks of a part need from the database, read once per part. */
export interface StagingContext {
  activeVisitors: ReadonlySet<number>;
  estados: ReadonlyMap<string, number>;
}

export async function stagingContext(db: Db): Promise<StagingContext> {
  const visitors = await listActiveVisitors(db);
  return { activeVisitors: new Set(visitors.map((v) => v.id_usuario)), estados: await estadoIds(db) };
}

/**
 * Checks rows with save_carga's rules (`createSaveChecker`: row rules, active visitor, folio once in the part and
 * not already open) and stages them as part `parte` of lote `id`, one chunk (≤ `SAVE_CHUNK` rows) per `stage`
 * call, in file order: the chunk's open folios are looked up, its rows checked `SAVE_SLICE` per turn of the event
 * loop (each released as it is checked), then written with one COPY while the next chunk is checked
 * (`createStager`; `done` waits for the last). The answers are those of checking every row of the part at once.
 */
export class PartStager {
  private readonly openFolios = new Set<string>();
  private readonly checker: ReturnType<typeof createSaveChecker>;
  private readonly writer: ReturnType<typeof createStager>;
  /** The open folios of the next chunk, looked up while the current one is checked (`stage`'s `next`). */
  private ahead: { chunk: ReadonlyArray<SheetRow | null>; open: Promise<Set<string>> } | null = null;
  /** Rows staged so far (the next row's `ord`). */
  staged = 0;

  /** `written`: told the part's rows staged so far each time a chunk's COPY committed (`createStager`). */
  constructor(
    private readonly db: Db,
    private readonly ctx: StagingContext,
    readonly id: string,
    readonly parte: number,
    written?: (end: number) => void,
  ) {
    this.checker = createSaveChecker([], { activeVisitors: ctx.activeVisitors, openFolios: this.openFolios });
    this.writer = createStager(db, id, parte, written);
  }

  /**
   * Checks and stages `chunk` (emptied meanwhile: its rows are released as they are checked). `next`, the chunk
   * the caller stages after this one when it already has it: its open folios are looked up while this one is
   * checked (the lookup no longer holds up the checks).
   */
  async stage(chunk: Array<SheetRow | null>, next?: ReadonlyArray<SheetRow | null>): Promise<void> {
    const ahead = this.ahead?.chunk === chunk ? this.ahead.open : this.lookUp(chunk);
    this.ahead = null;
    const open = await ahead;
    this.openFolios.clear();
    for (const folio of open) this.openFolios.add(folio);
    if (next !== undefined && next.length > 0) {
      const lookup = this.lookUp(next);
      // Awaited by the next stage; a chunk never staged (the save failed meanwhile) leaves it unhandled.
      lookup.catch(() => undefined);
      this.ahead = { chunk: next, open: lookup };
    }
    const staged: StagedRow[] = [];
    for (let i = 0; i < chunk.length; i++) {
      if (i % SAVE_SLICE === 0) await yieldToEventLoop();
      const result = this.checker.check(chunk[i]!);
      chunk[i] = null;
      staged.push(
        result.ok ? stagedCandidate(result.candidate, this.ctx.estados) : stagedFailure(result.failure),
      );
    }
    await this.writer.add(this.staged, staged);
    this.staged += staged.length;
  }

  /** The open folios among `chunk`'s rows, once the reader learned their headers (in file order: chunk by chunk). */
  private lookUp(chunk: ReadonlyArray<SheetRow | null>): Promise<Set<string>> {
    const rows = chunk as SheetRow[];
    for (const row of rows) this.checker.reader.add(row);
    return findOpenFolios(this.db, foliosOf(rows, this.checker.reader));
  }

  /** Once the last chunk was staged: waits for its COPY (throws what a COPY threw). */
  done(): Promise<void> {
    return this.writer.done();
  }
}

/**
 * Stores what process_carga just answered for a batch (`processed`, each row's folio fields in `fields`) as part
 * `lote.parte` of `actorId`'s lote `lote.id`, replacing an earlier copy of the part: the rows the wizard would
 * send back as that part, checked by the server that processed them (the visitor it proposed; a row without one is
 * staged as refused, as save_carga refuses it). confirmar then makes the checks only the whole file can make.
 * False, and nothing stored, when the lote is not the actor's or no longer open.
 */
export async function stageProcessed(
  db: Db,
  actorId: number,
  lote: { id: string; parte: number },
  processed: readonly ProcessedRow[],
  fields: readonly FolioFields[],
): Promise<boolean> {
  const estados = await estadoIds(db);
  const received = await replacePart(db, actorId, lote, async (trx) => {
    const writer = createStager(trx, lote.id, lote.parte);
    // One COPY per wizard batch (the batch is in memory already; ~2 MB of COPY data for 5,000 rows).
    for (let start = 0; start < processed.length; start += PROCESS_BATCH_ROWS) {
      const end = Math.min(processed.length, start + PROCESS_BATCH_ROWS);
      const chunk: StagedRow[] = [];
      for (let i = start; i < end; i++) chunk.push(stagedProcessed(processed[i]!, fields[i]!, estados));
      await writer.add(start, chunk);
    }
    await writer.done();
    return processed.length;
  });
  return received !== null;
}

/**
 * Replaces part `lote.parte` of `actorId`'s lote `lote.id` in one transaction: with the part's locks, its earlier
 * rows cleared, `write` stages the new ones and says how many; the part is recorded, and the whole lote refused
 * past `MAX_ROWS_PER_CARGA`. Returns the rows the lote then holds; null, and nothing stored, when the lote is not
 * the actor's or no longer open. Both ways of storing a part (a lote part sent, a process_carga batch) go here.
 */
export async function replacePart(
  db: Db,
  actorId: number,
  lote: { id: string; parte: number },
  write: (trx: Db) => Promise<number>,
): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockLote(trx, lote.id, actorId, 'share'))) return null;
    await lockPart(trx, lote.id, lote.parte);
    await clearPart(trx, lote.id, lote.parte);
    const filas = await write(trx);
    const received = await recordPart(trx, lote.id, lote.parte, filas);
    if (received > MAX_ROWS_PER_CARGA) fail('invalid', 'too_many_rows', CARGAS_MESSAGES.tooManyRows);
    return received;
  });
}

/** A row process_carga answered, as staged: a candidate with the visitor it proposed, or refused without one. */
function stagedProcessed(
  row: ProcessedRow,
  fields: FolioFields,
  estados: ReadonlyMap<string, number>,
): StagedRow {
  const rowIndex = row.row_index ?? null;
  if (row.visitor_id === null)
    return stagedFailure({ row_index: rowIndex, id_folio: fields.folio, reason: MISSING_VISITOR_REASON });
  return stagedCandidate({ rowIndex, fields, visitorId: row.visitor_id }, estados);
}

/** A checked row as staged: its typed fields, visitor and state id. */
function stagedCandidate(c: SaveCandidate, estados: ReadonlyMap<string, number>): StagedRow {
  return {
    row_index: c.rowIndex,
    folio: c.fields.folio,
    motivo: null,
    id_usuario: c.visitorId,
    id_estado: c.fields.estado === null ? null : (estados.get(c.fields.estado) ?? null),
    fields: c.fields,
  };
}

/** A refused row as staged: only where it was and why (confirmar counts and lists it). */
function stagedFailure(f: SaveFailure): StagedRow {
  return {
    row_index: f.row_index,
    folio: f.id_folio,
    motivo: f.reason,
    id_usuario: null,
    id_estado: null,
    fields: null,
  };
}

/** What the body's list keeps in place of a row that was staged (its length still counts the rows). */
const STAGED = Object.freeze({});

/** The part a one-body save stages its rows as. */
export const BODY_PART = 0;

/**
 * How long a confirmation moving a body while it arrives waits for its next rows holding the writers' lock
 * before it gives the lock back (`StagedFeed`): a body that arrives this slowly gains nothing from being moved
 * meanwhile, and other writers of asignaciones should not wait for its client.
 */
export const LOCK_IDLE_MS = 1_000;

/**
 * Rows a body moved while it arrives is read ahead of the rows already moved (`StagedFeed.room`). The database's
 * move is the slower side: a server that parsed, checked and staged the rest of the body at full speed took CPU
 * from the move on a two-core machine (parser, staging COPY and move all running at once), for no gain — the
 * move waits for none of it. Ranges of 11,000-13,500 rows (this bound) moved at ~58 µs a row in bench:api (a);
 * 4,000-6,000-row ranges (10,000) at ~70, unbounded ranges (up to 60,000 rows) at ~60.
 */
export const AHEAD_ROWS = 25_000;

/** What a carga record keeps of its file (known once the body was all read). */
export interface BodyFile {
  fileName: string;
  loadType: string;
  clientDate: string | null;
  invalidInFile: number;
}

/** Thrown by `StagedFeed.next` to end a confirmation that moved the body while it arrived: roll it back. */
export class FeedEnded extends Error {
  /** `idle`: the lock given back to other writers (the body is then confirmed whole); else the save abandoned. */
  constructor(readonly idle: boolean) {
    super(
      idle ? 'save_carga: cuerpo demasiado lento, se confirma al final' : 'save_carga: guardado abandonado',
    );
  }
}

/**
 * The rows of a one-body save's part as their COPYs commit, to the confirmation moving them while the rest of
 * the body arrives (`confirmWhileStaged`). `next` answers a range of the rows staged since the last one (all of
 * them: the slower the move, the larger its ranges and the fewer its statements), null once the body was read
 * (`close`) and every row taken; it throws `FeedEnded` when the save is abandoned (`abandon`: a body refused,
 * a request ended) or when no rows came for `idle` (default `LOCK_IDLE_MS`; a test's hook says when instead).
 * Once the confirmation moves rows (it holds the writers' lock), `room` holds the body's reading `AHEAD_ROWS`
 * past the rows moved, until the confirmation ends one way or another (`release`).
 */
export class StagedFeed {
  private written = 0;
  private taken = 0;
  /** Rows the confirmation moved (those it took before its latest `next`). */
  private moved = 0;
  /** Whether `room` holds the reading: from the first range moved until the confirmation ends. */
  private holding = false;
  private readonly waiting: Array<{ read: number; resolve: () => void }> = [];
  private closed: { file: BodyFile; rows: number } | null = null;
  private abandoned = false;
  private wake: (() => void) | null = null;

  /** `idle`: resolves when the wait for rows has lasted too long; `signal` aborts once rows came meanwhile. */
  constructor(
    private readonly idle: (signal: AbortSignal) => Promise<void> = (signal) =>
      delay(LOCK_IDLE_MS, undefined, { signal, ref: false }).catch(() => undefined),
  ) {}

  /** The part's rows with `ord` below `end` are staged (committed). */
  staged(end: number): void {
    this.written = Math.max(this.written, end);
    this.signal();
  }

  /** The body was all read: `rows` rows, of `file`. */
  close(file: BodyFile, rows: number): void {
    this.closed = { file, rows };
    this.release();
    this.signal();
  }

  /** The save will not be confirmed this way: the confirmation's next `next` throws. */
  abandon(): void {
    this.abandoned = true;
    this.release();
    this.signal();
  }

  /** Resolves once `read` rows of the body are at most `AHEAD_ROWS` past those moved (at once when not holding). */
  room(read: number): Promise<void> {
    if (!this.holding || read - this.moved <= AHEAD_ROWS) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push({ read, resolve }));
  }

  /** The confirmation ended (or will not move more): the body's reading is no longer held. */
  release(): void {
    this.holding = false;
    this.makeRoom();
  }

  private makeRoom(): void {
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const w = this.waiting[i]!;
      if (this.holding && w.read - this.moved > AHEAD_ROWS) continue;
      this.waiting.splice(i, 1);
      w.resolve();
    }
  }

  /** Once `next` answered null: the file and its rows. */
  file(): { file: BodyFile; rows: number } {
    if (this.closed === null) throw new Error('StagedFeed: cuerpo sin cerrar');
    return this.closed;
  }

  async next(): Promise<StagedRange | null> {
    // The range taken before was moved: the body may be read further.
    this.moved = this.taken;
    this.holding = this.closed === null && !this.abandoned;
    this.makeRoom();
    let idle = false;
    for (;;) {
      if (this.abandoned) throw new FeedEnded(false);
      if (this.written > this.taken) {
        const range = { parte: BODY_PART, from: this.taken, to: this.written };
        this.taken = this.written;
        return range;
      }
      if (this.closed !== null) return null;
      if (idle) {
        this.release();
        throw new FeedEnded(true);
      }
      const woken = new Promise<boolean>((resolve) => {
        this.wake = () => resolve(false);
      });
      const waiting = new AbortController();
      idle = await Promise.race([woken, this.idle(waiting.signal).then(() => true)]);
      waiting.abort();
      this.wake = null;
    }
  }

  private signal(): void {
    this.wake?.();
  }
}

/**
 * Confirms the lote `id` of a body while the body arrives (`confirmWhileStaged`, given by the route on
 * PostgreSQL), its rows told by `feed`.
 */
export type ConfirmWhileStaged = (id: string, feed: StagedFeed) => Promise<SaveCargaResponse>;

/**
 * save_carga's rows (`processedData`) checked and staged as the body arrives (a `ListConsumer` of the body's
 * parser): every `SAVE_CHUNK` rows are staged as part 0 of a lote of `actor`'s, opened at the first chunk,
 * while the next ones are read (the body waits while two chunks are pending). The parsed body keeps, in the
 * list, a shared empty object in place of each staged row — its length and its schema errors stay those of the
 * whole body: a row the schema refuses (`rowIssue`) is kept as it is and ends the staging, as do rows past the
 * request's limit (the body is then refused, whole, as before). With `confirm` (PostgreSQL), the lote is
 * confirmed while the body arrives, its rows moved as they are staged (`StagedFeed`). The route's handler
 * finishes the save with `finish`; a body refused or a request ended any other way `discard`s the lote (the
 * confirmation moving it rolled back first; a crash leaves it to expire).
 */
export class BodyStager implements ListConsumer {
  private lote: PartStager | null = null;
  private chunk: SheetRow[] = [];
  /** Chunks read and queued, not yet taken by their staging job (the first one's next is looked up early). */
  private readonly waiting: SheetRow[][] = [];
  private rows = 0;
  /** False once the body can only be refused (a row the schema refuses, too many rows): nothing more is staged. */
  private staging = true;
  private closed = false;
  /** The staging work, one chunk after another; `previous` is the chunk before the last one queued. */
  private chain: Promise<void> = Promise.resolve();
  private previous: Promise<void> = Promise.resolve();
  private failure: { error: unknown } | null = null;
  /** Set once `finish` handed the lote to the save (which confirms or deletes it). */
  private handedOver = false;
  private discarded: Promise<void> | null = null;
  /** The confirmation moving the lote's rows while the body arrives, with what tells it the rows staged. */
  private moving: { feed: StagedFeed; confirmation: Promise<SaveCargaResponse> } | null = null;

  constructor(
    private readonly db: Db,
    private readonly actor: Actor,
    private confirm: ConfirmWhileStaged | null = null,
    /** `StagedFeed`'s idle wait (its default unless a test says when instead). */
    private readonly idle?: (signal: AbortSignal) => Promise<void>,
  ) {}

  /** A `processedData` list begins (again, when the member is repeated: the last one counts). */
  start(): void {
    this.chunk = [];
    this.rows = 0;
    this.staging = true;
    this.queue(async () => {
      if (this.lote === null) return;
      await this.lote.done();
      // The earlier list's rows may be moved already: that confirmation rolls back, and this (rare) body is
      // confirmed at its end.
      this.confirm = null;
      await this.stopMoving();
      await clearPart(this.db, this.lote.id, BODY_PART);
      this.lote = new PartStager(this.db, await stagingContext(this.db), this.lote.id, BODY_PART);
    });
  }

  item(row: unknown): unknown {
    this.rows++;
    const refused = rowIssue(row, SAVE_ROW_INDEX) !== null;
    if (this.staging && (refused || this.rows > MAX_ROWS_PER_REQUEST)) {
      this.staging = false;
      this.chunk = [];
      // The body will be refused: the writers' lock is given back now, not once the rest of it was read.
      this.moving?.feed.abandon();
    }
    if (!this.staging) return refused ? row : STAGED;
    this.chunk.push(row as SheetRow);
    if (this.chunk.length >= SAVE_CHUNK) this.flush();
    return STAGED;
  }

  /**
   * Resolves once at most one chunk is pending: the body is read on meanwhile; while its rows are moved, also
   * once they are not too far ahead of the move (`StagedFeed.room`).
   */
  drained(): Promise<void> {
    if (this.moving === null) return this.previous;
    const room = this.moving.feed.room(this.rows);
    return Promise.all([this.previous, room]).then(() => undefined);
  }

  /**
   * After the body was parsed and validated: stages what is left and answers the lote holding the rows (null
   * when there were none), how many, and the confirmation moving them when there is one (the save closes its
   * feed with the file's fields and awaits it); throws what staging threw.
   */
  async finish(): Promise<{
    id: string | null;
    rows: number;
    moving: { feed: StagedFeed; confirmation: Promise<SaveCargaResponse> } | null;
  }> {
    if (!this.staging) throw new Error('save_carga: cuerpo aceptado con filas sin preparar');
    if (this.chunk.length > 0) this.flush();
    await this.chain;
    if (this.failure !== null) throw this.failure.error;
    await this.lote?.done();
    this.handedOver = true;
    return { id: this.lote?.id ?? null, rows: this.rows, moving: this.moving };
  }

  /**
   * Once the request ended: rolls back the confirmation moving the lote, then deletes the lote (after every
   * pending chunk settled) unless `finish` handed it to the save; nothing is staged after it.
   */
  discard(): Promise<void> {
    this.closed = true;
    this.chunk = [];
    if (!this.handedOver) this.moving?.feed.abandon();
    this.discarded ??= this.chain.then(async () => {
      if (this.lote === null || this.handedOver) return;
      await this.stopMoving();
      // The last chunk's COPY first: rows it wrote after the lote was deleted would outlive it.
      await this.lote.done().catch(() => undefined);
      await deleteLote(this.db, this.lote.id, this.actor.id);
    });
    return this.discarded;
  }

  private flush(): void {
    this.waiting.push(this.chunk);
    this.chunk = [];
    this.previous = this.chain;
    this.queue(async () => {
      this.lote ??= await this.open();
      const chunk = this.waiting.shift()!;
      await this.lote.stage(chunk, this.waiting[0]);
    });
  }

  private async open(): Promise<PartStager> {
    const ctx = await stagingContext(this.db);
    const id = randomUUID();
    // The file's name and the rest of the body are known once it is all read (`setLoteFile`, `setCargaFile`).
    await insertLote(this.db, {
      id,
      actorId: this.actor.id,
      fileName: '',
      loadType: '',
      clientDate: null,
      invalidInFile: 0,
    });
    if (this.confirm === null) return new PartStager(this.db, ctx, id, BODY_PART);
    const feed = new StagedFeed(this.idle);
    const confirmation = this.confirm(id, feed);
    // Awaited by the save, or by `stopMoving`; a rejection until then is not an unhandled one. However it ends
    // (a failure too), the body's reading is no longer held.
    confirmation.then(
      () => feed.release(),
      () => feed.release(),
    );
    this.moving = { feed, confirmation };
    return new PartStager(this.db, ctx, id, BODY_PART, (end) => feed.staged(end));
  }

  /** Rolls back the confirmation moving the lote, if any, and waits until it has. */
  private async stopMoving(): Promise<void> {
    const moving = this.moving;
    if (moving === null) return;
    this.moving = null;
    moving.feed.abandon();
    await moving.confirmation.catch(() => undefined);
  }

  /** Runs `job` after the queued ones, unless staging failed or was discarded. */
  private queue(job: () => Promise<void>): void {
    this.chain = this.chain.then(async () => {
      if (this.failure !== null || this.closed) return;
      try {
        await job();
      } catch (error) {
        this.failure = { error };
      }
    });
  }
}
