import { manualAssignmentSchema } from '@socio/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../errors';
import {
  emptyManualValues,
  esMxDate,
  filterVisitors,
  MANUAL_FORMS,
  manualFieldOrder,
  manualFormSchema,
  manualSaveErrorField,
  manualSaveErrorMessage,
  OTHER_LOAD_FORM,
  TEC_MTY_FORM,
} from './manual-assignment';

const visitor = { id_usuario: 14, name: 'Juan Pérez López', region: 'Nuevo León' };
const now = new Date(2026, 10, 23, 12, 0, 0);

const tecValues = {
  folio: ' TEC-001 ',
  nombre_alumno: 'Ana Ruiz',
  campus_ingreso: 'Monterrey',
  correo_alumno: 'ana@tec.mx',
  calle: 'Av. Garza Sada 2501',
  colonia: 'Tecnológico',
  ciudad: 'Monterrey',
  estado: 'Nuevo León',
  codigo_postal: '64849',
  tel1: '8112345678',
  tel2: '',
  tel3: '',
  tel4: '',
  nombre_padre: '',
  correo_padre: '',
  nombre_madre: 'Rosa Ruiz',
  correo_madre: '',
  solicitud_email: 'Sí',
  dia_agendo_crm: '2026-11-20',
};

const schema = manualFormSchema((type) =>
  type === 'OTRO' ? OTHER_LOAD_FORM : MANUAL_FORMS[type as 'TEC_MTY'],
);

function issues(values: unknown) {
  const result = schema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
}

describe('TEC_MTY form definition', () => {
  it('lists the spec fields in order, the five required ones marked', () => {
    expect(TEC_MTY_FORM.fields.map((f) => f.name)).toEqual(Object.keys(tecValues));
    expect(TEC_MTY_FORM.fields.filter((f) => f.required).map((f) => f.name)).toEqual([
      'folio',
      'nombre_alumno',
      'campus_ingreso',
      'correo_alumno',
      'tel1',
    ]);
    const byName = Object.fromEntries(TEC_MTY_FORM.fields.map((f) => [f.name, f]));
    expect(byName.correo_alumno?.type).toBe('email');
    expect(byName.estado?.type).toBe('estado');
    expect(byName.dia_agendo_crm).toMatchObject({ type: 'date', label: 'Día que Agendó en CRM' });
    expect(byName.solicitud_email).toMatchObject({ type: 'text', label: 'Solicitud X E Mail' });
  });
});

describe('manualFormSchema', () => {
  it('a date field: empty or ISO passes; a partial date or a day that does not exist is refused', () => {
    const withDay = (dia_agendo_crm: string) => ({
      loadType: 'TEC_MTY',
      visitorId: '14',
      fields: { ...tecValues, dia_agendo_crm },
    });
    expect(issues(withDay(''))).toEqual({});
    expect(issues(withDay('2026-03-05'))).toEqual({});
    expect(issues(withDay('31/02/2026'))).toEqual({
      'fields.dia_agendo_crm': 'La fecha 31/02/2026 no existe',
    });
    expect(issues(withDay('05/03'))).toEqual({
      'fields.dia_agendo_crm': 'Fecha incompleta: escríbela como dd/mm/aaaa',
    });
  });

  it('an empty form: load type, visitor (no fields checked without a type)', () => {
    expect(issues(emptyManualValues())).toEqual({
      loadType: 'Debe seleccionar un tipo de carga',
      visitorId: 'Debe seleccionar un visitador',
    });
  });

  it('TEC_MTY: the five required fields, trimmed, with "Campo requerido"', () => {
    const values = { ...emptyManualValues('TEC_MTY'), visitorId: '14' };
    values.fields.folio = '   ';
    expect(issues(values)).toEqual({
      'fields.folio': 'Campo requerido',
      'fields.nombre_alumno': 'Campo requerido',
      'fields.campus_ingreso': 'Campo requerido',
      'fields.correo_alumno': 'Campo requerido',
      'fields.tel1': 'Campo requerido',
    });
  });

  it('TEC_MTY complete: valid (no e-mail format check beyond the input type)', () => {
    expect(
      issues({ loadType: 'TEC_MTY', visitorId: '14', fields: { ...tecValues, correo_alumno: 'x' } }),
    ).toEqual({});
  });

  it("an e-mail the browser's input type refuses: 'Correo electrónico no válido' (and only then)", () => {
    const refused = new Set(['correo_alumno', 'correo_madre']);
    const browserChecked = manualFormSchema((type) => MANUAL_FORMS[type as 'TEC_MTY'], {
      emailMismatch: (name) => refused.has(name),
    });
    const check = (fields: Record<string, string>) => {
      const result = browserChecked.safeParse({ loadType: 'TEC_MTY', visitorId: '14', fields });
      return result.success
        ? {}
        : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
    };
    // correo_madre is empty: nothing to check, whatever the browser says.
    expect(check({ ...tecValues, correo_alumno: 'ana@', correo_madre: '' })).toEqual({
      'fields.correo_alumno': 'Correo electrónico no válido',
    });
    expect(check({ ...tecValues, correo_alumno: 'ana@', correo_madre: 'rosa' })).toEqual({
      'fields.correo_alumno': 'Correo electrónico no válido',
      'fields.correo_madre': 'Correo electrónico no válido',
    });
    // An empty required e-mail says 'Campo requerido', not the format message.
    expect(check({ ...tecValues, correo_alumno: ' ' })).toEqual({
      'fields.correo_alumno': 'Campo requerido',
    });
    // Only e-mail fields are asked about.
    refused.add('folio');
    expect(check(tecValues)).toEqual({
      'fields.correo_alumno': 'Correo electrónico no válido',
    });
  });

  it('the other type: its four messages; calle, ciudad and CP marked but not checked', () => {
    const values = { ...emptyManualValues('OTRO', [OTHER_LOAD_FORM]), visitorId: '14' };
    expect(issues(values)).toEqual({
      'fields.id_folio': 'El ID del folio es requerido',
      'fields.state_of_folio': 'El estado del folio es requerido',
      'fields.nombre_alumno': 'El nombre del alumno es requerido',
      'fields.tel1': 'El teléfono 1 es requerido',
    });
    const marked = OTHER_LOAD_FORM.fields.filter((f) => f.required && !f.requiredMessage).map((f) => f.name);
    expect(marked).toEqual(['calle', 'ciudad', 'codigo_postal']);
    expect(OTHER_LOAD_FORM.fields[0]?.placeholder).toBe('RES-00010999');
  });

  it('orders field names as on screen: type, fields, visitor', () => {
    const order = manualFieldOrder(TEC_MTY_FORM);
    expect(order[0]).toBe('loadType');
    expect(order[1]).toBe('fields.folio');
    expect(order.at(-1)).toBe('visitorId');
  });
});

