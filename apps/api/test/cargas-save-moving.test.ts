/**
 * save_carga's body moved into folios and asignaciones while it arrives (PostgreSQL: `confirmWhileStaged`, fed
 * range by range by `StagedFeed`): the same answer and the same database as confirming the whole lote at once
 * (`confirmLote`), whatever the ranges — with rows failed by the body's checks and by the checks made only
 * under the writers' lock, spread over several ranges; a body refused or cut while its rows are being moved
 * leaves nothing (the confirmation rolled back, the lock given back); a body that stalls gives the lock back and
 * is still saved whole. The range-by-range confirmation runs on both databases (on PGlite over a lote staged
 * first: its one connection cannot stage and move at once, so its route confirms at the end). And the feed
 * holds the body's reading `AHEAD_ROWS` past the rows moved, only while the move goes on. No clocks: the feed's
 * idle wait is a hook the test resolves.
 */
import type { SaveCargaResponse, SheetRow } from '@socio/contracts';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SAVE_CHUNK } from '../src/modules/cargas/repo';
import { confirmWhileStaged, saveCarga } from '../src/modules/cargas/service';
import { AHEAD_ROWS, BodyStager, StagedFeed } from '../src/modules/cargas/staging';
import type { Actor } from '../src/session';
import { unwatchQueries, watchQueries } from './event-loop-turns';
import {
  activeVisitorsOf,
  createTestContext,
  dbKinds,
  manualAssignmentPayload,
  saveRows,
  type TestContext,
  userIdByEmail,
} from './helpers';

