import {
  type ActiveVisitor,
  formatAddress,
  PRODUCTO_TEC_MTY,
  type ProcessedRow,
  stripDigitsCell,
} from '@socio/contracts';
import {
  Modal,
  ModalBody,
  ModalContent,
  ModalDescription,
  ModalFormActions,
  ModalHeader,
  ModalTitle,
  NativeSelect,
  Spinner,
  TextField,
} from '@socio/ui';
import { type FormEvent, useId, useState } from 'react';
import { bulkLoadMessages as m } from './messages.es';
import { useActiveVisitors, useRegions } from './use-visitors';

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
  'dia_agendo_crm',
] as const;
type TextFieldName = (typeof TEXT_FIELDS)[number];
type Values = Record<TextFieldName | 'estado' | 'visitor', string>;
type FieldName = keyof Values;

/** What the server needs to save a folio (its row rules) plus a visitor. */
const REQUIRED: readonly FieldName[] = [
  'folio',
  'estado',
  'calle',
  'colonia',
  'ciudad',
  'codigo_postal',
  'tel1',
  'visitor',
];

const EMPTY: Values = Object.fromEntries([...TEXT_FIELDS, 'estado', 'visitor'].map((k) => [k, ''])) as Values;

const INPUT_TYPES: Partial<Record<TextFieldName, 'email' | 'tel' | 'date'>> = {
  correo_alumno: 'email',
  correo_padre: 'email',
  correo_madre: 'email',
  tel1: 'tel',
  tel2: 'tel',
  tel3: 'tel',
  tel4: 'tel',
  dia_agendo_crm: 'date',
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
  existingFolios: ReadonlySet<string>;
}

/** 'Agregar folio': one folio by hand into step 3 (loads regions and active visitors on open). */
export function AddFolioDialog({ open, onClose, onSubmit, existingFolios }: AddFolioDialogProps) {
  const formId = useId();
  const regions = useRegions(open);
  const visitors = useActiveVisitors(open);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});

  const close = () => {
    setValues(EMPTY);
    setErrors({});
    onClose();
  };
  const set = (name: FieldName, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Partial<Record<FieldName, string>> = {};
    for (const name of REQUIRED) {
      const value =
        name === 'tel1' || name === 'codigo_postal' ? stripDigitsCell(values[name]) : values[name].trim();
      if (!value) next[name] = m.addFolioRequired;
    }
    const folio = values.folio.trim();
    if (folio && existingFolios.has(folio)) next.folio = m.addFolioDuplicate(folio);
    const visitor = visitors.data?.find((v) => String(v.id_usuario) === values.visitor);
    if (!visitor && !next.visitor) next.visitor = m.addFolioRequired;
    setErrors(next);
    if (Object.keys(next).length > 0 || !visitor) {
      const first = REQUIRED.find((name) => next[name]);
      const control = first ? event.currentTarget.elements.namedItem(first) : null;
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    onSubmit(manualFolioRow(values, visitor));
    setValues(EMPTY);
    setErrors({});
  };

  const loading = regions.isPending || visitors.isPending;
  const textField = (name: TextFieldName) => (
    <TextField
      key={name}
      id={`${formId}-${name}`}
      name={name}
      label={m.addFolioFields[name]}
      type={INPUT_TYPES[name] ?? 'text'}
      required={REQUIRED.includes(name)}
      value={values[name]}
      error={errors[name]}
      onChange={(event) => set(name, event.target.value)}
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
                name="estado"
                label={m.addFolioFields.estado}
                required
                placeholder={m.assignStatePlaceholder}
                options={(regions.data ?? []).map((r) => ({ value: r, label: r }))}
                value={values.estado}
                error={errors.estado}
                onChange={(event) => set('estado', event.target.value)}
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
              {textField('dia_agendo_crm')}
              <NativeSelect
                id={`${formId}-visitor`}
                name="visitor"
                label={m.addFolioVisitor}
                required
                placeholder={m.selectVisitor}
                options={(visitors.data ?? []).map((v) => ({
                  value: String(v.id_usuario),
                  label: `${v.name} — ${m.visitorOption(v.id_usuario, v.region)}`,
                }))}
                value={values.visitor}
                error={errors.visitor}
                onChange={(event) => set('visitor', event.target.value)}
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
