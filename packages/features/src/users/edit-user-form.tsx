import { zodResolver } from '@hookform/resolvers/zod';
import { TextField, toast } from '@socio/ui';
import { useForm, useWatch } from 'react-hook-form';
import { usersMessages as m } from './messages.es';
import { useEditUser } from './use-users';
import { editUserErrorMessage } from './user-errors';
import { RoleSelect, StatusSelect, SupervisorSelect, UserTextField } from './user-fields';
import {
  type EditUserInput,
  type EditUserValues,
  editDefaults,
  editUserSchema,
  toEditUserRequest,
} from './user-forms';
import type { UserRow } from './users.model';

export interface EditUserFormProps {
  /** Id of the `<form>`: the modal's footer 'Guardar cambios' points at it with `form={id}`. */
  id: string;
  user: UserRow;
  onSaved: () => void;
}

/**
 * The edit-user form: the username is shown but cannot change. Its buttons live in
 * the modal's footer.
 */
export function EditUserForm({ id, user, onSaved }: EditUserFormProps) {
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

  return (
    <form id={id} noValidate onSubmit={submit} className="grid gap-5" aria-label={m.editTitle}>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label={m.fields.username}
          value={user.id}
          readOnly
          hint={m.usernameReadOnly}
          className="sm:col-span-2"
          inputClassName="bg-canvas"
        />
        <UserTextField field={register('nombres')} errors={errors} />
        <UserTextField field={register('apellido_paterno')} errors={errors} />
        <UserTextField field={register('apellido_materno')} errors={errors} />
        <UserTextField field={register('email')} errors={errors} type="email" />
        <RoleSelect field={register('role')} errors={errors} />
        <StatusSelect field={register('status')} errors={errors} />
        <SupervisorSelect register={register} role={role} selfId={user.idUsuario} className="sm:col-span-2" />
      </div>
    </form>
  );
}
