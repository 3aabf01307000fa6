/**
 * The fields the add- and edit-user forms share: the names, the e-mail, the role, the
 * status and the supervisor. Each form registers its fields itself (`field={register('email')}`), so
 * they are registered in the form's order: on a failed submit the first invalid one takes the focus.
 */
import { ROLES } from '@socio/contracts';
import { Button, cn, NativeSelect, TextField, type TextFieldProps } from '@socio/ui';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { usersMessages as m } from './messages.es';
import { useSupervisors } from './use-users';

/** Fields that both user forms have. */
export type SharedUserField =
  | 'nombres'
  | 'apellido_paterno'
  | 'apellido_materno'
  | 'email'
  | 'role'
  | 'supervisor'
  | 'status';

/** `formState.errors` of either form. */
export type UserFieldErrors = Partial<Record<SharedUserField, { message?: string } | undefined>>;

interface RegisteredFieldProps<Name extends SharedUserField> {
  /** What `register(name)` returned. */
  field: UseFormRegisterReturn<Name>;
  errors: UserFieldErrors;
}

export interface UserTextFieldProps
  extends RegisteredFieldProps<'nombres' | 'apellido_paterno' | 'apellido_materno' | 'email'>,
    Omit<TextFieldProps, 'label' | 'required' | 'error' | keyof UseFormRegisterReturn> {}

/** A required text field of the user, labelled and validated by its name. */
export function UserTextField({ field, errors, ...props }: UserTextFieldProps) {
  return (
    <TextField
      label={m.fields[field.name]}
      required
      error={errors[field.name]?.message}
      {...props}
      {...field}
    />
  );
}

const roleOptions = ROLES.map((r) => ({ value: r, label: m.roles[r] }));

export function RoleSelect({ field, errors }: RegisteredFieldProps<'role'>) {
  return (
    <NativeSelect
      label={m.fields.role}
      required
      placeholder={m.rolePlaceholder}
      options={roleOptions}
      error={errors.role?.message}
      {...field}
    />
  );
}

const statusOptions = [
  { value: 'Activo', label: m.statuses.Activo },
  { value: 'Inactivo', label: m.statuses.Inactivo },
];

export function StatusSelect({ field, errors }: RegisteredFieldProps<'status'>) {
  return (
    <NativeSelect
      label={m.fields.status}
      required
      placeholder={false}
      options={statusOptions}
      error={errors.status?.message}
      {...field}
    />
  );
}

export interface SupervisorSelectProps {
  /** The form's `register`: the select registers itself only once its options exist. */
  register: (name: 'supervisor') => UseFormRegisterReturn;
  /** The role chosen in the form: only a Visitador has a supervisor. */
  role: string | undefined;
  /** The user being edited: nobody can supervise themselves. */
  selfId?: number;
  /** Class names of the select once its options are loaded. */
  className?: string;
}

/** The supervisor of a Visitador (nothing for other roles), chosen among the active supervisors. */
export function SupervisorSelect({ register, role, selfId, className }: SupervisorSelectProps) {
  const isVisitador = role === 'Visitador';
  const supervisors = useSupervisors(isVisitador);
  if (!isVisitador) return null;
  if (supervisors.isPending) {
    // Registered only once its options exist, so the chosen id shows selected.
    return (
      <NativeSelect label={m.fields.supervisor} placeholder={m.loadingSupervisors} options={[]} disabled />
    );
  }
  const options = (supervisors.data ?? [])
    .filter((s) => s.id !== selfId)
    .map((s) => ({ value: String(s.id), label: s.name }));
  const missing = supervisors.isError || (supervisors.isSuccess && options.length === 0);
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <NativeSelect
        label={m.fields.supervisor}
        placeholder={m.supervisorNone}
        options={options}
        disabled={missing}
        hint={missing ? m.supervisorsEmpty : undefined}
        {...register('supervisor')}
      />
      {supervisors.isError ? (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          loading={supervisors.isFetching}
          onClick={() => void supervisors.refetch()}
        >
          {m.retry}
        </Button>
      ) : null}
    </div>
  );
}
