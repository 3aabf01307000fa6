import { zodResolver } from '@hookform/resolvers/zod';
import { type ManualAssignmentRequest, manualAssignmentSchema } from '@socio/contracts';
import {
  Banner,
  DateField,
  Modal,
  ModalBody,
  ModalContent,
  ModalDescription,
  ModalFormActions,
  ModalHeader,
  ModalTitle,
  NativeSelect,
  TextField,
  toast,
} from '@socio/ui';
import { type RefObject, useId, useMemo, useRef, useState } from 'react';
import {
  type Control,
  Controller,
  type FieldErrors,
  type UseFormRegister,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useEstados } from '../catalogos/use-catalogos';
import {
  emptyManualValues,
  MANUAL_FORMS,
  type ManualFormDefinition,
  type ManualFormValues,
  manualFieldOrder,
  manualFormSchema,
  manualSaveErrorField,
  manualSaveErrorMessage,
} from './manual-assignment';
import { cargasMessages as m } from './messages.es';
import { useActiveVisitors, useIsSavingManual, useSaveManualAssignment } from './use-cargas';
import { VisitorPicker } from './visitor-picker';

/** Form definitions by load type; the selector offers their keys. */
export type ManualForms = Readonly<Record<string, ManualFormDefinition>>;

export interface ManualFieldsProps {
  definition: ManualFormDefinition;
  register: UseFormRegister<ManualFormValues>;
  /** Drives the fields that hold their own value (dates). */
  control: Control<ManualFormValues>;
  errors: FieldErrors<ManualFormValues>;
  /** Names of the 32 states for `estado` fields. */
  estados: readonly string[];
}

/** Renders any load type's fields from its definition: one component for every type. */
export function ManualFields({ definition, register, control, errors, estados }: ManualFieldsProps) {
  return (
    <div data-slot="manual-fields" data-load-type={definition.type} className="grid gap-4 sm:grid-cols-2">
      {definition.fields.map((field) => {
        const error = errors.fields?.[field.name]?.message;
        if (field.type === 'date') {
          return (
            <Controller
              key={field.name}
              control={control}
              name={`fields.${field.name}`}
              render={({ field: date }) => (
                <DateField
                  ref={date.ref}
                  label={field.label}
                  required={field.required}
                  value={date.value}
                  onValueChange={date.onChange}
                  onBlur={date.onBlur}
                  error={error}
                />
              )}
            />
          );
        }
        const registered = register(`fields.${field.name}`);
        if (field.type === 'estado') {
          return (
            <NativeSelect
              key={field.name}
              label={field.label}
              required={field.required}
              placeholder={m.estadoPlaceholder}
              options={estados.map((estado) => ({ value: estado, label: estado }))}
              error={error}
              {...registered}
            />
          );
        }
        return (
          <TextField
            key={field.name}
            label={field.label}
            type={field.type}
            required={field.required}
            placeholder={field.placeholder}
            autoComplete="off"
            error={error}
            {...registered}
          />
        );
      })}
    </div>
  );
}

/** A payload the manual endpoint accepts (the server re-validates everything anyway). */
function isManualRequest(payload: unknown): payload is ManualAssignmentRequest {
  return manualAssignmentSchema.safeParse(payload).success;
}

export interface ManualAssignmentFormProps {
  /** Id of the `<form>`: the footer's 'Crear Asignación' submits it. */
  id: string;
  forms: ManualForms;
  onSaved: () => void;
  /**
   * The server's answer to a failed save (null when a new save starts). The caller shows it where the
   * person is looking: the modal puts it beside its footer buttons, which never scroll away.
   */
  onServerError: (message: string | null) => void;
}

/**
 * The form of 'Nueva Carga Manual': load type, that type's fields (from its definition), the visitor
 * picker. Checked on submit with the spec's messages; the first invalid field takes the focus; a
 * field's error clears when it is edited. A refused save goes to `onServerError`; when the refusal is
 * about a field (the folio already open, the visitor no longer active) that field is marked with the
 * server's text and takes the focus (the browser scrolls it into view).
 */
