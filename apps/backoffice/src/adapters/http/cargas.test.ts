import { gunzipSync } from 'node:zlib';
import {
  type ActiveAssignmentsResponse,
  type Assignment,
  type ComputedRow,
  completeProcessCargaAnswer,
  type ManualAssignmentRequest,
  type ProcessedRow,
  processedRowAddress,
  RowsCompletedInPlace,
  type UploadRow,
} from '@socio/contracts';
import { ApiError, InvalidResponseError } from '@socio/features/errors';
import { describe, expect, it } from 'vitest';
import { COMPLETE_SLICE_ROWS, createHttpCargasPort } from './cargas';
import { createFakeHttp } from './fake-http.test-util';

const assignment: Assignment = {
  id_asignacion: 41,
  folio: 'TEC-000041',
  id_usuario: 4,
  visitador: 'Juan Pérez López',
  estado: 'Nuevo León',
  direccion: 'Av. Juárez 141, Centro, Monterrey, Nuevo León, CP 64041',
  estatus: 'asignada',
  fecha_asignacion: '2026-11-20T15:00:00.000Z',
  fecha_agendada: null,
  fecha_completada: null,
  id_carga: null,
};

const page: ActiveAssignmentsResponse = {
  assignments: [assignment],
  total: 57,
  total_pages: 3,
  page: 2,
  page_size: 20,
};

