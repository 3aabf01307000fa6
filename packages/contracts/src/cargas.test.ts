import { describe, expect, it } from 'vitest';
import {
  activeAssignmentsQuerySchema,
  type ComputedRow,
  completeProcessCargaAnswer,
  completeProcessedRow,
  computedProcessCargaAnswerSchema,
  manualAssignmentSchema,
  patchAssignmentRequestSchema,
  processCargaAnswerSchema,
  processCargaRequestSchema,
  processCargaResponseSchema,
  processedRowAddress,
  RowsCompletedInPlace,
  rowsAsLists,
  rowsFromLists,
} from './cargas';
import { canTransition } from './policy';
import { marcarEnviadosRequestSchema, toFechaRecibido } from './reportes';
import { cleanRow } from './rules/rows';

describe('activeAssignmentsQuerySchema', () => {
  it('defaults to page 1, 10 rows, fecha_asignacion desc', () => {
    expect(activeAssignmentsQuerySchema.parse({})).toEqual({
      page: 1,
      page_size: 10,
      sort_by: 'fecha_asignacion',
      sort_order: 'desc',
    });
  });

  it('coerces query-string values', () => {
    expect(
      activeAssignmentsQuerySchema.parse({
        page: '3',
        page_size: '100',
        sort_by: 'estatus',
        sort_order: 'asc',
      }),
    ).toEqual({ page: 3, page_size: 100, sort_by: 'estatus', sort_order: 'asc' });
  });

  it.each([
    { page_size: '0' },
    { page_size: '101' },
    { page: '0' },
    { page: 'x' },
    { sort_by: 'direccion' },
    { sort_order: 'up' },
  ])('rejects %j', (query) => {
    expect(activeAssignmentsQuerySchema.safeParse(query).success).toBe(false);
  });
});

describe('canTransition', () => {
  it('allows asignada → agendada → completada and open → cancelada only', () => {
    expect(canTransition('asignada', 'agendada')).toBe(true);
    expect(canTransition('agendada', 'completada')).toBe(true);
    expect(canTransition('asignada', 'cancelada')).toBe(true);
    expect(canTransition('agendada', 'cancelada')).toBe(true);
    expect(canTransition('asignada', 'completada')).toBe(false);
    expect(canTransition('agendada', 'asignada')).toBe(false);
    expect(canTransition('completada', 'cancelada')).toBe(false);
    expect(canTransition('cancelada', 'asignada')).toBe(false);
    expect(canTransition('asignada', 'asignada')).toBe(false);
  });

  it('accepts the estatus in any case', () => {
    expect(patchAssignmentRequestSchema.parse({ estatus: ' Agendada ' })).toEqual({ estatus: 'agendada' });
    expect(patchAssignmentRequestSchema.safeParse({ estatus: 'terminada' }).success).toBe(false);
  });
});

describe('processCargaRequestSchema', () => {
  it('keeps extra columns and requires row_index ≥ 2', () => {
    const parsed = processCargaRequestSchema.parse({
      loadType: 'TEC_MTY',
      rows: [{ row_index: 2, Folio: 'A', Column_3: 'extra' }],
    });
    expect(parsed.rows[0]).toEqual({ row_index: 2, Folio: 'A', Column_3: 'extra' });
    expect(
      processCargaRequestSchema.safeParse({ loadType: 'TEC_MTY', rows: [{ row_index: 1 }] }).success,
    ).toBe(false);
    expect(processCargaRequestSchema.safeParse({ loadType: 'OTRO', rows: [] }).success).toBe(false);
  });
});