export function ManualAssignmentForm({ id, forms, onSaved, onServerError }: ManualAssignmentFormProps) {
  const types = Object.keys(forms);
  const formRef = useRef<HTMLFormElement>(null);
  // The browser's e-mail check (the form is noValidate so every error shows the same way).
  const schema = useMemo(
    () =>
      manualFormSchema((type) => forms[type], {
        emailMismatch: (name) => {
          const input = formRef.current?.elements.namedItem(`fields.${name}`);
          return input instanceof HTMLInputElement && input.validity.typeMismatch;
        },
      }),
    [forms],
  );
  const defaults = useMemo(() => emptyManualValues('', Object.values(forms)), [forms]);
  const form = useForm<ManualFormValues>({
    resolver: zodResolver(schema),
    defaultValues: defaults,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const loadType = useWatch({ control, name: 'loadType' });
  const definition = loadType ? forms[loadType] : undefined;
  const visitors = useActiveVisitors(true);
  const estados = useEstados(true);
  const save = useSaveManualAssignment();

  const submit = handleSubmit(
    (values) => {
      const chosen = forms[values.loadType];
      const visitor = visitors.data?.find((v) => String(v.id_usuario) === values.visitorId);
      if (!chosen || !visitor) return;
      const payload = chosen.toPayload(values.fields, visitor, new Date());
      if (!isManualRequest(payload)) {
        onServerError(m.saveError);
        return;
      }
      onServerError(null);
      save.mutate(payload, {
        onSuccess: (answer) => {
          toast.success(m.saved(answer.id_asignacion));
          form.reset(defaults);
          onSaved();
        },
        onError: (error) => {
          const message = manualSaveErrorMessage(error);
          onServerError(message);
          const field = manualSaveErrorField(error);
          if (field) {
            form.setError(field, { type: 'server', message });
            form.setFocus(field);
          }
        },
      });
    },
    (invalid) => {
      const order = manualFieldOrder(definition);
      const first = order.find((name) => {
        if (name === 'loadType' || name === 'visitorId') return Boolean(invalid[name]);
        return Boolean(invalid.fields?.[name.slice('fields.'.length)]);
      });
      if (first) form.setFocus(first as 'loadType');
    },
  );

  return (
    <form
      ref={formRef}
      id={id}
      noValidate
      onSubmit={submit}
      className="grid gap-4"
      aria-busy={save.isPending || undefined}
    >
      <p className="text-ink-muted text-sm">{m.requiredNote}</p>
      <NativeSelect
        label={m.loadType}
        required
        placeholder={m.loadTypePlaceholder}
        options={types.map((type) => ({ value: type, label: m.loadTypes[type] ?? type }))}
        error={errors.loadType?.message}
        {...register('loadType')}
      />
      {definition ? (
        <ManualFields
          definition={definition}
          register={register}
          control={control}
          errors={errors}
          estados={(estados.data ?? []).map((e) => e.estado)}
        />
      ) : null}
      <Controller
        control={control}
        name="visitorId"
        render={({ field, fieldState }) => (
          <VisitorPicker
            ref={field.ref}
            visitors={visitors.isError ? [] : visitors.data}
            loading={visitors.isPending && !visitors.isError}
            value={field.value}
            onChange={field.onChange}
            error={fieldState.error?.message}
          />
        )}
      />
    </form>
  );
}

export interface ManualAssignmentModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Load types offered (spec: TEC_MTY only). */
  forms?: ManualForms;
  /** The button that opened the modal: the focus returns to it on close. */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/**
 * 'Nueva Carga Manual' / 'Complete los datos para crear una asignación manual'. The form lives in
 * the dialog content, so closing (X, Escape, backdrop, 'Cancelar') discards it; it cannot close while
 * saving. 'Crear Asignación' shows 'Guardando...' while the request runs.
 */
export function ManualAssignmentModal({
  open,
  onOpenChange,
  forms = MANUAL_FORMS,
  returnFocusRef,
}: ManualAssignmentModalProps) {
  const saving = useIsSavingManual();
  return (
    <Modal open={open} onOpenChange={onOpenChange}>
      <ModalContent size="lg" busy={saving} returnFocusRef={returnFocusRef}>
        <ModalHeader>
          <ModalTitle>{m.manualTitle}</ModalTitle>
          <ModalDescription>{m.manualDescription}</ModalDescription>
        </ModalHeader>
        <ManualAssignmentContent forms={forms} saving={saving} onSaved={() => onOpenChange(false)} />
      </ModalContent>
    </Modal>
  );
}

/**
 * Body and footer of the modal. A refused save shows right above 'Cancelar' / 'Crear Asignación', out
 * of the scrolling body: the person clicked there, so that is where the answer must be (at the top of
 * a long form it sat hundreds of pixels above the view). Lives inside the content, so closing resets it.
 */
function ManualAssignmentContent({
  forms,
  saving,
  onSaved,
}: {
  forms: ManualForms;
  saving: boolean;
  onSaved: () => void;
}) {
  const formId = useId();
  const [serverError, setServerError] = useState<string | null>(null);
  return (
    <>
      <ModalBody>
        <ManualAssignmentForm id={formId} forms={forms} onSaved={onSaved} onServerError={setServerError} />
      </ModalBody>
      {serverError ? (
        <div data-slot="manual-save-error" className="border-line border-t px-6 pt-4">
          <Banner tone="error" message={serverError} />
        </div>
      ) : null}
      <ModalFormActions
        formId={formId}
        cancelLabel={m.cancel}
        submitLabel={m.create}
        pendingLabel={m.saving}
        pending={saving}
        className={serverError ? 'border-t-0' : undefined}
      />
    </>
  );
}