/** process_carga's answer to a batch with no rows. */
const NOTHING_PROCESSED = { processedData: [], invalidRows: [], invalidCount: 0, validCount: 0 };
describe('createHttpCargasPort', () => {
  it('activeAssignments builds the query string from the list query and passes the abort signal', async () => {
    const { http, calls } = createFakeHttp(() => page);
    const signal = new AbortController().signal;
    await expect(
      createHttpCargasPort(http).activeAssignments(
        { page: 2, page_size: 20, sort_by: 'estatus', sort_order: 'asc' },
        { signal },
      ),
    ).resolves.toEqual(page);
    expect(calls).toEqual([
      {
        method: 'GET',
        path: '/cargas/active_assignments?page=2&page_size=20&sort_by=estatus&sort_order=asc',
        init: { signal },
      },
    ]);
  });

  it('a page that breaks its schema throws InvalidResponseError (the screen shows its error state)', async () => {
    const { http } = createFakeHttp(() => ({ assignments: [{ id_asignacion: 'x' }], total: 1 }));
    await expect(
      createHttpCargasPort(http).activeAssignments({
        page: 1,
        page_size: 10,
        sort_by: 'fecha_asignacion',
        sort_order: 'desc',
      }),
    ).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('stats, visitors and regions read their endpoints and unwrap their lists', async () => {
    const answers: Record<string, unknown> = {
      '/cargas/assignment_stats': { total: 3, asignada: 1, agendada: 1, completada: 1, cancelada: 0 },
      '/cargas/active_visitors': {
        visitors: [{ id_usuario: 4, name: 'Juan Pérez López', region: 'Nuevo León' }],
      },
      '/cargas/regions_available': { regions: ['Nuevo León'] },
    };
    const { http, calls } = createFakeHttp((call) => answers[call.path]);
    const port = createHttpCargasPort(http);
    await expect(port.stats()).resolves.toMatchObject({ total: 3 });
    await expect(port.activeVisitors()).resolves.toEqual([
      { id_usuario: 4, name: 'Juan Pérez López', region: 'Nuevo León' },
    ]);
    await expect(port.regions()).resolves.toEqual(['Nuevo León']);
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual([
      'GET /cargas/assignment_stats',
      'GET /cargas/active_visitors',
      'GET /cargas/regions_available',
    ]);
  });

  it('saveManual posts the payload to /cargas/save_manual_assignment', async () => {
    const { http, calls } = createFakeHttp(() => ({ id_asignacion: 58 }));
    const body = {
      loadType: 'TEC_MTY',
      visitor_id: 4,
      folio: 'TEC-9',
      nombre_alumno: 'Ana',
      campus_ingreso: 'Monterrey',
      correo_alumno: 'ana@tec.mx',
      tel1: '81',
    } satisfies ManualAssignmentRequest;
    await expect(createHttpCargasPort(http).saveManual(body)).resolves.toEqual({ id_asignacion: 58 });
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/cargas/save_manual_assignment', body });
  });

  it('changeStatus patches /cargas/asignaciones/{id} and unwraps the assignment', async () => {
    const { http, calls } = createFakeHttp(() => ({ asignacion: { ...assignment, estatus: 'agendada' } }));
    await expect(createHttpCargasPort(http).changeStatus(41, 'agendada')).resolves.toMatchObject({
      estatus: 'agendada',
    });
    expect(calls[0]).toMatchObject({
      method: 'PATCH',
      path: '/cargas/asignaciones/41',
      body: { estatus: 'agendada' },
    });
  });

  it('reassign puts the visitor to /cargas/asignaciones/{id}/visitador', async () => {
    const { http, calls } = createFakeHttp(() => ({ asignacion: { ...assignment, id_usuario: 5 } }));
    await expect(createHttpCargasPort(http).reassign(41, 5)).resolves.toMatchObject({ id_usuario: 5 });
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: '/cargas/asignaciones/41/visitador',
      body: { visitor_id: 5 },
    });
  });

  it('lets a 409 through with its Spanish detail (the screen shows it as it comes)', async () => {
    const { http } = createFakeHttp(() => {
      throw new ApiError(409, 'Transición no permitida: de "completada" a "agendada"');
    });
    await expect(createHttpCargasPort(http).changeStatus(41, 'agendada')).rejects.toMatchObject({
      status: 409,
      detail: 'Transición no permitida: de "completada" a "agendada"',
    });
  });

  it('process and save post their bodies', async () => {
    const answers: Record<string, unknown> = {
      '/cargas/process_carga': NOTHING_PROCESSED,
      '/cargas/save_carga': {
        success: true,
        message: 'ok',
        date: '2026-11-23T18:00:00.000Z',
        recordsProcessed: 0,
        recordsFailed: 0,
        id_carga: 1,
        failures: [],
      },
    };
    const { http, calls } = createFakeHttp((call) => answers[call.path]);
    const port = createHttpCargasPort(http);
    await port.process([{ row_index: 2, Folio: 'A' }], 'TEC_MTY');
    await port.save({ fileName: 'a.xlsx', processedData: [], loadType: 'TEC_MTY' });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      // The rows as lists under their columns (rowsAsLists): the column names once.
      body: { columns: ['row_index', 'Folio'], rows: [[2, 'A']], loadType: 'TEC_MTY' },
    });
    expect(calls[1]).toMatchObject({
      method: 'POST',
      path: '/cargas/save_carga',
      body: { fileName: 'a.xlsx' },
    });
  });

  it('process asks for the computed answer only and returns the full rows: each sent row cleaned as the server cleans it, plus what it computed', async () => {
    const computed = (position: number, row_index: number, id_folio: string) => ({
      position,
      id_folio,
      visitor_id: 4,
      state_of_folio: 'Nuevo León',
      state_of_visitor: 'Nuevo León',
      row_index,
    });
    const { http, calls } = createFakeHttp(() => ({
      processedData: [computed(0, 2, 'A'), computed(2, 5, 'C')],
      invalidRows: [{ data: { Folio: null }, reason: 'Fila vacía', row_index: 3 }],
      invalidCount: 1,
      validCount: 2,
    }));
    const rows = [
      { row_index: 2, Folio: ' A ', Tel1: '+52 81,1234', Notas: ' x ', Colonia: 'Centro' },
      { row_index: 3, Folio: '' },
      { row_index: 5, Folio: 'C', Fecha: new Date('2026-03-07T05:06:07.000Z'), Cero: Number.NaN },
    ];
    const answer = await createHttpCargasPort(http).process(rows, 'TEC_MTY');
    // Every key of any row is a column; a cell a row lacks goes as null, and JSON writes the Date and the NaN as
    // it writes them in an object.
    expect(calls[0]?.body).toEqual({
      columns: ['row_index', 'Folio', 'Tel1', 'Notas', 'Colonia', 'Fecha', 'Cero'],
      rows: [
        [2, ' A ', '+52 81,1234', ' x ', 'Centro', null, null],
        [3, '', null, null, null, null, null],
        [5, 'C', null, null, null, '2026-03-07T05:06:07.000Z', null],
      ],
      loadType: 'TEC_MTY',
      answer: 'computed',
    });
    const computedFields = {
      visitor_id: 4,
      state_of_folio: 'Nuevo León',
      state_of_visitor: 'Nuevo León',
    };
    expect(answer).toEqual({
      processedData: [
        {
          row_index: 2,
          Folio: 'A',
          Tel1: '52 811234',
          Notas: 'x',
          Colonia: 'Centro',
          id_folio: 'A',
          ...computedFields,
        },
        {
          row_index: 5,
          Folio: 'C',
          Fecha: '2026-03-07T05:06:07.000Z',
          Cero: null,
          id_folio: 'C',
          ...computedFields,
        },
      ],
      invalidRows: [{ data: { Folio: null }, reason: 'Fila vacía', row_index: 3 }],
      invalidCount: 1,
      validCount: 2,
    });
    // No address came: the one shown is made of the row's cells and its state, as the server makes it.
    expect(answer.processedData.map(processedRowAddress)).toEqual(['Centro, Nuevo León', 'Nuevo León']);
    // The rows sent are left as read: step 2 shows them again when processing fails.
    expect(rows[0]).toEqual({
      row_index: 2,
      Folio: ' A ',
      Tel1: '+52 81,1234',
      Notas: ' x ',
      Colonia: 'Centro',
    });
  });

  it('a computed answer whose row is not one of the rows sent is an invalid response', async () => {
    const row = {
      position: 1,
      id_folio: 'A',
      visitor_id: 4,
      state_of_folio: 'Nuevo León',
      state_of_visitor: 'Nuevo León',
      row_index: 3,
    };
    const { http } = createFakeHttp(() => ({ ...NOTHING_PROCESSED, processedData: [row], validCount: 1 }));
    await expect(
      createHttpCargasPort(http).process([{ row_index: 2, Folio: 'A' }], 'TEC_MTY'),
    ).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it(`process completes an answer of more than ${COMPLETE_SLICE_ROWS} rows a slice per turn of the page, to the rows completing it at once gives`, async () => {
    const n = 2 * COMPLETE_SLICE_ROWS + 1;
    const rows = Array.from({ length: n }, (_, i) => ({
      row_index: i + 2,
      Folio: ` F-${i} `,
      Calle: 'Centro',
    }));
    const answer = {
      processedData: rows.map((row, position) => ({
        position,
        id_folio: `F-${position}`,
        visitor_id: 4,
        state_of_folio: 'Nuevo León',
        state_of_visitor: null,
        row_index: row.row_index,
      })),
      invalidRows: [],
      invalidCount: 0,
      validCount: n,
    };
    const { http } = createFakeHttp(() => answer);
    // The page's turns (a timer chain), and the turn in which each row was completed.
    let turns = 0;
    let ticking = true;
    const tick = () => {
      turns++;
      if (ticking) setTimeout(tick, 0);
    };
    setTimeout(tick, 0);
    const turnOfRow: number[] = [];
    class Recording extends RowsCompletedInPlace {
      override complete(sent: UploadRow, computed: ComputedRow): ProcessedRow {
        turnOfRow.push(turns);
        return super.complete(sent, computed);
      }
    }
    const sent = structuredClone(rows);
    const completed = await createHttpCargasPort(http)
      .process(sent, 'TEC_MTY', { inPlace: new Recording() })
      .finally(() => {
        ticking = false;
      });
    expect(completed).toEqual(completeProcessCargaAnswer(structuredClone(rows), answer));
    expect(completed.processedData).toHaveLength(n);
    // Each slice in one turn, the page's timers run between slices.
    const slices = [0, COMPLETE_SLICE_ROWS, 2 * COMPLETE_SLICE_ROWS].map((from) =>
      turnOfRow.slice(from, from + COMPLETE_SLICE_ROWS),
    );
    for (const slice of slices) expect(new Set(slice).size).toBe(1);
    expect(slices[1]![0]).toBeGreaterThan(slices[0]![0]!);
    expect(slices[2]![0]).toBeGreaterThan(slices[1]![0]!);
  });

  it("process with a lote posts the lote's id and the batch's part beside the rows", async () => {
    const { http, calls } = createFakeHttp(() => ({ ...NOTHING_PROCESSED, staged: true }));
    const lote = { id: '00000000-0000-4000-8000-000000000001', parte: 4 };
    const answer = await createHttpCargasPort(http).process([{ row_index: 2, Folio: 'A' }], 'TEC_MTY', {
      lote,
    });
    expect(calls[0]).toMatchObject({ path: '/cargas/process_carga', body: { loadType: 'TEC_MTY', lote } });
    expect(answer.staged).toBe(true);
  });

  it('prepareProcess writes the body ahead and sends nothing; process then sends that body', async () => {
    const { http, calls } = createFakeHttp(() => NOTHING_PROCESSED);
    const port = createHttpCargasPort(http);
    const rows = Array.from({ length: 2_000 }, (_, i) => ({ row_index: i + 2, Folio: `F-${i}` }));
    const lote = { id: '00000000-0000-4000-8000-000000000001', parte: 1 };
    const prepared = await port.prepareProcess(rows, 'TEC_MTY', { lote });
    expect(calls).toEqual([]);
    await port.process(rows, 'TEC_MTY', { lote, prepared });
    expect(calls).toHaveLength(1);
    const body = calls[0]?.body as Blob;
    const text = gunzipSync(Buffer.from(await body.arrayBuffer())).toString('utf8');
    expect(JSON.parse(text)).toEqual({
      columns: ['row_index', 'Folio'],
      rows: rows.map((row) => [row.row_index, row.Folio]),
      loadType: 'TEC_MTY',
      lote,
      answer: 'computed',
    });
    expect(body).toBe((prepared as unknown as { json: { payload: Blob } }).json.payload);
  });

  it('a part of the lote carries only what the save reads: the cells, folio, visitor and row, not the screen fields', async () => {
    const { http, calls } = createFakeHttp(() => ({ received: 1 }));
    const row: ProcessedRow = {
      __id: 7,
      row_index: 9,
      Folio: 'TEC-1',
      Estado: 'Nuevo León',
      Colonia: 'Centro',
      id_folio: 'TEC-1',
      visitor_id: 4,
      state_of_folio: 'Nuevo León',
      state_of_visitor: 'Nuevo León',
      address_complete_folio: 'Centro, Nuevo León',
    };
    await createHttpCargasPort(http).savePart('00000000-0000-4000-8000-000000000001', 3, [row]);
    expect(calls[0]).toMatchObject({
      method: 'PUT',
      path: '/cargas/save_carga/lotes/00000000-0000-4000-8000-000000000001/partes/3',
    });
    expect(calls[0]?.body).toEqual({
      processedData: [
        {
          row_index: 9,
          Folio: 'TEC-1',
          Estado: 'Nuevo León',
          Colonia: 'Centro',
          id_folio: 'TEC-1',
          visitor_id: 4,
        },
      ],
    });
    // The caller's rows are left as they were (step 3 still shows them).
    expect(row.address_complete_folio).toBe('Centro, Nuevo León');
  });
});