describe('rowsAsLists / rowsFromLists (process_carga rows as lists under columns)', () => {
  it('writes every key of any row once, each row as its cells in that order (null where it lacks one), and reads them back', () => {
    const rows = [
      { row_index: 2, Folio: 'A', Tel1: '81' },
      { row_index: 3, Folio: 'B', Notas: 'x', Tel1: null },
      { row_index: 4, Nada: undefined },
    ];
    const lists = rowsAsLists(rows);
    expect(lists).toEqual({
      columns: ['row_index', 'Folio', 'Tel1', 'Notas', 'Nada'],
      rows: [
        [2, 'A', '81', null, null],
        [3, 'B', null, 'x', null],
        [4, null, null, null, null],
      ],
    });
    const body = { ...lists, loadType: 'TEC_MTY' };
    rowsFromLists(body);
    expect(body.rows).toEqual([
      { row_index: 2, Folio: 'A', Tel1: '81', Notas: null, Nada: null },
      { row_index: 3, Folio: 'B', Tel1: null, Notas: 'x', Nada: null },
      { row_index: 4, Folio: null, Tel1: null, Notas: null, Nada: null },
    ]);
  });

  it('leaves what it cannot read as object rows as it came (the schema refuses it), and never throws', () => {
    const longer = { columns: ['row_index'], rows: [[2, 'x'], [3]] };
    rowsFromLists(longer);
    expect(longer.rows).toEqual([[2, 'x'], { row_index: 3 }]);
    const proto = { columns: ['__proto__'], rows: [[{ polluted: true }]] };
    rowsFromLists(proto);
    expect(proto.rows).toEqual([[{ polluted: true }]]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const notText = { columns: [1], rows: [[2]] };
    rowsFromLists(notText);
    expect(notText.rows).toEqual([[2]]);
    for (const body of [null, 'x', [], { columns: 'a', rows: [] }, { columns: [], rows: 'x' }])
      expect(() => rowsFromLists(body)).not.toThrow();
    expect(processCargaRequestSchema.safeParse({ rows: [[2, 'x']], loadType: 'TEC_MTY' }).success).toBe(
      false,
    );
  });
});

describe('manualAssignmentSchema', () => {
  const base = {
    loadType: 'TEC_MTY',
    visitor_id: 7,
    folio: 'F-1',
    nombre_alumno: 'Ana',
    campus_ingreso: 'Monterrey',
    correo_alumno: 'ana@example.com',
    tel1: '+52 81,1234',
  };
  it('refuses a dia_agendo_crm that is no day of the calendar, year 0000 too (PostgreSQL has no year 0)', () => {
    for (const dia of ['2026-02-30', '0000-01-01'])
      expect(manualAssignmentSchema.safeParse({ ...base, dia_agendo_crm: dia }).success).toBe(false);
    expect(manualAssignmentSchema.parse({ ...base, dia_agendo_crm: '0001-01-01' }).dia_agendo_crm).toBe(
      '0001-01-01',
    );
  });

  it('requires the TEC_MTY fields with "Campo requerido" and cleans phones', () => {
    const parsed = manualAssignmentSchema.parse({ ...base, tel2: '', dia_agendo_crm: '' });
    expect(parsed.tel1).toBe('52 811234');
    expect(parsed.tel2).toBeNull();
    expect(parsed.dia_agendo_crm).toBeNull();
    const bad = manualAssignmentSchema.safeParse({ ...base, nombre_alumno: '  ' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Campo requerido');
  });

  it('requires a visitor', () => {
    const bad = manualAssignmentSchema.safeParse({ ...base, visitor_id: '' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('Debe seleccionar un visitador');
  });
});

describe('reportes contracts', () => {
  it('formats fechaRecibido as dd/mm/yy', () => {
    expect(toFechaRecibido('2026-03-07')).toBe('07/03/26');
  });
  it('requires at least one id', () => {
    const bad = marcarEnviadosRequestSchema.safeParse({ ids: [] });
    expect(bad.error?.issues[0]?.message).toBe('Por favor selecciona al menos un reporte');
  });
});

describe('processCargaAnswerSchema (process_carga as the browser reads it)', () => {
  const row = {
    row_index: 2,
    Folio: 'TEC-1',
    id_folio: 'TEC-1',
    visitor_id: 4,
    state_of_folio: 'Nuevo León',
    state_of_visitor: 'Nuevo León',
    address_complete_folio: 'Centro, Nuevo León',
  };
  const answer = (processedData: unknown[]) => ({
    processedData,
    invalidRows: [],
    invalidCount: 0,
    validCount: processedData.length,
  });

  it('keeps each row as it came (checked, not copied), its other cells too', () => {
    const parsed = processCargaAnswerSchema.parse(answer([row]));
    expect(parsed.processedData[0]).toBe(row);
    expect(parsed.processedData[0]?.Folio).toBe('TEC-1');
  });

  it('refuses what the route schema refuses: a row missing a field, or not an object', () => {
    const { id_folio: _, ...noFolio } = row;
    for (const bad of [[noFolio], [{ ...row, visitor_id: 'x' }], ['fila']]) {
      expect(processCargaAnswerSchema.safeParse(answer(bad)).success).toBe(false);
      expect(processCargaResponseSchema.safeParse(answer(bad)).success).toBe(false);
    }
  });
});

describe("process_carga's computed answer (answer: 'computed')", () => {
  const computed = (over: Partial<ComputedRow> = {}): ComputedRow => ({
    position: 0,
    id_folio: 'F-1',
    visitor_id: 4,
    state_of_folio: 'Nuevo León',
    state_of_visitor: 'Nuevo León',
    row_index: 2,
    ...over,
  });

  it('is asked for by an optional field; without it the request parses as before', () => {
    const rows = [{ row_index: 2, Folio: 'A' }];
    expect(processCargaRequestSchema.parse({ loadType: 'TEC_MTY', rows })).toEqual({
      loadType: 'TEC_MTY',
      rows,
    });
    for (const answer of ['rows', 'computed'] as const) {
      expect(processCargaRequestSchema.parse({ loadType: 'TEC_MTY', rows, answer }).answer).toBe(answer);
    }
    expect(processCargaRequestSchema.safeParse({ loadType: 'TEC_MTY', rows, answer: 'slim' }).success).toBe(
      false,
    );
  });

  it("merged with the row sent, gives the full answer's row: cells cleaned as the server cleans them, then the computed fields", () => {
    const sent = {
      row_index: 2,
      __id: ' kept ',
      Folio: ' F-1 ',
      Calle: 'Av. Juárez 1 ',
      Colonia: 'Centro',
      Ciudad: 'Monterrey',
      Estado: 'NL',
      'Codigo Postal': 64000,
      Tel1: '+52 81 1234,5678',
      Tel2: '   ',
      Tel3: '+',
      Tel4: 8112345678,
      Notas: ' a, b + c ',
      Column_12: null,
      Activo: true,
      id_folio: 'viejo',
    };
    const row = completeProcessedRow(sent, computed());
    expect(row).toEqual({
      row_index: 2,
      __id: ' kept ',
      Folio: 'F-1',
      Calle: 'Av. Juárez 1',
      Colonia: 'Centro',
      Ciudad: 'Monterrey',
      Estado: 'NL',
      'Codigo Postal': '64000',
      Tel1: '52 81 12345678',
      Tel2: null,
      Tel3: null,
      Tel4: '8112345678',
      Notas: 'a, b + c',
      Column_12: null,
      Activo: true,
      id_folio: 'F-1',
      visitor_id: 4,
      state_of_folio: 'Nuevo León',
      state_of_visitor: 'Nuevo León',
    });
    // The keys in the full answer's order: the row's own (a computed one it had keeps its place), then the rest.
    expect(Object.keys(row)).toEqual([
      ...Object.keys(sent),
      'visitor_id',
      'state_of_folio',
      'state_of_visitor',
    ]);
    expect('position' in row).toBe(false);
    // No address comes with a computed row: the one shown is made of the row's cleaned cells and its state.
    expect(processedRowAddress(row)).toBe('Av. Juárez 1, Centro, Monterrey, Nuevo León, CP 64000');
    // The row sent is left as it was (step 2 may show it again).
    expect(sent.Folio).toBe(' F-1 ');
    expect(sent.id_folio).toBe('viejo');
  });

  it('cells JSON does not carry as themselves come out as the server read them from the JSON body', () => {
    const sent = {
      row_index: 7,
      Folio: 'F-1',
      Fecha: new Date('2026-03-07T05:06:07.000Z'),
      Invalida: new Date(Number.NaN),
      Nan: Number.NaN,
      Mas: Number.POSITIVE_INFINITY,
      Menos: Number.NEGATIVE_INFINITY,
      Cero: -0,
      Tel2: Number.POSITIVE_INFINITY,
      Nada: undefined,
      Notas: 'ok',
    };
    const row = completeProcessedRow(sent, computed({ row_index: 7 }));
    expect(Object.entries(row)).toEqual([
      ['row_index', 7],
      ['Folio', 'F-1'],
      // JSON writes a Date as its full ISO text, which the server only trims.
      ['Fecha', '2026-03-07T05:06:07.000Z'],
      ['Invalida', null],
      ['Nan', null],
      ['Mas', null],
      ['Menos', null],
      ['Cero', 0],
      ['Tel2', null],
      ['Notas', 'ok'],
      ['id_folio', 'F-1'],
      ['visitor_id', 4],
      ['state_of_folio', 'Nuevo León'],
      ['state_of_visitor', 'Nuevo León'],
    ]);
    expect(Object.is(row.Cero, 0)).toBe(true);
    expect(sent.Fecha).toBeInstanceOf(Date);
  });

  it('the whole answer: each row merged with the row sent at its position, the rest as answered', () => {
    const sent = [
      { row_index: 2, Folio: ' A ' },
      { row_index: 3, Folio: '' },
      { row_index: 5, Folio: 'C', Tel1: '+1' },
    ];
    const answer = {
      processedData: [
        computed({ position: 0, id_folio: 'A', row_index: 2 }),
        computed({ position: 2, id_folio: 'C', visitor_id: null, state_of_visitor: null, row_index: 5 }),
      ],
      invalidRows: [{ data: { Folio: null }, reason: 'Fila vacía', row_index: 3 }],
      invalidCount: 1,
      validCount: 2,
      staged: true,
    };
    const parsed = computedProcessCargaAnswerSchema(sent).parse(answer);
    const full = completeProcessCargaAnswer(sent, parsed);
    expect(full).toEqual({
      processedData: [
        { ...sent[0], Folio: 'A', ...computed({ id_folio: 'A' }), position: undefined },
        {
          ...sent[2],
          Tel1: '1',
          ...computed({ id_folio: 'C', visitor_id: null, state_of_visitor: null, row_index: 5 }),
          position: undefined,
        },
      ].map(({ position: _, ...row }) => row),
      invalidRows: answer.invalidRows,
      invalidCount: 1,
      validCount: 2,
      staged: true,
    });
    expect(full.invalidRows).toBe(parsed.invalidRows);
  });

  it('rows completed in place equal the copies, key order included, and are the rows sent', () => {
    const file = () => [
      { row_index: 2, Folio: ' A ', Tel1: '+52 81,1', 'Codigo Postal': 64000, Notas: '  ' },
      { row_index: 3, Folio: 'B', Fecha: new Date('2026-03-07T05:06:07.000Z') },
      { row_index: 4, Folio: 'C', id_folio: 'viejo', state_of_folio: ' x ' },
      { row_index: 5, Folio: 'E', Calle: ' Hidalgo 2 ', address_complete_folio: 'la del archivo' },
    ];
    const answer = {
      processedData: [
        computed({ position: 0, id_folio: 'A', row_index: 2 }),
        computed({ position: 1, id_folio: 'B', row_index: 3 }),
        computed({ position: 2, id_folio: 'C', visitor_id: null, state_of_visitor: null, row_index: 4 }),
        computed({ position: 3, id_folio: 'E', row_index: 5 }),
      ],
      invalidRows: [],
      invalidCount: 0,
      validCount: 4,
    };
    const copies = completeProcessCargaAnswer(file(), answer);
    const sent = file();
    const inPlace = new RowsCompletedInPlace();
    const full = completeProcessCargaAnswer(sent, answer, inPlace);
    expect(full).toEqual(copies);
    for (const [i, row] of full.processedData.entries())
      expect(Object.keys(row)).toEqual(Object.keys(copies.processedData[i]!));
    expect(full.processedData[0]).toBe(sent[0]);
    // A Date is not carried by JSON as itself: that row is completed as a copy, the row sent left as it was.
    expect(full.processedData[1]).not.toBe(sent[1]);
    expect(sent[1]!.Fecha).toBeInstanceOf(Date);
    expect(full.processedData[2]).toBe(sent[2]);
    // A file's own 'address_complete_folio' column gives way to the address, as in the full answer.
    expect(full.processedData[3]).toBe(sent[3]);
    expect(full.processedData[3]!.address_complete_folio).toBe('Hidalgo 2, Nuevo León');
    expect(processedRowAddress(full.processedData[0]!)).toBe('Nuevo León, CP 64000');
  });

  it('undo takes off the computed fields each row did not have: its keys as sent, its cells cleaned', () => {
    const original = () => [
      { row_index: 2, Folio: ' A ', Tel1: '+52 81,1', 'Codigo Postal': 64000, Notas: '  ' },
      { row_index: 4, Folio: 'C', id_folio: 'viejo', state_of_folio: ' x ' },
      { row_index: 5, Folio: 'E', address_complete_folio: ' la del archivo ' },
    ];
    const sent = original();
    const inPlace = new RowsCompletedInPlace();
    inPlace.complete(sent[0]!, computed({ id_folio: 'A', row_index: 2 }));
    inPlace.complete(sent[1]!, computed({ id_folio: 'C', row_index: 4 }));
    inPlace.complete(sent[2]!, computed({ id_folio: 'E', row_index: 5 }));
    expect(sent[2]!.address_complete_folio).toBe('Nuevo León');
    inPlace.undo();
    original().forEach((row, i) => {
      expect(Object.keys(sent[i]!)).toEqual(Object.keys(row));
      // Cleaned as the server cleans them: sent again, they are read, processed and saved as the first time.
      expect(sent[i]).toEqual(cleanRow(row));
      expect(cleanRow(sent[i]!)).toEqual(sent[i]);
    });
    // A computed field the row had as a cell keeps its place and its (cleaned) cell value.
    expect(sent[1]).toMatchObject({ id_folio: 'viejo', state_of_folio: 'x' });
    expect(sent[2]).toMatchObject({ address_complete_folio: 'la del archivo' });
    // After undo (a late answer): completed as a copy, the row left as it is.
    const late = { row_index: 5, Folio: 'D' };
    const row = inPlace.complete(late, computed({ id_folio: 'D', row_index: 5 }));
    expect(row).not.toBe(late);
    expect(late).toEqual({ row_index: 5, Folio: 'D' });
  });

  it("the answer's rows are checked in place, and each must point at a row sent, in order", () => {
    const sent = [
      { row_index: 2, Folio: 'A' },
      { row_index: 3, Folio: 'B' },
    ];
    const schema = computedProcessCargaAnswerSchema(sent);
    const answer = (processedData: unknown[]) => ({
      processedData,
      invalidRows: [],
      invalidCount: 0,
      validCount: processedData.length,
    });
    const good = [computed(), computed({ position: 1, row_index: 3 })];
    const parsed = schema.parse(answer(good));
    expect(parsed.processedData[1]).toBe(good[1]);
    for (const bad of [
      [computed({ position: 2, row_index: 4 })],
      [computed({ position: -1 })],
      [computed({ position: 1, row_index: 2 })],
      [computed({ position: 1, row_index: 3 }), computed()],
      [computed(), computed()],
      [{ ...computed(), position: undefined }],
      [{ ...computed(), visitor_id: 'x' }],
    ]) {
      expect(schema.safeParse(answer(bad)).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
