import {
  type Assignment,
  type AssignmentStats,
  completeProcessCargaAnswer,
  computedProcessCargaAnswerSchema,
  type ProcessCargaResponse,
  processedRowAddress,
  rowsAsLists,
  type SaveCargaResponse,
  type UploadRow,
} from '@socio/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findOpenFolios, listAssignments } from '../src/modules/cargas/repo';
import {
  createTestContext,
  dbKinds,
  manualAssignmentPayload,
  type TestContext,
  userIdByEmail,
} from './helpers';

const row = (i: number, overrides: Record<string, unknown> = {}) => ({
  row_index: i,
  Folio: `F-${i}`,
  'Nombre Alumno': `Alumno ${i}`,
  Calle: `Av. Juárez ${i}`,
  Colonia: 'Centro',
  Ciudad: 'Monterrey',
  Estado: 'Nuevo León',
  'Codigo Postal': '64,000',
  Tel1: '+52 81 1234 5678',
  ...overrides,
});

describe.each(dbKinds())('cargas (%s)', (kind) => {
  let ctx: TestContext;
  /** id_usuario of visitador1…visitador20. */
  const visitador: Record<number, number> = {};

  beforeAll(async () => {
    ctx = await createTestContext(kind, { demoOperations: false });
    for (let n = 1; n <= 20; n++)
      visitador[n] = await userIdByEmail(ctx.db, `visitador${n}@socioeconomico.mx`);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const post = (url: string, payload: unknown, who = 'Administrador') =>
    ctx.request({ method: 'POST', url: `/api/cargas/${url}`, payload: payload as object }, who);
  const get = (url: string, who = 'Administrador') =>
    ctx.request({ method: 'GET', url: `/api/cargas/${url}` }, who);
  const process = async (rows: unknown[]) => {
    const res = await post('process_carga', { rows, loadType: 'TEC_MTY' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as ProcessCargaResponse;
  };
  const save = async (processedData: unknown[], fileName = 'carga.xlsx', who = 'Administrador') => {
    const res = await post(
      'save_carga',
      { fileName, processedData, loadType: 'TEC_MTY', date: '22/11/2026' },
      who,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SaveCargaResponse;
  };
  const dbStats = async (visitorId?: number): Promise<AssignmentStats> => {
    let q = ctx.db
      .selectFrom('asignaciones')
      .select(['estatus', sql<number>`count(*)::int`.as('n')])
      .groupBy('estatus');
    if (visitorId !== undefined) q = q.where('id_usuario', '=', visitorId);
    const stats: AssignmentStats = { total: 0, asignada: 0, agendada: 0, completada: 0, cancelada: 0 };
    for (const r of await q.execute()) {
      stats[r.estatus as keyof AssignmentStats] = Number(r.n);
      stats.total += Number(r.n);
    }
    return stats;
  };

  describe('roles', () => {
    it.each([
      ['GET', 'active_visitors'],
      ['GET', 'regions_available'],
      ['POST', 'process_carga'],
      ['POST', 'save_carga'],
      ['POST', 'save_manual_assignment'],
      // PATCH asignaciones/{id} is open to a Visitador for their own (see cargas-lifecycle.test.ts).
      ['PUT', 'asignaciones/1/visitador'],
    ] as const)('%s %s: 401 without a token, 403 for a Visitador', async (method, url) => {
      const anon = await ctx.request({ method, url: `/api/cargas/${url}`, payload: {} });
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({ detail: 'No autenticado', code: 'not_authenticated' });
      const visitor = await ctx.request({ method, url: `/api/cargas/${url}`, payload: {} }, 'Visitador');
      expect(visitor.statusCode).toBe(403);
      expect(visitor.json()).toEqual({
        detail: 'No tienes permiso para realizar esta acción',
        code: 'forbidden',
      });
    });

    it('lets a Supervisor run cargas', async () => {
      expect((await get('active_visitors', 'Supervisor')).statusCode).toBe(200);
      const res = await post('process_carga', { rows: [], loadType: 'TEC_MTY' }, 'Supervisor');
      expect(res.json()).toEqual({ processedData: [], invalidRows: [], invalidCount: 0, validCount: 0 });
    });
  });

  describe('GET active_visitors and regions_available', () => {
    it('lists the active Visitadores with their region and name', async () => {
      const res = await get('active_visitors');
      expect(res.statusCode).toBe(200);
      const { visitors } = res.json() as {
        visitors: Array<{ id_usuario: number; region: string; name: string }>;
      };
      expect(visitors).toHaveLength(20);
      expect(visitors[0]).toEqual({
        id_usuario: visitador[1],
        region: 'Nuevo León',
        name: 'María Fernanda Hernández Salinas',
      });
      expect(visitors.map((v) => v.id_usuario)).toEqual(
        [...visitors.map((v) => v.id_usuario)].sort((a, b) => a - b),
      );
    });

    it('lists the states that have an active visitor, and drops an inactive one', async () => {
      const before = (await get('regions_available')).json() as { regions: string[] };
      expect(before.regions).toContain('Querétaro');
      expect(before.regions).toEqual([...before.regions].sort((a, b) => a.localeCompare(b, 'es-MX')));
      await ctx.db
        .updateTable('usuarios')
        .set({ estatus: 'inactivo' })
        .where('id_usuario', '=', visitador[20]!)
        .execute();
      try {
        const after = (await get('regions_available')).json() as { regions: string[] };
        expect(after.regions).not.toContain('Querétaro');
        const visitors = (await get('active_visitors')).json() as { visitors: Array<{ id_usuario: number }> };
        expect(visitors.visitors.map((v) => v.id_usuario)).not.toContain(visitador[20]);
      } finally {
        await ctx.db
          .updateTable('usuarios')
          .set({ estatus: 'activo' })
          .where('id_usuario', '=', visitador[20]!)
          .execute();
      }
    });
  });

  describe('POST process_carga', () => {
    it('writes nothing and assigns each folio to the least loaded visitor of its state (ties to the lowest id)', async () => {
      const before = await dbStats();
      const result = await process([
        row(2, { Folio: 'P-1' }),
        row(3, { Folio: 'P-2', Estado: 'NL' }),
        row(4, { Folio: 'P-3', Estado: 'n.l.' }),
        row(5, { Folio: 'P-4' }),
        row(6, { Folio: 'P-5' }),
        row(7, { Folio: 'P-6', Estado: 'Qro.' }),
        row(8, { Folio: 'P-7', Estado: 'Sonora' }),
      ]);
      expect(result.validCount).toBe(7);
      expect(result.processedData.map((r) => r.visitor_id)).toEqual([
        visitador[1],
        visitador[2],
        visitador[3],
        visitador[4],
        visitador[1],
        visitador[20],
        null,
      ]);
      expect(result.processedData[5]).toMatchObject({
        id_folio: 'P-6',
        state_of_folio: 'Querétaro',
        state_of_visitor: 'Querétaro',
        address_complete_folio: 'Av. Juárez 7, Centro, Monterrey, Querétaro, CP 64000',
        Tel1: '52 81 1234 5678',
        'Codigo Postal': '64000',
        row_index: 7,
      });
      expect(result.processedData[6]).toMatchObject({ state_of_visitor: null, state_of_folio: 'Sonora' });
      expect(await dbStats()).toEqual(before);
      const folios = await ctx.db
        .selectFrom('folios')
        .select('folio')
        .where('folio', 'like', 'P-%')
        .execute();
      expect(folios).toEqual([]);
    });

    it('counts the open assignments visitors already have', async () => {
      // visitador1 and visitador2 get one open assignment each.
      for (const [folio, n] of [
        ['PRE-1', 1],
        ['PRE-2', 2],
      ] as const) {
        const res = await post('save_manual_assignment', manual({ folio, visitor_id: visitador[n] }));
        expect(res.statusCode, res.body).toBe(201);
      }
      const result = await process([
        row(2, { Folio: 'Q-1' }),
        row(3, { Folio: 'Q-2' }),
        row(4, { Folio: 'Q-3' }),
      ]);
      expect(result.processedData.map((r) => r.visitor_id)).toEqual([
        visitador[3],
        visitador[4],
        visitador[1],
      ]);
    });

    it('skips inactive visitors', async () => {
      await ctx.db
        .updateTable('usuarios')
        .set({ estatus: 'inactivo' })
        .where('id_usuario', '=', visitador[14]!)
        .execute();
      try {
        const result = await process([row(2, { Folio: 'Y-1', Estado: 'Yucatán' })]);
        expect(result.processedData[0]).toMatchObject({ visitor_id: null, state_of_visitor: null });
      } finally {
        await ctx.db
          .updateTable('usuarios')
          .set({ estatus: 'activo' })
          .where('id_usuario', '=', visitador[14]!)
          .execute();
      }
    });

    it('answers each invalid row with its reason and file row number', async () => {
      const result = await process([
        row(2, { Folio: 'R-1' }),
        row(3, { Folio: 'R-1' }),
        row(4, { Folio: 'R-2', Estado: 'Atlantis' }),
        { row_index: 5, Folio: '', Calle: null },
        row(6, { Folio: 'R-3', 'Codigo Postal': ' ' }),
        row(7, { Folio: 'PRE-1' }),
      ]);
      expect(result.validCount).toBe(1);
      expect(result.invalidCount).toBe(5);
      expect(result.invalidRows.map((r) => [r.row_index, r.reason])).toEqual([
        [3, 'Folio duplicado en el archivo: "R-1"'],
        [4, 'Estado no reconocido: "Atlantis"'],
        [5, 'Fila vacía'],
        [6, 'Campo obligatorio faltante: "Codigo Postal"'],
        [7, 'El folio "PRE-1" ya tiene una asignación abierta'],
      ]);
    });

    it("asked for the computed answer, answers each valid row's computed fields and position: merged with the rows sent, the full answer", async () => {
      const rows: Record<string, unknown>[] = [
        row(2, { Folio: ' C-1 ', Tel1: '+52 81 1234,5678', Tel2: '  ', Notas: ' extra, + ' }),
        row(3, { Folio: 'C-1' }),
        row(4, { Folio: 'C-2', Estado: 'Qro.', 'Codigo Postal': 76000, Tel1: 4421234567, Activo: true }),
        { row_index: 5, Folio: '', Calle: null },
        row(6, { Folio: 'C-3', Estado: 'Sonora', Tel3: '+', Column_12: null, id_folio: 'otro' }),
        row(7, {
          Folio: 'C-4',
          Fecha: new Date('2026-03-07T05:06:07.000Z'),
          Nan: Number.NaN,
          Mas: Number.POSITIVE_INFINITY,
          Cero: -0,
          Nada: undefined,
        }),
        row(8, { Folio: 'C-5', Estado: 'Atlantis' }),
      ];
      const full = await post('process_carga', { rows, loadType: 'TEC_MTY' });
      const slim = await post('process_carga', { rows, loadType: 'TEC_MTY', answer: 'computed' });
      expect(full.statusCode, full.body).toBe(200);
      expect(slim.statusCode, slim.body).toBe(200);
      const expected = full.json() as ProcessCargaResponse;
      const answer = computedProcessCargaAnswerSchema(rows as UploadRow[]).parse(slim.json());
      expect(answer.processedData.map((r) => Object.keys(r).sort())).toEqual(
        Array(4).fill(
          ['id_folio', 'position', 'row_index', 'state_of_folio', 'state_of_visitor', 'visitor_id'].sort(),
        ),
      );
      expect(answer.processedData.map((r) => r.position)).toEqual([0, 2, 4, 5]);
      const merged = completeProcessCargaAnswer(rows as UploadRow[], answer);
      // The full answer's rows are the merged ones plus their address (last), which the page makes of the row's
      // own cells and state: the same line.
      const withoutAddress = expected.processedData.map(({ address_complete_folio: _a, ...row }) => row);
      expect(merged).toEqual({ ...expected, processedData: withoutAddress });
      expect(merged.processedData.map((r) => Object.keys(r))).toEqual(
        withoutAddress.map((r) => Object.keys(r)),
      );
      expect(merged.processedData.map(processedRowAddress)).toEqual(
        expected.processedData.map((r) => r.address_complete_folio),
      );
      expect(expected.processedData.map((r) => Object.keys(r).at(-1))).toEqual(
        Array(4).fill('address_complete_folio'),
      );
      expect(expected.processedData[3]).toMatchObject({ Fecha: '2026-03-07T05:06:07.000Z', Mas: null });
      // The computed answer is the smaller one: no cell of a valid row comes back (invalid rows still carry theirs).
      expect(slim.body.length).toBeLessThan(full.body.length);
      expect(JSON.stringify(answer.processedData)).not.toContain('Alumno');
      expect(answer.invalidRows).toEqual(expected.invalidRows);
    });

    it('takes the rows as lists under their columns (rowsAsLists) and answers exactly as for the object rows', async () => {
      const rows: Record<string, unknown>[] = [
        ...[' L-1 ', 'L-1', 'L-2'].map((Folio, i) => row(i + 2, { Folio, Tel2: i === 0 ? '  ' : '81,2' })),
        { row_index: 5, Folio: '', Calle: null },
        row(6, { Folio: 'L-3', Estado: 'Atlantis', 'Codigo Postal': 76000, Activo: true }),
      ];
      const lists = rowsAsLists(rows);
      expect(lists.rows[0]).toHaveLength(lists.columns.length);
      for (const answer of ['rows', 'computed'] as const) {
        const objects = await post('process_carga', { rows, loadType: 'TEC_MTY', answer });
        const asLists = await post('process_carga', { ...lists, loadType: 'TEC_MTY', answer });
        expect(objects.statusCode, objects.body).toBe(200);
        expect(asLists.statusCode, asLists.body).toBe(200);
        const a = objects.json() as ProcessCargaResponse;
        const b = asLists.json() as ProcessCargaResponse;
        // The visitors proposed go round the same visitors (each request counts its own): the rest is the same.
        const noVisitor = (r: ProcessCargaResponse) =>
          r.processedData.map(({ visitor_id: _v, state_of_visitor: _s, ...rest }) => rest);
        expect(b.validCount).toBe(a.validCount);
        expect(b.invalidRows.map((r) => [r.row_index, r.reason])).toEqual(
          a.invalidRows.map((r) => [r.row_index, r.reason]),
        );
        if (answer === 'computed') expect(noVisitor(b)).toEqual(noVisitor(a));
        else {
          // A cell the row lacked comes as null from a list (the checks read the two alike).
          const present = (r: ProcessCargaResponse) =>
            noVisitor(r).map((x) => Object.fromEntries(Object.entries(x).filter(([, v]) => v !== null)));
          expect(present(b)).toEqual(present(a));
        }
      }
    });

    it('refuses rows as lists it cannot read as the object rows: no columns, more cells than columns, a __proto__ column', async () => {
      for (const payload of [
        { rows: [[2, 'x']], loadType: 'TEC_MTY' },
        { columns: ['row_index'], rows: [[2, 'x']], loadType: 'TEC_MTY' },
        { columns: ['row_index', '__proto__'], rows: [[2, { polluted: true }]], loadType: 'TEC_MTY' },
        { columns: ['row_index', 7], rows: [[2, 'x']], loadType: 'TEC_MTY' },
      ]) {
        const res = await post('process_carga', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        expect(JSON.stringify(res.json().detail)).toMatch(/columns|lista|Cada fila/);
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    });

    it("without the field, or with answer 'rows', answers each valid row whole, as before", async () => {
      const rows = [row(2, { Folio: 'W-1' }), row(3, { Folio: 'W-2', Estado: 'Atlantis' })];
      const plain = await post('process_carga', { rows, loadType: 'TEC_MTY' });
      const asked = await post('process_carga', { rows, loadType: 'TEC_MTY', answer: 'rows' });
      expect(plain.statusCode, plain.body).toBe(200);
      expect(asked.body).toBe(plain.body);
      expect((plain.json() as ProcessCargaResponse).processedData).toEqual([
        {
          row_index: 2,
          Folio: 'W-1',
          'Nombre Alumno': 'Alumno 2',
          Calle: 'Av. Juárez 2',
          Colonia: 'Centro',
          Ciudad: 'Monterrey',
          Estado: 'Nuevo León',
          'Codigo Postal': '64000',
          Tel1: '52 81 1234 5678',
          id_folio: 'W-1',
          visitor_id: expect.any(Number),
          state_of_folio: 'Nuevo León',
          state_of_visitor: 'Nuevo León',
          address_complete_folio: 'Av. Juárez 2, Centro, Monterrey, Nuevo León, CP 64000',
        },
      ]);
      const bad = await post('process_carga', { rows, loadType: 'TEC_MTY', answer: 'poco' });
      expect(bad.statusCode).toBe(422);
    });

    it('rejects malformed bodies with a 422 detail list', async () => {
      for (const payload of [
        { rows: [{ Folio: 'x' }], loadType: 'TEC_MTY' },
        { rows: [{ row_index: 1 }], loadType: 'TEC_MTY' },
        { rows: ['x'], loadType: 'TEC_MTY' },
        { rows: [], loadType: 'OTRO' },
        { loadType: 'TEC_MTY' },
      ]) {
        const res = await post('process_carga', payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(422);
        expect(Array.isArray(res.json().detail)).toBe(true);
        expect(res.json().code).toBe('validation');
      }
    });

    it('accepts up to 100,000 rows per request and refuses more with a Spanish detail', async () => {
      const rows = Array.from({ length: 100_001 }, (_, i) => ({ row_index: i + 2 }));
      const res = await post('process_carga', { rows, loadType: 'TEC_MTY' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        detail: 'Cada envío admite como máximo 100,000 filas',
        code: 'too_many_rows',
      });
      const saveRes = await post('save_carga', { processedData: rows, loadType: 'TEC_MTY', fileName: 'x' });
      expect(saveRes.json()).toEqual({
        detail: 'Cada envío admite como máximo 100,000 filas',
        code: 'too_many_rows',
      });
    });
  });

  describe('POST save_carga', () => {
    it('saves a row whose cells carry NUL characters (a CSV can), without them: not a whole carga refused', async () => {
      const processed = await process([
        row(2, {
          Folio: 'S-NUL',
          Calle: 'Av\u0000 Juárez',
          'Ex\u0000tra': 'x\u0000y',
          'Correo Alumno': '\u0000',
        }),
      ]);
      expect(await save(processed.processedData)).toMatchObject({ recordsProcessed: 1, recordsFailed: 0 });
      const folio = await ctx.db
        .selectFrom('folios')
        .select(['calle', 'correo_alumno', 'extra'])
        .where('folio', '=', 'S-NUL')
        .executeTakeFirstOrThrow();
      expect(folio).toEqual({ calle: 'Av Juárez', correo_alumno: null, extra: { Extra: 'xy' } });
    });

    it("saves a row whose 'Dia que Agendo en CRM' is year 0000 without that date (PostgreSQL has no year 0)", async () => {
      const processed = await process([row(2, { Folio: 'S-0000', 'Dia que Agendo en CRM': '0000-01-01' })]);
      expect(await save(processed.processedData)).toMatchObject({ recordsProcessed: 1, recordsFailed: 0 });
      const folio = await ctx.db
        .selectFrom('folios')
        .select('dia_agendo_crm')
        .where('folio', '=', 'S-0000')
        .executeTakeFirstOrThrow();
      expect(folio.dia_agendo_crm).toBeNull();
    });

    it('writes the carga record, folios and assignments, and a repeat creates no duplicate', async () => {
      const before = await dbStats();
      const processed = await process([
        row(2, { Folio: 'S-1', Extra: 'dato' }),
        row(3, { Folio: 'S-2', Estado: 'CDMX' }),
        row(4, { Folio: 'S-3', Estado: 'Edomex' }),
      ]);
      const result = await save(processed.processedData, 'tec_mty_nov.xlsx');
      expect(result).toMatchObject({
        success: true,
        message: 'Carga guardada exitosamente: 3 registros procesados',
        recordsProcessed: 3,
        recordsFailed: 0,
        failures: [],
      });
      expect(Number.isNaN(Date.parse(result.date))).toBe(false);
      const carga = await ctx.db
        .selectFrom('cargas')
        .selectAll()
        .where('id_carga', '=', result.id_carga!)
        .executeTakeFirstOrThrow();
      expect(carga).toMatchObject({
        file_name: 'tec_mty_nov.xlsx',
        load_type: 'TEC_MTY',
        registros_procesados: 3,
        registros_fallidos: 0,
        total_filas: 3,
        fecha_cliente: '22/11/2026',
        id_usuario: await userIdByEmail(ctx.db, 'admin@socioeconomico.mx'),
      });
      const rows = await ctx.db
        .selectFrom('asignaciones as a')
        .innerJoin('folios as f', 'f.id_folio', 'a.id_folio')
        .select([
          'a.folio',
          'a.estatus',
          'a.id_carga',
          'a.estado',
          'a.id_estado',
          'a.direccion',
          'f.producto',
          'f.tel1',
          'f.extra',
          'f.nombre_alumno',
        ])
        .where('a.folio', 'in', ['S-1', 'S-2', 'S-3'])
        .orderBy('a.folio')
        .execute();
      expect(rows).toHaveLength(3);
      expect(rows[0]).toMatchObject({
        folio: 'S-1',
        estatus: 'asignada',
        id_carga: result.id_carga,
        estado: 'Nuevo León',
        id_estado: 19,
        direccion: 'Av. Juárez 2, Centro, Monterrey, Nuevo León, CP 64000',
        producto: 'TEC DE MTY',
        tel1: '52 81 1234 5678',
        extra: { Extra: 'dato' },
        nombre_alumno: 'Alumno 2',
      });
      expect(rows.map((r) => r.estado)).toEqual(['Nuevo León', 'Ciudad de México', 'México']);
      const audit = await ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'carga.save')
        .where('target_id', '=', String(result.id_carga))
        .executeTakeFirstOrThrow();
      expect(audit.change).toMatchObject({ recordsProcessed: 3, fileName: 'tec_mty_nov.xlsx' });
      const stats = await dbStats();
      expect(stats.asignada).toBe(before.asignada + 3);

      // The same save again: nothing new, every row failed with its reason, no empty carga record.
      const cargasBefore = await ctx.db
        .selectFrom('cargas')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      const again = await save(processed.processedData, 'tec_mty_nov.xlsx');
      expect(again).toMatchObject({ success: false, recordsProcessed: 0, recordsFailed: 3, id_carga: null });
      expect(again.failures.map((f) => f.reason)).toEqual([
        'El folio "S-1" ya tiene una asignación abierta',
        'El folio "S-2" ya tiene una asignación abierta',
        'El folio "S-3" ya tiene una asignación abierta',
      ]);
      expect(await dbStats()).toEqual(stats);
      const cargasAfter = await ctx.db
        .selectFrom('cargas')
        .select(sql<number>`count(*)::int`.as('n'))
        .executeTakeFirstOrThrow();
      expect(cargasAfter.n).toBe(cargasBefore.n);
    });

    it('trusts nothing from the browser: re-checks rows, visitors and recomputes addresses', async () => {
      const supervisorId = await userIdByEmail(ctx.db, 'supervisor1@socioeconomico.mx');
      const result = await save([
        {
          ...row(2, { Folio: 'T-1' }),
          visitor_id: visitador[5],
          address_complete_folio: 'inventada',
          state_of_folio: 'Jalisco',
        },
        { ...row(3, { Folio: 'T-2' }), visitor_id: supervisorId },
        { ...row(4, { Folio: 'T-3' }), visitor_id: null },
        { ...row(5, { Folio: 'T-4', Estado: 'Texas' }), visitor_id: visitador[1] },
        { ...row(6, { Folio: 'T-1' }), visitor_id: visitador[1] },
        { ...row(7, { Folio: 'T-5', Tel1: null }), visitor_id: visitador[1] },
        { ...row(8, { Folio: 'T-6' }), visitor_id: String(visitador[2]) },
      ]);
      expect(result).toMatchObject({
        success: true,
        recordsProcessed: 2,
        recordsFailed: 5,
        message: 'Carga guardada: 2 registros exitosos, 5 fallidos',
      });
      expect(result.failures.map((f) => [f.row_index, f.reason])).toEqual([
        [3, `El visitador "${supervisorId}" no es un Visitador activo`],
        [4, 'Fila sin visitador asignado'],
        [5, 'Estado no reconocido: "Texas"'],
        [6, 'Folio duplicado en el archivo: "T-1"'],
        [7, 'Campo obligatorio faltante: "Tel1"'],
      ]);
      const t1 = await ctx.db
        .selectFrom('asignaciones')
        .select(['direccion', 'estado', 'id_usuario'])
        .where('folio', '=', 'T-1')
        .executeTakeFirstOrThrow();
      // Any active visitor may be chosen in the browser, even of another state.
      expect(t1).toEqual({
        direccion: 'Av. Juárez 2, Centro, Monterrey, Nuevo León, CP 64000',
        estado: 'Nuevo León',
        id_usuario: visitador[5],
      });
      const carga = await ctx.db
        .selectFrom('cargas')
        .select(['registros_procesados', 'registros_fallidos', 'total_filas'])
        .where('id_carga', '=', result.id_carga!)
        .executeTakeFirstOrThrow();
      expect(carga).toEqual({ registros_procesados: 2, registros_fallidos: 5, total_filas: 7 });
    });

    it('writes all or nothing: a failure in a later chunk rolls the whole carga back', async () => {
      // Make the database refuse one folio of the second 5,000-row chunk.
      await sql`CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN IF NEW.folio = 'BOOM' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$`.execute(ctx.db);
      await sql`CREATE TRIGGER boom BEFORE INSERT ON asignaciones FOR EACH ROW EXECUTE FUNCTION boom()`.execute(
        ctx.db,
      );
      try {
        const rows = Array.from({ length: 6_000 }, (_, i) => ({
          ...row(i + 2, { Folio: i === 5_500 ? 'BOOM' : `TX-${i}` }),
          visitor_id: visitador[(i % 20) + 1],
        }));
        const cargas = await ctx.db
          .selectFrom('cargas')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow();
        const before = await dbStats();
        const res = await post('save_carga', {
          fileName: 'boom.xlsx',
          processedData: rows,
          loadType: 'TEC_MTY',
        });
        expect(res.statusCode).toBe(500);
        expect(res.json()).toMatchObject({ detail: 'Error interno del servidor', code: 'internal' });
        expect(await dbStats()).toEqual(before);
        const folios = await ctx.db
          .selectFrom('folios')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('folio', 'like', 'TX-%')
          .executeTakeFirstOrThrow();
        expect(folios.n).toBe(0);
        const after = await ctx.db
          .selectFrom('cargas')
          .select(sql<number>`count(*)::int`.as('n'))
          .executeTakeFirstOrThrow();
        expect(after.n).toBe(cargas.n);
        // The counters stayed exact.
        expect((await get('assignment_stats')).json()).toEqual(before);
      } finally {
        await sql`DROP TRIGGER boom ON asignaciones`.execute(ctx.db);
        await sql`DROP FUNCTION boom()`.execute(ctx.db);
      }
    });

    it('two concurrent saves of the same folios assign each folio once', async () => {
      const rows = Array.from({ length: 50 }, (_, i) => ({
        ...row(i + 2, { Folio: `CC-${i}` }),
        visitor_id: visitador[1],
      }));
      const [a, b] = await Promise.all([save(rows, 'a.xlsx'), save(rows, 'b.xlsx')]);
      expect(a.recordsProcessed + b.recordsProcessed).toBe(50);
      expect(a.recordsFailed + b.recordsFailed).toBe(50);
      const open = await ctx.db
        .selectFrom('asignaciones')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('folio', 'like', 'CC-%')
        .executeTakeFirstOrThrow();
      expect(open.n).toBe(50);
    });

    it('rejects a malformed body', async () => {
      const res = await post('save_carga', { processedData: 'x', loadType: 'TEC_MTY' });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0]).toMatchObject({ loc: ['body', 'processedData'] });
    });
  });

  function manual(overrides: Record<string, unknown> = {}) {
    return manualAssignmentPayload(visitador[7], overrides);
  }

  describe('POST save_manual_assignment', () => {
    it('creates the folio and its open assignment (201 with id_asignacion)', async () => {
      const res = await post('save_manual_assignment', manual());
      expect(res.statusCode, res.body).toBe(201);
      const { id_asignacion } = res.json() as { id_asignacion: number };
      const saved = await ctx.db
        .selectFrom('asignaciones as a')
        .innerJoin('folios as f', 'f.id_folio', 'a.id_folio')
        .select([
          'a.folio',
          'a.id_usuario',
          'a.estatus',
          'a.estado',
          'a.direccion',
          'a.id_carga',
          'f.dia_agendo_crm',
          'f.tel2',
          'f.correo_alumno',
        ])
        .where('a.id_asignacion', '=', id_asignacion)
        .executeTakeFirstOrThrow();
      expect(saved).toEqual({
        folio: 'M-1',
        id_usuario: visitador[7],
        estatus: 'asignada',
        estado: 'Ciudad de México',
        direccion: 'Insurgentes Sur 100, Del Valle, Ciudad de México, Ciudad de México, CP 03100',
        id_carga: null,
        dia_agendo_crm: '2026-11-20',
        tel2: null,
        correo_alumno: 'ana@example.mx',
      });
      const audit = await ctx.db
        .selectFrom('audit_log')
        .select('action')
        .where('target_type', '=', 'asignacion')
        .where('target_id', '=', String(id_asignacion))
        .execute();
      expect(audit.map((a) => a.action)).toEqual(['asignacion.create_manual']);
    });

    it('refuses a folio that is already open (409)', async () => {
      const res = await post('save_manual_assignment', manual());
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        detail: 'El folio "M-1" ya tiene una asignación abierta',
        code: 'folio_open_assignment',
      });
    });

    it('validates the TEC_MTY fields, the visitor and the state', async () => {
      const missing = await post('save_manual_assignment', manual({ folio: 'M-2', nombre_alumno: '  ' }));
      expect(missing.statusCode).toBe(422);
      expect(missing.json().code).toBe('validation');
      expect(missing.json().detail).toEqual([
        { loc: ['body', 'nombre_alumno'], msg: 'Campo requerido', type: 'too_small' },
      ]);
      const noVisitor = await post('save_manual_assignment', manual({ folio: 'M-2', visitor_id: '' }));
      expect(noVisitor.statusCode).toBe(422);
      expect(noVisitor.json().detail[0].msg).toBe('Debe seleccionar un visitador');
      const adminId = await userIdByEmail(ctx.db, 'admin@socioeconomico.mx');
      const notVisitor = await post('save_manual_assignment', manual({ folio: 'M-2', visitor_id: adminId }));
      expect(notVisitor.statusCode).toBe(422);
      expect(notVisitor.json()).toEqual({
        detail: `El visitador "${adminId}" no es un Visitador activo`,
        code: 'invalid_visitor',
      });
      const badState = await post(
        'save_manual_assignment',
        manual({ folio: 'M-2', estado: 'Atlantis', state_of_folio: 'Atlantis' }),
      );
      expect(badState.statusCode).toBe(422);
      expect(badState.json()).toEqual({ detail: 'Estado no reconocido: "Atlantis"', code: 'unknown_state' });
      const badType = await post('save_manual_assignment', manual({ folio: 'M-2', loadType: 'OTRO' }));
      expect(badType.statusCode).toBe(422);
      expect(badType.json().detail[0].msg).toBe('Debe seleccionar un tipo de carga');
    });

    it('keeps small bodies small (413 past 1 MB)', async () => {
      const res = await post(
        'save_manual_assignment',
        manual({ folio: 'M-3', nombre_padre: 'x'.repeat(1_100_000) }),
      );
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({
        detail: 'El cuerpo de la petición es demasiado grande',
        code: 'body_too_large',
      });
    });
  });

  describe('PATCH asignaciones/{id}', () => {
    const patch = (id: number, estatus: unknown, who = 'Administrador') =>
      ctx.request({ method: 'PATCH', url: `/api/cargas/asignaciones/${id}`, payload: { estatus } }, who);
    const newAssignment = async (folio: string) => {
      const res = await post('save_manual_assignment', manual({ folio }));
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as { id_asignacion: number }).id_asignacion;
    };

    it('moves asignada → agendada → completada, stamping the dates', async () => {
      const id = await newAssignment('W-1');
      const a = await patch(id, 'Agendada');
      expect(a.statusCode, a.body).toBe(200);
      const agendada = (a.json() as { asignacion: Assignment }).asignacion;
      expect(agendada).toMatchObject({ id_asignacion: id, estatus: 'agendada', fecha_completada: null });
      expect(agendada.fecha_agendada).not.toBeNull();
      const c = await patch(id, 'completada');
      const completada = (c.json() as { asignacion: Assignment }).asignacion;
      expect(completada.estatus).toBe('completada');
      expect(Date.parse(completada.fecha_completada ?? '')).toBeGreaterThan(Date.now() - 60_000);
      const audit = await ctx.db
        .selectFrom('audit_log')
        .select('change')
        .where('action', '=', 'asignacion.estatus')
        .where('target_id', '=', String(id))
        .orderBy('id')
        .execute();
      expect(audit.map((r) => r.change)).toEqual([
        { estatus: { from: 'asignada', to: 'agendada' } },
        { estatus: { from: 'agendada', to: 'completada' } },
      ]);
    });

    it('cancels any open assignment, and a cancelled folio can be assigned again', async () => {
      const first = await newAssignment('W-2');
      expect((await patch(first, 'cancelada')).statusCode).toBe(200);
      const second = await newAssignment('W-2');
      expect((await patch(second, 'agendada')).statusCode).toBe(200);
      const cancelled = await patch(second, 'cancelada');
      expect((cancelled.json() as { asignacion: Assignment }).asignacion.estatus).toBe('cancelada');
    });

    it.each([
      ['asignada', 'completada'],
      ['asignada', 'asignada'],
    ])('refuses %s → %s with 409', async (from, to) => {
      const id = await newAssignment(`W-${from}-${to}`);
      const res = await patch(id, to);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        detail: `Transición no permitida: de "${from}" a "${to}"`,
        code: 'transition_not_allowed',
      });
    });

    it('refuses leaving a closed status', async () => {
      const id = await newAssignment('W-3');
      await patch(id, 'cancelada');
      for (const to of ['asignada', 'agendada', 'completada', 'cancelada']) {
        const res = await patch(id, to);
        expect(res.statusCode).toBe(409);
        expect(res.json()).toEqual({
          detail: `Transición no permitida: de "cancelada" a "${to}"`,
          code: 'transition_not_allowed',
        });
      }
    });

    it('answers 404 for an unknown id and 422 for a bad status or id', async () => {
      const missing = await patch(999_999, 'agendada');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Asignación no encontrada', code: 'assignment_not_found' });
      expect((await patch(1, 'terminada')).statusCode).toBe(422);
      const badId = await ctx.request(
        { method: 'PATCH', url: '/api/cargas/asignaciones/abc', payload: { estatus: 'agendada' } },
        'Administrador',
      );
      expect(badId.statusCode).toBe(422);
      expect(badId.json().detail[0].loc).toEqual(['path', 'id']);
    });
  });

  describe('GET active_assignments and assignment_stats', () => {
    beforeAll(async () => {
      // 240 more assignments over 40 days (a fifth exactly at UTC midnight, the day-bucket boundary), every
      // status, several per instant (ties), all visitors.
      const ids = Object.values(visitador);
      await sql`INSERT INTO folios (folio) SELECT 'G-' || g FROM generate_series(1, 240) g`.execute(ctx.db);
      await sql`INSERT INTO asignaciones (folio, id_folio, id_usuario, estatus, fecha_asignacion)
        SELECT f.folio, f.id_folio, (${sql.lit(`{${ids.join(',')}}`)}::int[])[1 + (g % ${ids.length})],
          (ARRAY['asignada','agendada','completada','cancelada'])[1 + (g % 4)],
          timestamptz '2026-01-01 00:00:00+00' + ((g % 40) * interval '1 day')
            + CASE WHEN g % 5 = 0 THEN interval '0' ELSE (g / 3) * interval '7 minutes' END
        FROM generate_series(1, 240) g JOIN folios f ON f.folio = 'G-' || g`.execute(ctx.db);
    });

    it('findOpenFolios: the folios asked for whose assignment is asignada or agendada, each once', async () => {
      // G-n is asignada, agendada, completada, cancelada as n % 4 is 0, 1, 2, 3.
      const asked = ['G-1', 'G-2', 'G-3', 'G-4', 'G-4', 'G-5', 'G-1', 'NO-EXISTE', 'g-8'];
      expect([...(await findOpenFolios(ctx.db, asked))].sort()).toEqual(['G-1', 'G-4', 'G-5']);
      expect(await findOpenFolios(ctx.db, [])).toEqual(new Set());
    });

    const page = async (query: string, who = 'Administrador') => {
      const res = await get(`active_assignments?${query}`, who);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as {
        assignments: Assignment[];
        total: number;
        total_pages: number;
        page: number;
        page_size: number;
      };
    };

    it('defaults to page 1, 10 rows, newest first', async () => {
      const res = await page('');
      expect(res.page).toBe(1);
      expect(res.page_size).toBe(10);
      expect(res.assignments).toHaveLength(10);
      expect(res.total).toBe((await dbStats()).total);
      expect(res.total_pages).toBe(Math.ceil(res.total / 10));
      const keys = res.assignments.map((a) => [Date.parse(a.fecha_asignacion), a.id_asignacion]);
      const sorted = [...keys].sort((x, y) => y[0]! - x[0]! || y[1]! - x[1]!);
      expect(keys).toEqual(sorted);
      expect(res.assignments[0]).toMatchObject({ folio: expect.any(String), visitador: expect.any(String) });
    });

    it.each([
      ['fecha_asignacion', 'asc'],
      ['fecha_asignacion', 'desc'],
      ['estatus', 'asc'],
      ['estatus', 'desc'],
    ])('pages sorted by %s %s cover every row once, in order (id tie-break)', async (sortBy, order) => {
      const dir = sql.raw(order);
      const keys =
        sortBy === 'estatus'
          ? sql`estatus ${dir}, fecha_asignacion ${dir}, id_asignacion ${dir}`
          : sql`fecha_asignacion ${dir}, id_asignacion ${dir}`;
      const expected = (
        await sql<{ id_asignacion: number }>`SELECT id_asignacion FROM asignaciones ORDER BY ${keys}`.execute(
          ctx.db,
        )
      ).rows.map((r) => r.id_asignacion);
      const size = 7;
      const seen: number[] = [];
      const first = await page(`page=1&page_size=${size}&sort_by=${sortBy}&sort_order=${order}`);
      seen.push(...first.assignments.map((a) => a.id_asignacion));
      for (let p = 2; p <= first.total_pages; p++) {
        const res = await page(`page=${p}&page_size=${size}&sort_by=${sortBy}&sort_order=${order}`);
        seen.push(...res.assignments.map((a) => a.id_asignacion));
      }
      expect(seen).toEqual(expected);
      const beyond = await page(
        `page=${first.total_pages + 1}&page_size=${size}&sort_by=${sortBy}&sort_order=${order}`,
      );
      expect(beyond.assignments).toEqual([]);

      // The same pages located through the per-day counters (what deep pages of a big table use).
      for (const visitorId of [undefined, visitador[3]]) {
        const q = { sort_by: sortBy as 'estatus', sort_order: order as 'asc', page_size: size };
        const ownFilter = visitorId === undefined ? sql`` : sql`WHERE id_usuario = ${visitorId}`;
        const all = (
          await sql<{
            id_asignacion: number;
          }>`SELECT id_asignacion FROM asignaciones ${ownFilter} ORDER BY ${keys}`.execute(ctx.db)
        ).rows.map((r) => r.id_asignacion);
        const viaSeek: number[] = [];
        for (let p = 1; p <= Math.ceil(all.length / size); p++) {
          const res = await listAssignments(ctx.db, { ...q, page: p }, visitorId, { seekFrom: 0 });
          viaSeek.push(...res.assignments.map((a) => a.id_asignacion));
        }
        expect(viaSeek).toEqual(all);
      }
    });

    it.each(['page_size=0', 'page_size=101', 'page=0', 'page=abc', 'sort_by=direccion', 'sort_order=up'])(
      'rejects %s with 422',
      async (query) => {
        const res = await get(`active_assignments?${query}`);
        expect(res.statusCode).toBe(422);
        expect(res.json().detail[0].loc[0]).toBe('query');
      },
    );

    it('shows a Visitador only their own assignments and statistics', async () => {
      const id = visitador[1]!;
      const own = await page('page_size=100', 'visitador1@socioeconomico.mx');
      expect(own.total).toBeGreaterThan(0);
      expect(own.assignments.every((a) => a.id_usuario === id)).toBe(true);
      expect(own.total).toBe((await dbStats(id)).total);
      const stats = (await get('assignment_stats', 'visitador1@socioeconomico.mx')).json();
      expect(stats).toEqual(await dbStats(id));
      const other = (await get('assignment_stats', 'visitador19@socioeconomico.mx')).json();
      expect(other).toEqual(await dbStats(visitador[19]));
    });

    it('keeps the statistics equal to the assignments table', async () => {
      const res = await get('assignment_stats', 'Supervisor');
      expect(res.statusCode).toBe(200);
      const stats = res.json() as AssignmentStats;
      expect(stats).toEqual(await dbStats());
      expect(stats.completada).toBeGreaterThan(0);
      expect(stats.cancelada).toBeGreaterThan(0);
    });

    it('needs a token', async () => {
      expect((await ctx.request({ method: 'GET', url: '/api/cargas/active_assignments' })).statusCode).toBe(
        401,
      );
      expect((await ctx.request({ method: 'GET', url: '/api/cargas/assignment_stats' })).statusCode).toBe(
        401,
      );
    });
  });
});