describe('TEC_MTY payload', () => {
  const payload = TEC_MTY_FORM.toPayload(tecValues, visitor, now);

  it('carries the visitor, the es-MX date and the fixed producto', () => {
    expect(payload).toMatchObject({
      loadType: 'TEC_MTY',
      visitor_id: 14,
      state_visitor: 'Nuevo León',
      visitor_name: 'Juan Pérez López',
      date: '23/11/2026',
      producto: 'TEC DE MTY',
    });
  });

  it('copies folio to id_folio and estado to state_of_folio, trimmed', () => {
    expect(payload.folio).toBe('TEC-001');
    expect(payload.id_folio).toBe('TEC-001');
    expect(payload.state_of_folio).toBe('Nuevo León');
  });

  it("formats the address 'calle, colonia, ciudad, estado, CP codigo_postal'", () => {
    expect(payload.address_complete_folio).toBe(
      'Av. Garza Sada 2501, Tecnológico, Monterrey, Nuevo León, CP 64849',
    );
  });

  it('sends every TEC_MTY field and passes the server contract', () => {
    for (const name of Object.keys(tecValues)) expect(payload).toHaveProperty(name);
    expect(manualAssignmentSchema.safeParse(payload).success).toBe(true);
  });
});

describe('other type payload', () => {
  it("address 'calle, ciudad, state, CP codigo_postal' and only its fields", () => {
    const payload = OTHER_LOAD_FORM.toPayload(
      {
        id_folio: 'RES-00010999',
        state_of_folio: 'Jalisco',
        nombre_alumno: 'Luis',
        calle: 'Juárez 10',
        ciudad: 'Guadalajara',
        codigo_postal: '44100',
        tel1: '33',
      },
      visitor,
      now,
    );
    expect(payload.address_complete_folio).toBe('Juárez 10, Guadalajara, Jalisco, CP 44100');
    expect(payload).not.toHaveProperty('producto');
    expect(payload.id_folio).toBe('RES-00010999');
  });
});

describe('helpers', () => {
  it('esMxDate writes dd/mm/aaaa', () => {
    expect(esMxDate(new Date(2026, 0, 5))).toBe('05/01/2026');
  });

  it('filterVisitors matches name, id or region, ignoring case and accents', () => {
    const list = [visitor, { id_usuario: 20, name: 'María Soto', region: 'Jalisco' }];
    expect(filterVisitors(list, 'perez')).toEqual([visitor]);
    expect(filterVisitors(list, '20')).toHaveLength(1);
    expect(filterVisitors(list, 'JALISCO')[0]?.id_usuario).toBe(20);
    expect(filterVisitors(list, ' ')).toHaveLength(2);
  });

  it('manualSaveErrorMessage: detail, else the generic text, else try again', () => {
    expect(manualSaveErrorMessage(new ApiError(409, 'El folio "X" ya tiene una asignación abierta'))).toBe(
      'El folio "X" ya tiene una asignación abierta',
    );
    expect(manualSaveErrorMessage(new ApiError(500, undefined))).toBe('Error al guardar la asignación');
    expect(manualSaveErrorMessage(new NetworkError())).toBe(
      'Error al guardar la asignación. Por favor intente nuevamente.',
    );
  });

  it('manualSaveErrorField: the field at fault comes from the code, not the wording', () => {
    expect(manualSaveErrorField(new ApiError(409, 'Otro texto', 'folio_open_assignment'))).toBe(
      'fields.folio',
    );
    expect(manualSaveErrorField(new ApiError(422, 'Otro texto', 'invalid_visitor'))).toBe('visitorId');
    expect(
      manualSaveErrorField(new ApiError(409, 'El folio "X" ya tiene una asignación abierta')),
    ).toBeUndefined();
    expect(manualSaveErrorField(new NetworkError())).toBeUndefined();
  });
});
