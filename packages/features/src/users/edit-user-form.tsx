import { zodResolver } from '@hookform/resolvers/zod';
import { ROLES } from '@socio/contracts';
import { Button, NativeSelect, TextField, toast } from '@socio/ui';
import { useForm, useWatch } from 'react-hook-form';
import { usersMessages as m } from './messages.es';
import { useEditUser, useSupervisors } from './use-users';
import { editUserErrorMessage } from './user-errors';
import {
  type EditUserInput,
  type EditUserValues,
  editDefaults,
  editUserSchema,
  toEditUserRequest,
} from './user-forms';
import type { UserRow } from './users.model';

export interface EditUserFormProps {
  user: UserRow;
  onSaved: () => void;
  onCancel: () => void;
}

/** The edit-user form: the username is shown but cannot change (spec §2, §5, §8). */
export function EditUserForm({ user, onSaved, onCancel }: EditUserFormProps) {
  const form = useForm<EditUserInput, unknown, EditUserValues>({
    resolver: zodResolver(editUserSchema),
    defaultValues: editDefaults(user),
    mode: 'onTouched',
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form;
  const role = useWatch({ control, name: 'role' });
  const isVisitador = role === 'Visitador';
  const supervisors = useSupervisors(isVisitador);
  const edit = useEditUser();

  const submit = handleSubmit((values) => {
    edit.mutate(
      { id: user.idUsuario, body: toEditUserRequest(values) },
      {
        onSuccess: () => {
          toast.success(m.editSuccess);
          onSaved();
        },
        onError: (error) => toast.error(editUserErrorMessage(error)),
      },
    );
  });

  // A user cannot supervise themselves.
  const supervisorOptions = (supervisors.data ?? [])
    .filter((s) => s.id !== user.idUsuario)
    .map((s) => ({ value: String(s.id), label: s.name }));
  const supervisorsMissing = supervisors.isError || (supervisors.isSuccess && supervisorOptions.length === 0);
  const saving = edit.isPending;

  return (
    <form noValidate onSubmit={submit} className="grid gap-5" aria-label={m.editTitle}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={m.fields.username}
          value={user.id}
          readOnly
          hint={m.usernameReadOnly}
          className="sm:col-span-2"
          inputClassName="bg-canvas"
        />
        <TextField
          label={m.fields.nombres}
          required
          error={errors.nombres?.message}
          {...register('nombres')}
        />
        <TextField
          label={m.fields.apellido_paterno}
          required
          error={errors.apellido_paterno?.message}
          {...register('apellido_paterno')}
        />
        <TextField
          label={m.fields.apellido_materno}
          required
          error={errors.apellido_materno?.message}
          {...register('apellido_materno')}
        />
        <TextField
          label={m.fields.email}
          type="email"
          required
          error={errors.email?.message}
          {...register('email')}
        />
        <NativeSelect
          label={m.fields.role}
          required
          placeholder={m.rolePlaceholder}
          options={ROLES.map((r) => ({ value: r, label: m.roles[r] }))}
          error={errors.role?.message}
          {...register('role')}
        />
        <NativeSelect
          label={m.fields.status}
          required
          placeholder={false}
          options={[
            { value: 'Activo', label: m.statuses.Activo },
            { value: 'Inactivo', label: m.statuses.Inactivo },
          ]}
          error={errors.status?.message}
          {...register('status')}
        />
        {isVisitador && supervisors.isPending ? (
          // Registered only once its options exist, so the chosen id shows selected.
          <NativeSelect
            label={m.fields.supervisor}
            placeholder={m.loadingSupervisors}
            options={[]}
            disabled
          />
        ) : isVisitador ? (
          <NativeSelect
            label={m.fields.supervisor}
            placeholder={m.supervisorNone}
            options={supervisorOptions}
            disabled={supervisorsMissing}
            hint={supervisorsMissing ? m.supervisorsEmpty : undefined}
            className="sm:col-span-2"
            {...register('supervisor')}
          />
        ) : null}
      </div>
      <div className="flex flex-wrap justify-end gap-2 border-line border-t pt-4">
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          {m.cancel}
        </Button>
        <Button type="submit" loading={saving}>
          {saving ? m.saving : m.save}
        </Button>
      </div>
    </form>
  );
}
