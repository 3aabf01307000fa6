import { zodResolver } from '@hookform/resolvers/zod';
import {
  type ActiveVisitor,
  DIGIT_COLUMNS,
  formatAddress,
  type KnownColumn,
  PRODUCTO_TEC_MTY,
  type ProcessedRow,
  REQUIRED_COLUMNS,
  stripDigitsCell,
} from '@socio/contracts';
import {
  DateField,
  dateValueError,
  Modal,
  ModalBody,
  ModalContent,
  ModalDescription,
  ModalFormActions,
  ModalHeader,
  ModalTitle,
  messagesEs,
  NativeSelect,
  Spinner,
  TextField,
} from '@socio/ui';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { useActiveVisitors, useRegions } from '../use-cargas';
import { bulkLoadMessages as m } from './messages.es';

/** The folios already in the file (a `TextSet` in the wizard, any set of strings in a story). */
type ExistingFolios = Pick<ReadonlySet<string>, 'has'>;

const TEXT_FIELDS = [
  'folio',
  'calle',
  'colonia',
  'ciudad',
  'codigo_postal',
  'tel1',
  'tel2',
  'tel3',
  'tel4',
  'nombre_alumno',
  'campus_ingreso',
  'correo_alumno',
  'nombre_padre',
  'correo_padre',
  'nombre_madre',
  'correo_madre',
  'solicitud_email',
] as const;
type TextFieldName = (typeof TEXT_FIELDS)[number];
/** dia_agendo_crm is a DateField: ISO, or the text typed when it is not a real day. */
type Values = Record<TextFieldName | 'estado' | 'dia_agendo_crm' | 'visitor', string>;
type FieldName = keyof Values;

/** The form field of each known file column (`manualFolioRow` writes them back under the column names). */
const COLUMN_FIELDS = {
  Folio: 'folio',
  Calle: 'calle',
  Colonia: 'colonia',
  Ciudad: 'ciudad',
  Estado: 'estado',
  'Codigo Postal': 'codigo_postal',
  Tel1: 'tel1',
  Tel2: 'tel2',
  Tel3: 'tel3',
  Tel4: 'tel4',
} as const satisfies Record<KnownColumn, FieldName>;

/** What the server needs to save a folio (the contracts' row rules) plus a visitor, in screen order. */
const REQUIRED: readonly FieldName[] = [
  ...REQUIRED_COLUMNS.map((column) => COLUMN_FIELDS[column]),
  'visitor',
];
/** Fields cleaned like phone cells: '+' or ',' alone counts as empty. */
const DIGIT_FIELDS: ReadonlySet<FieldName> = new Set(DIGIT_COLUMNS.map((column) => COLUMN_FIELDS[column]));

/** Where the focus goes after a refused submit: the first invalid of these, in screen order. */
const FOCUS_ORDER: readonly FieldName[] = [
  ...REQUIRED.filter((name) => name !== 'visitor'),
  'dia_agendo_crm',
  'visitor',
];

const EMPTY: Values = Object.fromEntries(
  [...TEXT_FIELDS, 'estado', 'dia_agendo_crm', 'visitor'].map((k) => [k, '']),
) as Values;

/**
 * The form's schema (zod, read by react-hook-form through zodResolver): the required columns filled, a folio
 * not already in the load, and one of the active visitors picked (`visitorIds`, as the select's values).
 */
function addFolioSchema(existingFolios: ExistingFolios, visitorIds: ReadonlySet<string>) {
  const field = (name: FieldName): z.ZodType<string, string> => {
    if (name === 'visitor') return z.string().refine((id) => visitorIds.has(id), m.addFolioRequired);
    if (name === 'dia_agendo_crm')
      return z.string().superRefine((value, ctx) => {
        const message = dateValueError(value, messagesEs);
        if (message) ctx.addIssue({ code: 'custom', message });
      });
    if (!REQUIRED.includes(name)) return z.string();
    if (DIGIT_FIELDS.has(name))
      return z.string().refine((v) => stripDigitsCell(v) !== null, m.addFolioRequired);
    return z.string().refine((v) => v.trim() !== '', { error: m.addFolioRequired, abort: true });
  };
  const shape = Object.fromEntries(
    Object.keys(EMPTY).map((name) => [name, field(name as FieldName)]),
  ) as Record<FieldName, z.ZodType<string, string>>;
  return z.object({
    ...shape,
    folio: shape.folio.refine((folio) => !existingFolios.has(folio.trim()), {
      error: (issue) => m.addFolioDuplicate(String(issue.input).trim()),
    }),
  });
}

const INPUT_TYPES: Partial<Record<TextFieldName, 'email' | 'tel'>> = {
  correo_alumno: 'email',
  correo_padre: 'email',
  correo_madre: 'email',
  tel1: 'tel',
  tel2: 'tel',
  tel3: 'tel',
  tel4: 'tel',
};

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The folio as a processed row, keyed like a file row so that save_carga checks it with the same rules. */
export function manualFolioRow(values: Values, visitor: ActiveVisitor): ProcessedRow {
  const folio = values.folio.trim();
  const estado = values.estado;
  const codigoPostal = stripDigitsCell(values.codigo_postal);
  return {
    id_folio: folio,
    visitor_id: visitor.id_usuario,
    state_of_folio: estado,
    state_of_visitor: visitor.region,
    address_complete_folio: formatAddress({
      calle: values.calle,
      colonia: values.colonia,
      ciudad: values.ciudad,
      estado,
      codigo_postal: codigoPostal,
    }),
    producto: PRODUCTO_TEC_MTY,
    Folio: folio,
    Calle: orNull(values.calle),
    Colonia: orNull(values.colonia),
    Ciudad: orNull(values.ciudad),
    Estado: estado,
    'Codigo Postal': codigoPostal,
    Tel1: stripDigitsCell(values.tel1),
    Tel2: stripDigitsCell(values.tel2),
    Tel3: stripDigitsCell(values.tel3),
    Tel4: stripDigitsCell(values.tel4),
    nombre_alumno: orNull(values.nombre_alumno),
    campus_ingreso: orNull(values.campus_ingreso),
    correo_alumno: orNull(values.correo_alumno),
    nombre_padre: orNull(values.nombre_padre),
    correo_padre: orNull(values.correo_padre),
    nombre_madre: orNull(values.nombre_madre),
    correo_madre: orNull(values.correo_madre),
    solicitud_email: orNull(values.solicitud_email),
    dia_agendo_crm: orNull(values.dia_agendo_crm),
  };
}

