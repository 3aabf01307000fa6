import { describe, expect, it } from 'vitest';
import {
  activeAssignmentsQuerySchema,
  manualAssignmentSchema,
  patchAssignmentRequestSchema,
  processCargaAnswerSchema,
  processCargaRequestSchema,
  processCargaResponseSchema,
} from './cargas';
import { canTransition } from './policy';
import { marcarEnviadosRequestSchema, toFechaRecibido } from './reportes';

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
