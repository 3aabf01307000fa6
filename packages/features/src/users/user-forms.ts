/**
 * Form schemas (zod, read by react-hook-form through zodResolver) of the add- and edit-user modals
 * and their payload builders. The limits and patterns are the contracts' (the server checks the
 * same ones in `newUserRequestSchema`); the messages name each field, as the form shows them.
 */

import {
  ESTATUS,
  normalizeUsername,
  PASSWORD_MIN_LENGTH,
  ROLES,
  USERNAME_MIN_LENGTH,
  USERNAME_PATTERN,
} from '@socio/contracts';
import { z } from 'zod';
import { usersMessages as m } from './messages.es';
import { DEFAULT_AVATAR, type UserRow } from './users.model';
import type { EditUserRequest, NewUserRequest } from './users.wire';

const requiredText = (message: string) => z.string().trim().min(1, message);

const email = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, { error: m.required.email, abort: true })
  .pipe(z.email(m.emailInvalid));

const role = z.enum(ROLES, { error: m.roleRequired });
const status = z.enum(ESTATUS, { error: m.required.status });
/** Select values are strings; '' means none. */
const optionalId = z.string().transform((value) => (value === '' ? null : Number(value)));

export const addUserSchema = z.object({
  nombres: requiredText(m.required.nombres),
  apellido_paterno: requiredText(m.required.apellido_paterno),
  apellido_materno: requiredText(m.required.apellido_materno),
  username: z
    .string()
    .transform(normalizeUsername)
    .pipe(
      z
        .string()
        .min(1, { error: m.required.username, abort: true })
        .min(USERNAME_MIN_LENGTH, { error: m.usernameMin, abort: true })
        .regex(USERNAME_PATTERN, m.usernameChars),
    ),
  email,
  password: z
    .string()
    .min(1, { error: m.required.password, abort: true })
    .min(PASSWORD_MIN_LENGTH, m.passwordMin),
  role,
  supervisor: optionalId,
  estado: optionalId,
  status,
});

export type AddUserInput = z.input<typeof addUserSchema>;
export type AddUserValues = z.output<typeof addUserSchema>;

export const emptyAddUser: AddUserInput = {
  nombres: '',
  apellido_paterno: '',
  apellido_materno: '',
  username: '',
  email: '',
  password: '',
  // The role select starts on its placeholder; zod reports 'Rol es obligatorio' if left so.
  role: '' as AddUserInput['role'],
  supervisor: '',
  estado: '',
  status: 'Activo',
};

/** Body of POST /users/new_user. The supervisor only applies to a Visitador. */
export function toNewUserRequest(values: AddUserValues): NewUserRequest {
  return {
    nombres: values.nombres,
    apellido_paterno: values.apellido_paterno,
    apellido_materno: values.apellido_materno,
    username: values.username,
    email: values.email,
    password: values.password,
    role: values.role,
    supervisor: values.role === 'Visitador' ? values.supervisor : null,
    estado: values.estado,
    status: values.status,
    avatar: DEFAULT_AVATAR,
  };
}

export const editUserSchema = z.object({
  nombres: requiredText(m.required.nombres),
  apellido_paterno: requiredText(m.required.apellido_paterno),
  apellido_materno: requiredText(m.required.apellido_materno),
  email,
  role,
  supervisor: optionalId,
  status,
});

export type EditUserInput = z.input<typeof editUserSchema>;
export type EditUserValues = z.output<typeof editUserSchema>;

function asRole(value: string): EditUserInput['role'] {
  return (ROLES as readonly string[]).includes(value)
    ? (value as EditUserInput['role'])
    : ('' as EditUserInput['role']);
}

function asStatus(value: string): EditUserInput['status'] {
  return value === 'Inactivo' ? 'Inactivo' : 'Activo';
}

/** The edit form pre-filled from a table row. */
export function editDefaults(row: UserRow): EditUserInput {
  return {
    nombres: row.nombres,
    apellido_paterno: row.apellido_paterno,
    apellido_materno: row.apellido_materno,
    email: row.email,
    role: asRole(row.role),
    supervisor: row.supervisorId === null ? '' : String(row.supervisorId),
    status: asStatus(row.status),
  };
}

/** Body of PUT /users/edit_user/{id}: trimmed, e-mail lowercased, no supervisor → null. */
export function toEditUserRequest(values: EditUserValues): EditUserRequest {
  return {
    nombres: values.nombres,
    apellido_paterno: values.apellido_paterno,
    apellido_materno: values.apellido_materno,
    email: values.email,
    role: values.role,
    supervisor: values.role === 'Visitador' ? values.supervisor : null,
    status: values.status,
  };
}

/**
 * Submitting is blocked while the username is known to be taken, or while its check is
 * still pending. Returns the message to show, or null when the form may be sent.
 */
export function usernameSubmitGuard(
  availability: 'idle' | 'checking' | 'available' | 'unavailable' | 'error',
): string | null {
  if (availability === 'unavailable') return m.usernameUnavailableSubmit;
  if (availability === 'checking') return m.usernamePendingSubmit;
  return null;
}