describe.each(dbKinds())('save_carga moved while its body arrives (%s)', (kind) => {
  let ctx: TestContext;
  let actor: Actor;
  let visitors: Array<{ id_usuario: number; region: string }>;

  beforeAll(async () => {
    ctx = await createTestContext(kind, { demoOperations: false });
    actor = { id: await userIdByEmail(ctx.db, 'admin@socioeconomico.mx'), rol: 'Administrador' };
    visitors = await activeVisitorsOf(ctx);
  });
  afterEach(() => {
    unwatchQueries();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const openFolio = async (folio: string, visitorId: number) => {
    const res = await ctx.request(
      {
        method: 'POST',
        url: '/api/cargas/save_manual_assignment',
        payload: manualAssignmentPayload(visitorId, { folio }),
      },
      'Administrador',
    );
    expect(res.statusCode, res.body).toBe(201);
  };
  const setVisitorStatus = async (id: number, estatus: 'activo' | 'inactivo') => {
    await sql`UPDATE usuarios SET estatus = ${estatus} WHERE id_usuario = ${id}`.execute(ctx.db);
  };

  /** Feeds `rows` to `stager` as the body's parser does (waiting whenever it asks to). */
  async function feedRows(stager: BodyStager, rows: readonly unknown[]) {
    for (const row of rows) {
      stager.item(row);
      await stager.drained();
    }
  }

  /** The database's view of carga `id`: its record, assignments, folios and audit row, its prefix made `X`. */
  async function cargaState(id: number, prefix: string) {
    const norm = (v: unknown) => JSON.parse(JSON.stringify(v).replaceAll(prefix, 'X'));
    const { rows: carga } = await sql`
      SELECT file_name, load_type, fecha_cliente, total_filas, registros_procesados, registros_fallidos,
        filas_invalidas_archivo, id_usuario FROM cargas WHERE id_carga = ${id}`.execute(ctx.db);
    const { rows: asignaciones } = await sql`
      SELECT a.folio, a.id_usuario, a.id_estado, a.estado, a.direccion, a.estatus, a.asignado_por, a.id_cliente,
        f.nombre_alumno, f.calle, f.colonia, f.ciudad, f.estado AS folio_estado, f.codigo_postal, f.tel1,
        f.direccion AS folio_direccion, f.extra, f.id_carga = a.id_carga AS same_carga
      FROM asignaciones a JOIN folios f ON f.id_folio = a.id_folio
      WHERE a.id_carga = ${id} ORDER BY a.id_asignacion`.execute(ctx.db);
    const { rows: auditRows } = await sql`
      SELECT actor_id, action, change FROM audit_log WHERE target_type = 'carga' AND target_id = ${String(id)}`.execute(
      ctx.db,
    );
    return norm({ carga, asignaciones, audit: auditRows });
  }

  const counts = async () => {
    const { rows } = await sql<{ lotes: number; filas: number; cargas: number }>`
      SELECT (SELECT count(*)::int FROM carga_lotes) AS lotes, (SELECT count(*)::int FROM carga_lote_filas) AS filas,
        (SELECT count(*)::int FROM cargas) AS cargas`.execute(ctx.db);
    return rows[0]!;
  };

  /**
   * A body of `n` rows under `prefix` whose rows fail every way, in several ranges: a folio repeated in the
   * body, a visitor that is not one, a folio already open (refused while staged), and — once staged — a folio
   * opened and a visitor deactivated (refused by confirmar's own checks).
   */
  function mixedRows(prefix: string, n: number): SheetRow[] {
    const rows = saveRows(visitors, prefix, n) as unknown as Array<Record<string, unknown>>;
    rows[3] = { ...rows[3], Folio: `${prefix}-1` };
    rows[5] = { ...rows[5], visitor_id: 999_999 };
    rows[SAVE_CHUNK + 7] = { ...rows[SAVE_CHUNK + 7], Folio: `${prefix}-2` };
    return rows as unknown as SheetRow[];
  }

  it('moving a lote range by range gives the answer and the database of one move', async () => {
    const n = 3 * SAVE_CHUNK + 40;
    const file = {
      fileName: 'rangos.xlsx',
      loadType: 'TEC_MTY' as const,
      date: '02/01/2026',
      invalidCount: 3,
    };
    const gone = visitors[2]!.id_usuario;
    const stage = async (prefix: string) => {
      await openFolio(`${prefix}-10`, visitors[0]!.id_usuario);
      const stager = new BodyStager(ctx.db, actor);
      stager.start();
      await feedRows(stager, mixedRows(prefix, n));
      const staged = await stager.finish();
      return { stager, id: staged.id! };
    };
    const whole = await stage('EQA');
    const ranged = await stage('EQB');
    // Refused only by confirmar's checks: opened, or their visitor deactivated, after the rows were staged.
    await openFolio('EQA-900', visitors[0]!.id_usuario);
    await openFolio('EQB-900', visitors[0]!.id_usuario);
    await setVisitorStatus(gone, 'inactivo');
    try {
      // The one-move save: `saveCarga` on a body that was staged (its stager's finish answers it again).
      const one = await saveCarga(ctx.db, actor, { ...file, processedData: [] }, whole.stager);
      // Moved in three uneven ranges, the file's fields given at the end.
      const feed = new StagedFeed(() => new Promise(() => undefined));
      const ends = [7, SAVE_CHUNK + 100, n];
      const next = feed.next.bind(feed);
      feed.next = async () => {
        const end = ends.shift();
        if (end !== undefined) feed.staged(end);
        else
          feed.close(
            { fileName: file.fileName, loadType: file.loadType, clientDate: file.date, invalidInFile: 3 },
            n,
          );
        return next();
      };
      const moved = await confirmWhileStaged(ctx.db, actor, ranged.id, feed);
      const answer = (r: SaveCargaResponse, prefix: string) =>
        JSON.parse(JSON.stringify({ ...r, id_carga: null, date: null }).replaceAll(prefix, 'X'));
      expect(one.recordsFailed).toBeGreaterThanOrEqual(5 + Math.floor(n / visitors.length));
      expect(answer(moved, 'EQB')).toEqual(answer(one, 'EQA'));
      expect(await cargaState(moved.id_carga!, 'EQB')).toEqual(await cargaState(one.id_carga!, 'EQA'));
      expect(await counts()).toMatchObject({ lotes: 0, filas: 0 });
    } finally {
      await setVisitorStatus(gone, 'activo');
    }
  });

  it('a body refused while its rows are being moved leaves nothing, and gives the lock back', async () => {
    const before = await counts();
    const good = saveRows(visitors, 'REF', 4 * SAVE_CHUNK);
    let moves = 0;
    watchQueries((text, result) => {
      if (/^\s*INSERT INTO asignaciones/i.test(text)) moves++;
      return result;
    });
    const res = await ctx.request(
      {
        method: 'POST',
        url: '/api/cargas/save_carga',
        payload: {
          fileName: 'ref.xlsx',
          loadType: 'TEC_MTY',
          processedData: [...good, { ...good[0], Calle: { nested: true } }],
        },
      },
      'Administrador',
    );
    expect(res.statusCode, res.body).toBe(422);
    // PostgreSQL moved rows before the bad one was read; PGlite confirms only a body accepted.
    if (kind === 'postgres') expect(moves).toBeGreaterThan(0);
    else expect(moves).toBe(0);
    expect(await counts()).toEqual(before);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM folios WHERE folio LIKE 'REF-%'`.execute(ctx.db);
    expect(rows[0]!.n).toBe(0);
    // The writers' lock is free: another writer of asignaciones is not held up.
    await openFolio('REF-LOCK', visitors[0]!.id_usuario);
  });

  it.runIf(kind === 'postgres')(
    'a body that stalls gives the writers’ lock back, and is still saved whole at its end',
    async () => {
      const before = await counts();
      let idled!: () => void;
      const idle = new Promise<void>((resolve) => {
        idled = resolve;
      });
      const stager = new BodyStager(
        ctx.db,
        actor,
        (id, feed) => confirmWhileStaged(ctx.db, actor, id, feed),
        // The first wait for rows is the client stalling.
        () => {
          idled();
          return Promise.resolve();
        },
      );
      const rows = saveRows(visitors, 'STALL', 3 * SAVE_CHUNK);
      stager.start();
      await feedRows(stager, rows.slice(0, 2 * SAVE_CHUNK));
      await idle;
      // While the body is stalled, another writer of asignaciones gets the lock.
      await openFolio('STALL-LOCK', visitors[0]!.id_usuario);
      await feedRows(stager, rows.slice(2 * SAVE_CHUNK));
      const saved = await saveCarga(
        ctx.db,
        actor,
        { fileName: 'stall.xlsx', loadType: 'TEC_MTY', processedData: [] },
        stager,
      );
      expect(saved).toMatchObject({ success: true, recordsProcessed: 3 * SAVE_CHUNK, recordsFailed: 0 });
      const after = await counts();
      expect(after).toEqual({ lotes: 0, filas: 0, cargas: before.cargas + 1 });
      const { rows: carga } = await sql`
        SELECT file_name, total_filas, registros_procesados FROM cargas WHERE id_carga = ${saved.id_carga}`.execute(
        ctx.db,
      );
      expect(carga).toEqual([
        { file_name: 'stall.xlsx', total_filas: 3 * SAVE_CHUNK, registros_procesados: 3 * SAVE_CHUNK },
      ]);
    },
  );
});

describe('StagedFeed: how far the body is read ahead of the move', () => {
  /** Whether `promise` has settled once the event loop has turned. */
  const settled = async (promise: Promise<unknown>) => {
    let done = false;
    promise.then(() => {
      done = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    return done;
  };
  const file = { fileName: 'a.xlsx', loadType: 'TEC_MTY', clientDate: null, invalidInFile: 0 };
  const never = () => new Promise<void>(() => undefined);

  it('holds the reading AHEAD_ROWS past the rows moved, from the first range until the body ends', async () => {
    const feed = new StagedFeed(never);
    // Before the confirmation moves anything (it may still wait for the writers' lock): never held.
    expect(await settled(feed.room(3 * AHEAD_ROWS))).toBe(true);
    feed.staged(500);
    expect(await feed.next()).toEqual({ parte: 0, from: 0, to: 500 });
    // The range taken is being moved: nothing counts as moved yet.
    expect(await settled(feed.room(AHEAD_ROWS))).toBe(true);
    const far = feed.room(AHEAD_ROWS + 1);
    expect(await settled(far)).toBe(false);
    feed.staged(AHEAD_ROWS + 1);
    // Asking for the next range says the first one was moved: 500 rows more may be read.
    expect(await feed.next()).toEqual({ parte: 0, from: 500, to: AHEAD_ROWS + 1 });
    expect(await settled(far)).toBe(true);
    const farther = feed.room(500 + AHEAD_ROWS + 1);
    expect(await settled(farther)).toBe(false);
    feed.close(file, AHEAD_ROWS + 1);
    expect(await settled(farther)).toBe(true);
    expect(await feed.next()).toBeNull();
  });

  it('stops holding the reading when the save is abandoned or the move gives the lock back', async () => {
    const abandoned = new StagedFeed(never);
    abandoned.staged(10);
    await abandoned.next();
    const held = abandoned.room(10 + AHEAD_ROWS + 1);
    expect(await settled(held)).toBe(false);
    abandoned.abandon();
    expect(await settled(held)).toBe(true);
    await expect(abandoned.next()).rejects.toMatchObject({ idle: false });

    const stalled = new StagedFeed(() => Promise.resolve());
    stalled.staged(10);
    await stalled.next();
    const waiting = stalled.room(AHEAD_ROWS + 1);
    // No rows came while it waited: the move gives the lock back, and the reading is no longer held.
    await expect(stalled.next()).rejects.toMatchObject({ idle: true });
    expect(await settled(waiting)).toBe(true);
  });
});
