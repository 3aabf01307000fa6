import { describe, expect, it } from 'vitest';
import {
  capitalize,
  estatusInputSchema,
  pageQuerySchema,
  rolInputSchema,
  toStoredRol,
  totalPages,
  toWireEstatus,
  toWireRol,
} from './common';

describe('capitalize', () => {
  it('capitalises the first letter and lowercases the rest', () => {
    expect(capitalize('administrador')).toBe('Administrador');
    expect(capitalize('VISITADOR')).toBe('Visitador');
    expect(capitalize('')).toBe('');
  });
});

describe('roles and status', () => {
  it('accepts any case in requests and outputs the wire form', () => {
    expect(rolInputSchema.parse('visitador')).toBe('Visitador');
    expect(rolInputSchema.parse(' SUPERVISOR ')).toBe('Supervisor');
    expect(estatusInputSchema.parse('inactivo')).toBe('Inactivo');
  });

  it('rejects unknown roles with a Spanish message', () => {
    const r = rolInputSchema.safeParse('Gestor');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toMatch(/Rol inválido/);
    expect(rolInputSchema.safeParse(3).success).toBe(false);
  });

  it('converts between stored and wire forms', () => {
    expect(toStoredRol('Administrador')).toBe('administrador');
    expect(toWireRol('supervisor')).toBe('Supervisor');
    expect(toWireEstatus('activo')).toBe('Activo');
  });
});

describe('pageQuerySchema', () => {
  const schema = pageQuerySchema({
    sortFields: ['fecha_asignacion', 'estatus'],
    defaultSort: 'fecha_asignacion',
    pageSizes: [10, 20, 50, 100],
  });

  it('fills defaults', () => {
    expect(schema.parse({})).toEqual({
      page: 1,
      page_size: 10,
      sort_by: 'fecha_asignacion',
      sort_order: 'desc',
    });
  });

  it('coerces query-string values', () => {
    expect(schema.parse({ page: '3', page_size: '50', sort_by: 'estatus', sort_order: 'asc' })).toEqual({
      page: 3,
      page_size: 50,
      sort_by: 'estatus',
      sort_order: 'asc',
    });
  });

  it.each([{ page: '0' }, { page: 'x' }, { page_size: '15' }, { sort_by: 'id' }, { sort_order: 'up' }])(
    'rejects %j',
    (q) => {
      expect(schema.safeParse(q).success).toBe(false);
    },
  );

  it('counts at least one page', () => {
    expect(totalPages(0, 10)).toBe(1);
    expect(totalPages(21, 10)).toBe(3);
  });
});
