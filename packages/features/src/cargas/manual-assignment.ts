/**
 * The manual assignment form as data: one definition per load type (fields with name, label, type,
 * required, placeholder, options), the validation built from it and the payload.
 * TEC_MTY is the only load type the selector offers; the other type of the spec is one more entry
 * (`OTHER_LOAD_FORM`), rendered by the same component.
 */
import {
  type ActiveVisitor,
  formatAddress,
  formatAddressOther,
  type LoadType,
  type ManualAssignmentRequest,
  PRODUCTO_TEC_MTY,
} from '@socio/contracts';
import { dateValueError, messagesEs } from '@socio/ui';
import { z } from 'zod';
import { isApiError } from '../errors';
import { fold } from '../text';
import { cargasMessages as m } from './messages.es';

/** How a field is typed: text inputs, an e-mail input, a date (DateField, dd/mm/aaaa), or the estados catalogue select. */
export type ManualFieldType = 'text' | 'email' | 'tel' | 'date' | 'estado';

export interface ManualField {
  name: string;
  label: string;
  type: ManualFieldType;
  /** Shown with '*' (and `aria-required`). */
  required?: boolean;
  /** Checked on submit (trimmed, not empty) with this message. A field may be marked without being checked. */
  requiredMessage?: string;
  placeholder?: string;
  /** Fixed choices (a select); the `estado` type takes its choices from the catalogue instead. */
  options?: readonly string[];
}

export interface ManualFormDefinition<P = unknown> {
  /** Key of the definition (a load type, or `OTRO` for the type the selector does not offer). */
  type: string;
  fields: readonly ManualField[];
  /** The request body from the typed values, the chosen visitor and the current date. */
  toPayload(values: ManualFieldValues, visitor: ActiveVisitor, now: Date): P;
}

/** Field values by field name, as typed. */
export type ManualFieldValues = Record<string, string>;

const f = m.fields;
const req = (name: keyof typeof f, type: ManualFieldType = 'text'): ManualField => ({
  name,
  label: f[name],
  type,
  required: true,
  requiredMessage: m.required,
});
const opt = (name: keyof typeof f, type: ManualFieldType = 'text'): ManualField => ({
  name,
  label: f[name],
  type,
});

/** The current date as a person in Mexico writes it ('23/11/2026'). */
export function esMxDate(now: Date): string {
  return now.toLocaleDateString('es-MX', { day: '2-digit', month: '2-digit', year: 'numeric' });
}

const text = (values: ManualFieldValues, name: string) => (values[name] ?? '').trim();

/** Visitor part of every manual payload: id, region and name, plus the date. */
function visitorPart(visitor: ActiveVisitor, now: Date) {
  return {
    visitor_id: visitor.id_usuario,
    state_visitor: visitor.region ?? '',
    visitor_name: visitor.name,
    date: esMxDate(now),
  };
}

