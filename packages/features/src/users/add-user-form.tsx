import { zodResolver } from '@hookform/resolvers/zod';
import { normalizeUsername } from '@socio/contracts';
import { NativeSelect, TextField, toast } from '@socio/ui';
import { CircleAlert, CircleCheck, Info, LoaderCircle } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useEstados } from '../catalogos/use-catalogos';
import { usersMessages as m } from './messages.es';
import { PhotoPicker } from './photo-picker';
import { type UsernameAvailability, useCreateUser, useUsernameAvailability } from './use-users';
import { createUserErrorMessage } from './user-errors';
import { RoleSelect, StatusSelect, SupervisorSelect, UserTextField } from './user-fields';
import {
  type AddUserInput,
  type AddUserValues,
  addUserSchema,
  emptyAddUser,
  toNewUserRequest,
  usernameSubmitGuard,
} from './user-forms';

export interface AddUserFormProps {
  /** Id of the `<form>`: the modal's footer buttons point at it with `form={id}`. */
  id: string;
  /** Called after a successful creation (the modal closes). */
  onCreated: () => void;
  /**
   * Told whether the typed username is known to be taken (the footer's 'Crear usuario' is then
   * disabled); told `false` again when the form goes away.
   */
  onUsernameTakenChange?: (taken: boolean) => void;
  /** Photo upload is 'temporalmente deshabilitada' in the product; stories enable it to show its rules. */
  photoUpload?: boolean;
}

const availabilityView: Record<
  Exclude<UsernameAvailability, 'idle'>,
  { text: string; className: string; Icon: typeof Info }
> = {
  checking: { text: m.usernameChecking, className: 'text-ink-muted', Icon: LoaderCircle },
  available: { text: m.usernameAvailable, className: 'text-success-700', Icon: CircleCheck },
  unavailable: { text: m.usernameTaken, className: 'text-danger-700', Icon: CircleAlert },
  error: { text: m.usernameCheckError, className: 'text-warning-700', Icon: CircleAlert },
};

/** The form's fields in the order they appear on screen. */
const FIELD_ORDER = [
  'nombres',
  'apellido_paterno',
  'apellido_materno',
  'username',
  'email',
  'password',
  'role',
  'supervisor',
  'estado',
  'status',
] as const satisfies readonly (keyof AddUserInput)[];

/**
 * The add-user form of 'Añadir Nuevo Usuario' (fields, rules, server errors). It has no buttons of its own: the
 * modal's footer holds 'Cancelar' and a 'Crear usuario' submit button tied to it by `form={id}`.
 */
export function AddUserForm({ id, onCreated, onUsernameTakenChange, photoUpload = false }: AddUserFormProps) {
  const form = useForm<AddUserInput, unknown, AddUserValues>({
    resolver: zodResolver(addUserSchema),
    defaultValues: emptyAddUser,
    mode: 'onTouched',
    // Focus goes to the first invalid field in screen order (see `focusFirstError`), not registration order.
    shouldFocusError: false,
  });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form;
  const [username, role, nombres, paterno] = useWatch({
    control,
    name: ['username', 'role', 'nombres', 'apellido_paterno'],
  });
  const availability = useUsernameAvailability(username);
  const estados = useEstados();
  const create = useCreateUser();
  const availabilityId = useId();

  const usernameField = register('username');

  const focusFirstError = (invalid: Partial<Record<keyof AddUserInput, unknown>>) => {
    const first = FIELD_ORDER.find((name) => invalid[name]);
    if (first) form.setFocus(first);
  };

  const submit = handleSubmit((values) => {
    const blocked = usernameSubmitGuard(availability);
    if (blocked) {
      toast.error(blocked);
      return;
    }
    create.mutate(toNewUserRequest(values), {
      onSuccess: (result) => {
        const usuario = result?.usuario;
        if (!usuario) {
          toast.error(m.invalidResponse);
          return;
        }
        toast.success(m.createSuccessDetail(usuario.username, usuario.name), { title: m.createSuccess });
        form.reset(emptyAddUser);
        onCreated();
      },
      onError: (error) => toast.error(createUserErrorMessage(error)),
    });
  }, focusFirstError);

  const taken = availability === 'unavailable';
  useEffect(() => {
    onUsernameTakenChange?.(taken);
    return () => onUsernameTakenChange?.(false);
  }, [taken, onUsernameTakenChange]);

  const view = availability === 'idle' ? null : availabilityView[availability];

  return (
    <form id={id} noValidate onSubmit={submit} className="grid gap-5" aria-label={m.addTitle}>
      <PhotoPicker enabled={photoUpload} name={[nombres, paterno].filter(Boolean).join(' ')} />

      <p className="flex items-start gap-2 rounded-[var(--radius-control)] border border-info-700/20 bg-info-50 px-3 py-2 text-info-700 text-sm">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {m.requiredInfo}
      </p>

      <div className="grid gap-4 sm:grid-cols-2">
        <UserTextField field={register('nombres')} errors={errors} autoComplete="given-name" />
        <UserTextField field={register('apellido_paterno')} errors={errors} autoComplete="family-name" />
        <UserTextField field={register('apellido_materno')} errors={errors} />
        <div className="grid gap-1.5">
          <TextField
            label={m.fields.username}
            required
            autoComplete="off"
            spellCheck={false}
            hint={m.usernameHint}
            error={errors.username?.message}
            aria-describedby={view ? availabilityId : undefined}
            {...usernameField}
            onChange={(event) => {
              // Normalised as typed: 'Juan Perez' becomes 'juanperez'.
              const normalised = normalizeUsername(event.target.value);
              if (normalised !== event.target.value) event.target.value = normalised;
              return usernameField.onChange(event);
            }}
          />
          <p
            id={availabilityId}
            aria-live="polite"
            data-state={availability}
            className={`flex items-center gap-1 text-sm empty:hidden ${view?.className ?? ''}`}
          >
            {view ? (
              <>
                <view.Icon
                  aria-hidden="true"
                  className={`size-4 ${availability === 'checking' ? 'animate-spin' : ''}`}
                />
                {view.text}
              </>
            ) : null}
          </p>
        </div>
        <UserTextField field={register('email')} errors={errors} type="email" autoComplete="off" />
        <TextField
          label={m.fields.password}
          type="password"
          required
          autoComplete="new-password"
          hint={m.passwordHint}
          error={errors.password?.message}
          {...register('password')}
        />
        <RoleSelect field={register('role')} errors={errors} />
        <SupervisorSelect register={register} role={role} />
        <NativeSelect
          label={m.fields.estado}
          placeholder={m.estadoNone}
          options={(estados.data ?? []).map((e) => ({ value: String(e.id_estado), label: e.estado }))}
          hint={estados.isError ? m.estadosError : undefined}
          {...register('estado')}
        />
        <StatusSelect field={register('status')} errors={errors} />
      </div>
    </form>
  );
}
