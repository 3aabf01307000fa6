import { describe, expect, it } from 'vitest';
import { demoUsers } from '../testing';
import { usersMessages as m } from './messages.es';
import {
  addUserSchema,
  editDefaults,
  editUserSchema,
  emptyAddUser,
  toEditUserRequest,
  toNewUserRequest,
  usernameSubmitGuard,
} from './user-forms';
import { DEFAULT_AVATAR, toUserRow } from './users.model';

const valid = {
  ...emptyAddUser,
  nombres: '  Juan ',
  apellido_paterno: 'Pérez',
  apellido_materno: 'López',
  username: 'Juan Perez',
  email: '  Juan.Perez@Ejemplo.MX ',
  password: 'secreto123',
  role: 'Visitador' as const,
  supervisor: '2',
  estado: '19',
};

function errorsOf(input: unknown) {
  const result = addUserSchema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('add-user form', () => {
  it('normalises, trims and lowercases, then builds the payload with the default avatar', () => {
    const values = addUserSchema.parse(valid);
    expect(toNewUserRequest(values)).toEqual({
      nombres: 'Juan',
      apellido_paterno: 'Pérez',
      apellido_materno: 'López',
      username: 'juanperez',
      email: 'juan.perez@ejemplo.mx',
      password: 'secreto123',
      role: 'Visitador',
      supervisor: 2,
      estado: 19,
      status: 'Activo',
      avatar: DEFAULT_AVATAR,
    });
  });

  it('sends no supervisor for a role other than Visitador and null for an empty estado', () => {
    const values = addUserSchema.parse({ ...valid, role: 'Supervisor', estado: '' });
    const body = toNewUserRequest(values);
    expect(body.supervisor).toBeNull();
    expect(body.estado).toBeNull();
  });

  it('requires every starred field', () => {
    const errors = errorsOf(emptyAddUser);
    expect(errors).toMatchObject({
      // Each message agrees with its field's gender and number.
      nombres: 'Nombres son obligatorios',
      apellido_paterno: 'Apellido paterno es obligatorio',
      apellido_materno: 'Apellido materno es obligatorio',
      username: 'Usuario es obligatorio',
      email: 'Correo electrónico es obligatorio',
      password: 'Contraseña es obligatoria',
      role: 'Rol es obligatorio',
    });
    expect(errors).not.toHaveProperty('status');
    expect(errors).not.toHaveProperty('supervisor');
  });

  it('rejects whitespace-only names', () => {
    expect(errorsOf({ ...valid, nombres: '   ' })).toHaveProperty('nombres', 'Nombres son obligatorios');
  });

  it('username of fewer than 3 characters', () => {
    expect(errorsOf({ ...valid, username: 'a b' })).toHaveProperty(
      'username',
      'El usuario debe tener al menos 3 caracteres',
    );
  });

  it('username with characters other than letters, digits and dots', () => {
    expect(errorsOf({ ...valid, username: 'juan_perez' })).toHaveProperty('username', m.usernameChars);
  });

  it('e-mail format', () => {
    expect(errorsOf({ ...valid, email: 'juan@' })).toHaveProperty('email', m.emailInvalid);
  });

  it('password of fewer than 8 characters', () => {
    expect(errorsOf({ ...valid, password: '1234567' })).toHaveProperty('password', 'Mínimo 8 caracteres');
  });

  it('defaults the status to Activo', () => {
    expect(emptyAddUser.status).toBe('Activo');
  });
});

describe('edit-user form', () => {
  const row = toUserRow(demoUsers[3]!);

  it('is pre-filled from the row', () => {
    expect(editDefaults(row)).toEqual({
      nombres: 'Juan',
      apellido_paterno: 'Pérez',
      apellido_materno: 'López',
      email: 'jperez@socioeconomico.mx',
      role: 'Visitador',
      supervisor: '2',
      status: 'Activo',
    });
  });

  it('trims, lowercases the e-mail and sends an empty supervisor as null', () => {
    const values = editUserSchema.parse({
      ...editDefaults(row),
      nombres: ' Juan Carlos ',
      email: ' JPEREZ@Socioeconomico.MX',
      supervisor: '',
      status: 'Inactivo',
    });
    expect(toEditUserRequest(values)).toEqual({
      nombres: 'Juan Carlos',
      apellido_paterno: 'Pérez',
      apellido_materno: 'López',
      email: 'jperez@socioeconomico.mx',
      role: 'Visitador',
      supervisor: null,
      status: 'Inactivo',
    });
  });

  it('requires names, e-mail, role and status', () => {
    const result = editUserSchema.safeParse({
      nombres: '',
      apellido_paterno: ' ',
      apellido_materno: '',
      email: '',
      role: '',
      supervisor: '',
      status: '',
    });
    expect(result.success).toBe(false);
    const paths = result.success ? [] : result.error.issues.map((i) => i.path[0]);
    expect(new Set(paths)).toEqual(
      new Set(['nombres', 'apellido_paterno', 'apellido_materno', 'email', 'role', 'status']),
    );
  });
});

describe('usernameSubmitGuard', () => {
  it('blocks a taken username and a pending check, lets the rest through', () => {
    expect(usernameSubmitGuard('unavailable')).toBe(
      'El nombre de usuario no está disponible. Por favor, elige otro.',
    );
    expect(usernameSubmitGuard('checking')).toBe(
      'Por favor, espera a que se verifique la disponibilidad del usuario.',
    );
    expect(usernameSubmitGuard('available')).toBeNull();
    expect(usernameSubmitGuard('idle')).toBeNull();
    expect(usernameSubmitGuard('error')).toBeNull();
  });
});
