/**
 * Issue 20: Cargas filters (list, count and statistics), folio suggestions and the ficha del folio.
 * Every filter combination is compared with a plain SQL oracle over the same rows.
 */
import type {
  Assignment,
  AssignmentStats,
  FolioFicha,
  FolioSuggestResponse,
  ProcessCargaResponse,
} from '@socio/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, dbKinds, type TestContext, userIdByEmail } from './helpers';

const ESTADOS = ['Nuevo León', 'Jalisco', 'Puebla'];
const qsOf = (f: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(f).map(([k, v]): [string, string] => [k, String(v)])).toString();

describe.each(dbKinds())('folios: filtros, sugerencias y ficha (%s)', (kind) => {
  let ctx: TestContext;
  const visitador: Record<number, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext(kind, { demoOperations: false });
    for (let n = 1; n <= 6; n++)
      visitador[n] = await userIdByEmail(ctx.db, `visitador${n}@socioeconomico.mx`);
    const ids = Object.values(visitador);
    // 300 assignments over 12 days; a third at 05:xx or 06:xx UTC (around the start of a day in Mexico City),
    // a fifth exactly at UTC midnight (the day counters' boundary); folio names with LIKE metacharacters.
    await sql`INSERT INTO folios (folio, estado) SELECT
        CASE WHEN g % 10 = 0 THEN 'TEC_' || g WHEN g % 10 = 1 THEN 'TEC%' || g ELSE 'TEC-2026-' || lpad(g::text, 5, '0') END,
        (${sql.lit(`{${ESTADOS.map((e) => `"${e}"`).join(',')}}`)}::text[])[1 + (g % 3)]
      FROM generate_series(1, 300) g`.execute(ctx.db);
    await sql`INSERT INTO asignaciones (folio, id_folio, id_usuario, estado, estatus, fecha_asignacion)
      SELECT f.folio, f.id_folio, (${sql.lit(`{${ids.join(',')}}`)}::int[])[1 + (f.id_folio % ${ids.length})],
        f.estado,
        (ARRAY['asignada','agendada','completada','cancelada'])[1 + (f.id_folio * 7 % 4)],
        timestamptz '2026-03-01 00:00:00+00' + ((f.id_folio % 12) * interval '1 day')
          + CASE f.id_folio % 5 WHEN 0 THEN interval '0'
              WHEN 1 THEN interval '5 hours 59 minutes' WHEN 2 THEN interval '6 hours'
              ELSE (f.id_folio % 24) * interval '1 hour' END
      FROM folios f`.execute(ctx.db);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const get = (url: string, who = 'Administrador') => ctx.request({ method: 'GET', url: `/api${url}` }, who);

  /** The rows a filter should find, counted per status, straight from the table. */
  async function oracle(f: Record<string, string | number>, owner?: number) {
    const c = [sql`TRUE`];
    if (owner !== undefined) c.push(sql`id_usuario = ${owner}`);
    if (f.visitador !== undefined) c.push(sql`id_usuario = ${Number(f.visitador)}`);
    if (f.estado !== undefined) c.push(sql`estado = ${f.estado}`);
    if (f.estatus !== undefined) c.push(sql`estatus = ${f.estatus}`);
    if (f.folio !== undefined) c.push(sql`starts_with(upper(folio), ${String(f.folio).toUpperCase()})`);
    // Days in Mexico City (UTC-6).
    if (f.fecha_desde !== undefined)
      c.push(sql`fecha_asignacion >= (${f.fecha_desde}::date + interval '6 hours') AT TIME ZONE 'UTC'`);
    if (f.fecha_hasta !== undefined)
      c.push(sql`fecha_asignacion < (${f.fecha_hasta}::date + interval '30 hours') AT TIME ZONE 'UTC'`);
    const { rows } = await sql<{ id_asignacion: number; estatus: string }>`
      SELECT id_asignacion, estatus FROM asignaciones WHERE ${sql.join(c, sql` AND `)}
      ORDER BY fecha_asignacion DESC, id_asignacion DESC`.execute(ctx.db);
    const stats: AssignmentStats = {
      total: rows.length,
      asignada: 0,
      agendada: 0,
      completada: 0,
      cancelada: 0,
    };
    for (const r of rows) stats[r.estatus as 'asignada'] += 1;
    return { ids: rows.map((r) => r.id_asignacion), stats };
  }

  const single: Array<Record<string, string | number>> = [
    { folio: 'tec-2026-001' },
    { folio: 'TEC_' },
    { folio: 'TEC%' },
    { estatus: 'agendada' },
    { estado: 'Jalisco' },
    { fecha_desde: '2026-03-03' },
    { fecha_hasta: '2026-03-04' },
    { fecha_desde: '2026-03-03', fecha_hasta: '2026-03-03' },
    { fecha_desde: '2026-03-02', fecha_hasta: '2026-03-09' },
  ];

  it('filters list, count and statistics by each filter and each pair, as the table says', async () => {
    const visitorFilter = () => ({ visitador: visitador[2]! });
    const filters = [...single, visitorFilter()];
    const combos: Array<Record<string, string | number>> = [...filters];
    for (let i = 0; i < filters.length; i++)
      for (let j = i + 1; j < filters.length; j++) combos.push({ ...filters[i], ...filters[j] });
    for (const f of combos) {
      const qs = qsOf(f);
      const expected = await oracle(f);
      const list = await get(`/cargas/active_assignments?page_size=100&${qs}`);
      expect(list.statusCode, list.body).toBe(200);
      const body = list.json() as { assignments: Assignment[]; total: number; total_pages: number };
      expect(body.total, qs).toBe(expected.ids.length);
      expect(
        body.assignments.map((a) => a.id_asignacion),
        qs,
      ).toEqual(expected.ids.slice(0, 100));
      const stats = await get(`/cargas/assignment_stats?${qs}`);
      expect(stats.json(), qs).toEqual(expected.stats);
    }
  });

  it('pages a filtered list in order, each row once', async () => {
    const f = { estado: 'Puebla', fecha_desde: '2026-03-02' };
    const expected = await oracle(f);
    const seen: number[] = [];
    for (let p = 1; p <= Math.ceil(expected.ids.length / 7) + 1; p++) {
      const res = await get(
        `/cargas/active_assignments?page=${p}&page_size=7&estado=Puebla&fecha_desde=2026-03-02`,
      );
      seen.push(...(res.json() as { assignments: Assignment[] }).assignments.map((a) => a.id_asignacion));
    }
    expect(seen).toEqual(expected.ids);
  });

  it('keeps a Visitador to their own assignments whatever the filters say', async () => {
    const me = visitador[1]!;
    const cases: Array<Record<string, string | number>> = [
      { estatus: 'asignada' },
      { visitador: visitador[2]! },
      { estado: 'Jalisco' },
    ];
    for (const f of cases) {
      const qs = qsOf(f);
      const expected = await oracle(f, me);
      const res = await get(`/cargas/active_assignments?page_size=100&${qs}`, 'visitador1@socioeconomico.mx');
      const body = res.json() as { assignments: Assignment[]; total: number };
      expect(body.total).toBe(expected.ids.length);
      expect(body.assignments.every((a) => a.id_usuario === me)).toBe(true);
      const stats = await get(`/cargas/assignment_stats?${qs}`, 'visitador1@socioeconomico.mx');
      expect(stats.json()).toEqual(expected.stats);
    }
  });

  it('follows later writes (the counters are kept by the triggers)', async () => {
    const before = (await get('/cargas/assignment_stats?estado=Jalisco')).json() as AssignmentStats;
    const [row] = (
      await sql<{ id_asignacion: number }>`SELECT id_asignacion FROM asignaciones
        WHERE estado = 'Jalisco' AND estatus = 'asignada' ORDER BY id_asignacion LIMIT 1`.execute(ctx.db)
    ).rows;
    const moved = await ctx.request(
      {
        method: 'PATCH',
        url: `/api/cargas/asignaciones/${row!.id_asignacion}`,
        payload: { estatus: 'cancelada' },
      },
      'Administrador',
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const after = (await get('/cargas/assignment_stats?estado=Jalisco')).json() as AssignmentStats;
    expect(after).toEqual({ ...before, asignada: before.asignada - 1, cancelada: before.cancelada + 1 });
    expect(after).toEqual((await oracle({ estado: 'Jalisco' })).stats);
  });

  it.each([
    'estatus=abierta',
    'estado=Narnia',
    'visitador=abc',
    'visitador=0',
    'fecha_desde=2026-02-30',
    'fecha_desde=03/03/2026',
    'fecha_desde=2026-03-05&fecha_hasta=2026-03-04',
    `folio=${'X'.repeat(65)}`,
  ])('rejects %s with a 422 detail list', async (qs) => {
    for (const url of ['/cargas/active_assignments', '/cargas/assignment_stats']) {
      const res = await get(`${url}?${qs}`);
      expect(res.statusCode, `${url}?${qs}`).toBe(422);
      expect(res.json().detail[0].loc[0]).toBe('query');
    }
  });

  it('treats empty filter parameters as absent', async () => {
    const res = await get(
      '/cargas/active_assignments?folio=&estatus=&estado=&visitador=&fecha_desde=&fecha_hasta=',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().total).toBe((await oracle({})).ids.length);
  });

  describe('GET /folios/sugerencias', () => {
    it('answers up to 8 folios starting with the text, any case, in order, with client and status', async () => {
      const res = await get('/folios/sugerencias?q=tec-2026-000');
      expect(res.statusCode, res.body).toBe(200);
      const { folios } = res.json() as FolioSuggestResponse;
      expect(folios.map((f) => f.folio)).toEqual([
        'TEC-2026-00002',
        'TEC-2026-00003',
        'TEC-2026-00004',
        'TEC-2026-00005',
        'TEC-2026-00006',
        'TEC-2026-00007',
        'TEC-2026-00008',
        'TEC-2026-00009',
      ]);
      expect(folios[0]).toEqual({ folio: 'TEC-2026-00002', cliente: null, estatus: expect.any(String) });
      const literal = (await get(`/folios/sugerencias?q=${encodeURIComponent('TEC%')}`)).json();
      expect(literal.folios.every((f: { folio: string }) => f.folio.startsWith('TEC%'))).toBe(true);
    });

    it('gives a Visitador only their folios, and validates q', async () => {
      const mine = (await get('/folios/sugerencias?q=TEC-', 'visitador1@socioeconomico.mx')).json();
      const owned = await sql<{
        folio: string;
      }>`SELECT folio FROM asignaciones WHERE id_usuario = ${visitador[1]!}`.execute(ctx.db);
      const set = new Set(owned.rows.map((r) => r.folio));
      expect(mine.folios.length).toBeGreaterThan(0);
      expect(mine.folios.every((f: { folio: string }) => set.has(f.folio))).toBe(true);
      expect((await get('/folios/sugerencias')).statusCode).toBe(422);
      expect((await get(`/folios/sugerencias?q=${'A'.repeat(65)}`)).statusCode).toBe(422);
    });
  });

  describe('GET /folios/:folio', () => {
    it('shows a folio saved from a spreadsheet: its data, assignment, history, reports and deliveries', async () => {
      const rows = [
        {
          row_index: 2,
          Folio: 'FICHA-0001',
          'Nombre Alumno': 'Ana Ficha',
          Calle: 'Av. Juárez 1',
          Colonia: 'Centro',
          Ciudad: 'Monterrey',
          Estado: 'Nuevo León',
          'Codigo Postal': '64000',
          Tel1: '8112345678',
        },
      ];
      const processed = await ctx.request(
        { method: 'POST', url: '/api/cargas/process_carga', payload: { rows, loadType: 'TEC_MTY' } },
        'Supervisor',
      );
      const { processedData } = processed.json() as ProcessCargaResponse;
      const saved = await ctx.request(
        {
          method: 'POST',
          url: '/api/cargas/save_carga',
          payload: { fileName: 'f.xlsx', processedData, loadType: 'TEC_MTY' },
        },
        'Supervisor',
      );
      expect(saved.statusCode, saved.body).toBe(200);
      const res = await get('/folios/ficha-0001');
      expect(res.statusCode, res.body).toBe(200);
      const ficha = res.json() as FolioFicha;
      expect(ficha.datos).toMatchObject({
        folio: 'FICHA-0001',
        nombre_alumno: 'Ana Ficha',
        estado: 'Nuevo León',
      });
      expect(ficha.asignaciones).toHaveLength(1);
      const a = ficha.asignaciones[0]!;
      expect(a).toMatchObject({ estatus: 'asignada', visitador: expect.any(String) });
      expect(ficha.historial).toEqual([
        expect.objectContaining({
          accion: 'asignada',
          estatus: 'asignada',
          por: expect.stringMatching(/\S/),
        }),
      ]);
      expect(ficha.reportes).toEqual([]);
      expect(ficha.entregas).toEqual([]);

      // A move shows in the history with who made it.
      const moved = await ctx.request(
        {
          method: 'PATCH',
          url: `/api/cargas/asignaciones/${a.id_asignacion}`,
          payload: { estatus: 'agendada' },
        },
        'Administrador',
      );
      expect(moved.statusCode).toBe(200);
      const after = (await get('/folios/FICHA-0001')).json() as FolioFicha;
      expect(after.asignaciones[0]?.estatus).toBe('agendada');
      expect(after.historial.map((e) => [e.accion, e.estatus])).toEqual([
        ['asignada', 'asignada'],
        ['estatus', 'agendada'],
      ]);
      expect(after.historial[1]?.por).toMatch(/\S/);

      // Its visitor sees it; another Visitador gets 404, as for a folio that does not exist.
      const owner = await sql<{
        email: string;
      }>`SELECT email FROM usuarios WHERE id_usuario = ${a.id_usuario}`.execute(ctx.db);
      const email = owner.rows[0]!.email;
      expect((await get('/folios/FICHA-0001', email)).statusCode).toBe(200);
      const other =
        email === 'visitador1@socioeconomico.mx'
          ? 'visitador2@socioeconomico.mx'
          : 'visitador1@socioeconomico.mx';
      const refused = await get('/folios/FICHA-0001', other);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({
        detail: 'No se encontró el folio FICHA-0001',
        code: 'folio_not_found',
      });
    });

    it("lists the folio's reports with their estatus and each e-mail delivery with its state (staff only)", async () => {
      const [folio] = (
        await sql<{ folio: string; id_folio: number; id_usuario: number }>`
          SELECT a.folio, a.id_folio, a.id_usuario FROM asignaciones a WHERE a.folio = 'TEC-2026-00102'`.execute(
          ctx.db,
        )
      ).rows;
      const [cliente] = (
        await sql<{ id_cliente: number; nombre: string }>`
        SELECT id_cliente, nombre FROM clientes ORDER BY id_cliente LIMIT 1`.execute(ctx.db)
      ).rows;
      const [pdf] = (
        await sql<{ id_pdf: number }>`INSERT INTO pdfs DEFAULT VALUES RETURNING id_pdf`.execute(ctx.db)
      ).rows;
      const [reporte] = (
        await sql<{ id_reporte: number }>`
          INSERT INTO reportes (folio, id_folio, id_cliente, fecha_recibido, estatus, id_pdf)
          VALUES (${folio!.folio}, ${folio!.id_folio}, ${cliente!.id_cliente}, '2026-03-10', 'enviado', ${pdf!.id_pdf})
          RETURNING id_reporte`.execute(ctx.db)
      ).rows;
      await sql`INSERT INTO entregas (id_reporte, estado, destinatarios, message_id, max_intentos)
        VALUES (${reporte!.id_reporte}, 'enviando', ARRAY['a@example.mx'], 'ficha-test@x', 3)`.execute(
        ctx.db,
      );
      const ficha = (await get('/folios/TEC-2026-00102')).json() as FolioFicha;
      expect(ficha.reportes).toEqual([
        {
          id_reporte: reporte!.id_reporte,
          cliente: cliente!.nombre,
          estatus: 'Enviado',
          fecha_recibido: '2026-03-10',
        },
      ]);
      expect(ficha.entregas).toEqual([
        expect.objectContaining({
          id_reporte: reporte!.id_reporte,
          estado: 'en_cola',
          destinatarios: ['a@example.mx'],
        }),
      ]);
      const email = (
        await sql<{
          email: string;
        }>`SELECT email FROM usuarios WHERE id_usuario = ${folio!.id_usuario}`.execute(ctx.db)
      ).rows[0]!.email;
      const own = (await get('/folios/TEC-2026-00102', email)).json() as FolioFicha;
      expect(own.asignaciones).toHaveLength(1);
      expect(own.reportes).toEqual([]);
      expect(own.entregas).toEqual([]);
    });

    it('answers 404 for an unknown folio', async () => {
      const res = await get('/folios/NO-EXISTE-1');
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'No se encontró el folio NO-EXISTE-1', code: 'folio_not_found' });
    });
  });
});