/** TEC_MTY: the spec's fields in its order; folio, nombre_alumno, campus_ingreso, correo_alumno and tel1 required. */
export const TEC_MTY_FORM: ManualFormDefinition<ManualAssignmentRequest> = {
  type: 'TEC_MTY',
  fields: [
    req('folio'),
    req('nombre_alumno'),
    req('campus_ingreso'),
    req('correo_alumno', 'email'),
    opt('calle'),
    opt('colonia'),
    opt('ciudad'),
    opt('estado', 'estado'),
    opt('codigo_postal'),
    req('tel1', 'tel'),
    opt('tel2', 'tel'),
    opt('tel3', 'tel'),
    opt('tel4', 'tel'),
    opt('nombre_padre'),
    opt('correo_padre', 'email'),
    opt('nombre_madre'),
    opt('correo_madre', 'email'),
    opt('solicitud_email'),
    opt('dia_agendo_crm', 'date'),
  ],
  toPayload(values, visitor, now) {
    const v = (name: string) => text(values, name);
    return {
      loadType: 'TEC_MTY',
      ...visitorPart(visitor, now),
      producto: PRODUCTO_TEC_MTY,
      folio: v('folio'),
      nombre_alumno: v('nombre_alumno'),
      campus_ingreso: v('campus_ingreso'),
      correo_alumno: v('correo_alumno'),
      calle: v('calle'),
      colonia: v('colonia'),
      ciudad: v('ciudad'),
      estado: v('estado'),
      codigo_postal: v('codigo_postal'),
      tel1: v('tel1'),
      tel2: v('tel2'),
      tel3: v('tel3'),
      tel4: v('tel4'),
      nombre_padre: v('nombre_padre'),
      correo_padre: v('correo_padre'),
      nombre_madre: v('nombre_madre'),
      correo_madre: v('correo_madre'),
      solicitud_email: v('solicitud_email'),
      dia_agendo_crm: v('dia_agendo_crm'),
      id_folio: v('folio'),
      state_of_folio: v('estado'),
      address_complete_folio: formatAddress({
        calle: v('calle'),
        colonia: v('colonia'),
        ciudad: v('ciudad'),
        estado: v('estado'),
        codigo_postal: v('codigo_postal'),
      }),
    };
  },
};

/** Body of the other load type of the spec (not offered by the selector; no endpoint accepts it yet). */
export interface OtherManualPayload {
  loadType: string;
  visitor_id: number;
  state_visitor: string;
  visitor_name: string;
  date: string;
  id_folio: string;
  state_of_folio: string;
  nombre_alumno: string;
  calle: string;
  ciudad: string;
  codigo_postal: string;
  tel1: string;
  tel2: string;
  tel3: string;
  tel4: string;
  address_complete_folio: string;
}

/**
 * The spec's other load type: id_folio, state_of_folio, nombre_alumno and tel1 checked with their own
 * messages; calle, ciudad and codigo_postal marked required but not checked.
 */
export const OTHER_LOAD_FORM: ManualFormDefinition<OtherManualPayload> = {
  type: 'OTRO',
  fields: [
    { ...req('id_folio'), requiredMessage: m.other.idFolioRequired, placeholder: m.other.idFolioPlaceholder },
    { ...req('state_of_folio', 'estado'), requiredMessage: m.other.stateRequired },
    { ...req('nombre_alumno'), requiredMessage: m.other.nameRequired },
    { ...opt('calle'), required: true },
    { ...opt('ciudad'), required: true },
    { ...opt('codigo_postal'), required: true },
    { ...req('tel1', 'tel'), requiredMessage: m.other.tel1Required },
    opt('tel2', 'tel'),
    opt('tel3', 'tel'),
    opt('tel4', 'tel'),
  ],
  toPayload(values, visitor, now) {
    const v = (name: string) => text(values, name);
    return {
      loadType: 'OTRO',
      ...visitorPart(visitor, now),
      id_folio: v('id_folio'),
      state_of_folio: v('state_of_folio'),
      nombre_alumno: v('nombre_alumno'),
      calle: v('calle'),
      ciudad: v('ciudad'),
      codigo_postal: v('codigo_postal'),
      tel1: v('tel1'),
      tel2: v('tel2'),
      tel3: v('tel3'),
      tel4: v('tel4'),
      address_complete_folio: formatAddressOther({
        calle: v('calle'),
        ciudad: v('ciudad'),
        state: v('state_of_folio'),
        codigo_postal: v('codigo_postal'),
      }),
    };
  },
};

/** The form of each load type the selector offers (TEC_MTY only). */
export const MANUAL_FORMS: Record<LoadType, ManualFormDefinition<ManualAssignmentRequest>> = {
  TEC_MTY: TEC_MTY_FORM,
};

/** Values of the whole form: the load type, the chosen visitor's id ('' for none) and the fields. */
export interface ManualFormValues {
  loadType: string;
  visitorId: string;
  fields: ManualFieldValues;
}