export interface AddFolioDialogProps {
  open: boolean;
  onClose: () => void;
  onSubmit: (row: ProcessedRow) => void;
  /** Folios already in the load (a folio may appear once). */
  existingFolios: ExistingFolios;
}

/**
 * The add-folio dialog (`m.addFolioTitle`): one folio by hand into step 3 (loads regions and active visitors on
 * open).
 */
export function AddFolioDialog({ open, onClose, onSubmit, existingFolios }: AddFolioDialogProps) {
  const formId = useId();
  const regions = useRegions(open);
  const visitors = useActiveVisitors(open);
  const visitorList = visitors.data ?? [];
  const {
    register,
    control,
    handleSubmit,
    reset,
    clearErrors,
    setFocus,
    formState: { errors },
  } = useForm<Values>({
    // Rebuilt each render: it checks against the folios and visitors loaded now.
    resolver: zodResolver(
      addFolioSchema(existingFolios, new Set(visitorList.map((v) => String(v.id_usuario)))),
    ),
    defaultValues: EMPTY,
    // Checked on submit only; typing in a field clears its message (see `field`).
    reValidateMode: 'onSubmit',
    // Focus goes to the first invalid required field in screen order.
    shouldFocusError: false,
  });

  /** A registered field whose message goes away as soon as it changes. */
  const field = (name: FieldName) => register(name, { onChange: () => errors[name] && clearErrors(name) });

  const close = () => {
    reset(EMPTY);
    onClose();
  };

  const submit = handleSubmit(
    (values) => {
      const visitor = visitorList.find((v) => String(v.id_usuario) === values.visitor);
      if (!visitor) return;
      onSubmit(manualFolioRow(values, visitor));
      reset(EMPTY);
    },
    (invalid) => {
      const first = FOCUS_ORDER.find((name) => invalid[name]);
      if (first) setFocus(first);
    },
  );

  const loading = regions.isPending || visitors.isPending;
  const textField = (name: TextFieldName) => (
    <TextField
      key={name}
      id={`${formId}-${name}`}
      label={m.addFolioFields[name]}
      type={INPUT_TYPES[name] ?? 'text'}
      required={REQUIRED.includes(name)}
      {...field(name)}
      error={errors[name]?.message}
    />
  );

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) close();
      }}
    >
      <ModalContent size="lg">
        <ModalHeader>
          <ModalTitle>{m.addFolioTitle}</ModalTitle>
          <ModalDescription>{m.addFolioDescription}</ModalDescription>
        </ModalHeader>
        <ModalBody>
          {loading ? (
            <Spinner label={m.addFolioLoading} />
          ) : (
            <form
              id={formId}
              aria-label={m.addFolioTitle}
              noValidate
              onSubmit={submit}
              className="grid gap-4 sm:grid-cols-2"
            >
              {textField('folio')}
              <NativeSelect
                id={`${formId}-estado`}
                label={m.addFolioFields.estado}
                required
                placeholder={m.assignStatePlaceholder}
                options={(regions.data ?? []).map((r) => ({ value: r, label: r }))}
                {...field('estado')}
                error={errors.estado?.message}
              />
              {textField('calle')}
              {textField('colonia')}
              {textField('ciudad')}
              {textField('codigo_postal')}
              {textField('tel1')}
              {textField('tel2')}
              {textField('tel3')}
              {textField('tel4')}
              {textField('nombre_alumno')}
              {textField('campus_ingreso')}
              {textField('correo_alumno')}
              {textField('nombre_padre')}
              {textField('correo_padre')}
              {textField('nombre_madre')}
              {textField('correo_madre')}
              {textField('solicitud_email')}
              <Controller
                control={control}
                name="dia_agendo_crm"
                render={({ field: date }) => (
                  <DateField
                    ref={date.ref}
                    id={`${formId}-dia_agendo_crm`}
                    label={m.addFolioFields.dia_agendo_crm}
                    value={date.value}
                    onValueChange={(value) => {
                      date.onChange(value);
                      if (errors.dia_agendo_crm) clearErrors('dia_agendo_crm');
                    }}
                    onBlur={date.onBlur}
                    error={errors.dia_agendo_crm?.message}
                  />
                )}
              />
              <NativeSelect
                id={`${formId}-visitor`}
                label={m.addFolioVisitor}
                required
                placeholder={m.selectVisitor}
                options={visitorList.map((v) => ({
                  value: String(v.id_usuario),
                  label: `${v.name} — ${m.visitorOption(v.id_usuario, v.region)}`,
                }))}
                {...field('visitor')}
                error={errors.visitor?.message}
              />
            </form>
          )}
        </ModalBody>
        <ModalFormActions
          formId={formId}
          submitLabel={m.addFolioSubmit}
          cancelLabel={m.addFolioCancel}
          submitDisabled={loading}
        />
      </ModalContent>
    </Modal>
  );
}