/** Empty values of a form definition (every field ''). */
export function emptyManualValues(
  loadType = '',
  definitions: readonly ManualFormDefinition[] = [TEC_MTY_FORM],
) {
  const fields: ManualFieldValues = {};
  for (const definition of definitions) for (const field of definition.fields) fields[field.name] = '';
  return { loadType, visitorId: '', fields } satisfies ManualFormValues;
}

export interface ManualSchemaOptions {
  /**
   * True when the browser finds the typed value of e-mail field `name` malformed (its input's
   * `validity.typeMismatch`). The form is `noValidate` so that every error shows the same way; this is
   * how the browser's own e-mail check still runs, and the only e-mail check there is.
   */
  emailMismatch?: (name: string) => boolean;
}

/**
 * The submit check: a load type ('Debe seleccionar un tipo de carga'), a visitor ('Debe
 * seleccionar un visitador') and each checked field of the chosen type's definition, trimmed and not
 * empty, with its message. No e-mail format check beyond the browser's input type: a filled e-mail
 * field the browser refuses ('Correo electrónico no válido') through `emailMismatch`.
 */
export function manualFormSchema(
  resolve: (loadType: string) => ManualFormDefinition | undefined,
  { emailMismatch }: ManualSchemaOptions = {},
) {
  return z
    .object({
      loadType: z.string(),
      visitorId: z.string(),
      fields: z.record(z.string(), z.string()),
    })
    .superRefine((values, ctx) => {
      const definition = values.loadType ? resolve(values.loadType) : undefined;
      if (!definition) ctx.addIssue({ code: 'custom', path: ['loadType'], message: m.loadTypeRequired });
      if (!values.visitorId)
        ctx.addIssue({ code: 'custom', path: ['visitorId'], message: m.visitorRequired });
      for (const field of definition?.fields ?? []) {
        const empty = text(values.fields, field.name) === '';
        if (field.requiredMessage && empty) {
          ctx.addIssue({ code: 'custom', path: ['fields', field.name], message: field.requiredMessage });
        } else if (field.type === 'email' && !empty && emailMismatch?.(field.name)) {
          ctx.addIssue({ code: 'custom', path: ['fields', field.name], message: m.invalidEmail });
        } else if (field.type === 'date') {
          // A DateField's value is ISO, or the text typed when it is not a real day ('31/02/2026').
          const message = dateValueError(values.fields[field.name] ?? '', messagesEs);
          if (message) ctx.addIssue({ code: 'custom', path: ['fields', field.name], message });
        }
      }
    });
}

/** Form field names in screen order (for focusing the first invalid one). */
export function manualFieldOrder(definition: ManualFormDefinition | undefined): string[] {
  return ['loadType', ...(definition?.fields.map((field) => `fields.${field.name}`) ?? []), 'visitorId'];
}

/** Visitors whose name, id or region contains the filter (case and accents ignored). */
export function filterVisitors(visitors: readonly ActiveVisitor[], filter: string): ActiveVisitor[] {
  const needle = fold(filter.trim());
  if (!needle) return [...visitors];
  return visitors.filter((visitor) =>
    [visitor.name, String(visitor.id_usuario), visitor.region ?? ''].some((part) =>
      fold(part).includes(needle),
    ),
  );
}

/** The server's detail, else 'Error al guardar la asignación'; a failure without an answer asks to try again. */
export function manualSaveErrorMessage(error: unknown): string {
  if (isApiError(error)) return error.detailText ?? m.saveError;
  return m.saveErrorRetry;
}

/**
 * The form field a refused save is about, from the answer's code: the folio that already has an
 * open assignment, or the visitor who is no longer an active Visitador. Undefined for any other refusal.
 */
export function manualSaveErrorField(error: unknown): 'fields.folio' | 'visitorId' | undefined {
  if (!isApiError(error) || !error.detailText) return undefined;
  if (error.code === 'folio_open_assignment') return 'fields.folio';
  if (error.code === 'invalid_visitor') return 'visitorId';
  return undefined;
}
