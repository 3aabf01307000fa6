import { describe, expect, it } from 'vitest';
import { changePasswordFormSchema, loginRequestSchema, newPasswordError } from './auth';
import { editUserRequestSchema, fullName, newUserRequestSchema } from './users';

const validNewUser = {
  nombres: ' Ana ',
  apellido_paterno: 'López',
  apellido_materno: 'Ruiz',
  username: 'Ana Lopez',
  email: ' Ana.Lopez@Example.MX ',
  password: 'Segura2026!',
  role: 'visitador',
  supervisor: '2',
  estado: 19,
  status: 'activo',
  avatar: '/avatars/default.png',
};

describe('newUserRequestSchema', () => {
  it('normalises the payload', () => {
    expect(newUserRequestSchema.parse(validNewUser)).toEqual({
      nombres: 'Ana',
      apellido_paterno: 'López',
      apellido_materno: 'Ruiz',
      username: 'analopez',
      email: 'ana.lopez@example.mx',
      password: 'Segura2026!',
      role: 'Visitador',
      supervisor: 2,
      estado: 19,
      status: 'Activo',
      avatar: '/avatars/default.png',
    });
  });

  it('defaults status to Activo and optional ids to null', () => {
    const { supervisor, estado, status, avatar, ...rest } = validNewUser;
    const parsed = newUserRequestSchema.parse(rest);
    expect(parsed.status).toBe('Activo');
    expect(parsed.supervisor).toBeNull();
    expect(parsed.estado).toBeNull();
    expect(parsed.avatar).toBeNull();
  });

  it('reports each broken rule on its field', () => {
    const r = newUserRequestSchema.safeParse({
      ...validNewUser,
      username: 'a',
      email: 'no',
      password: 'corta',
    });
    expect(r.success).toBe(false);
    const byField = Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(byField.username).toBe('El usuario debe tener al menos 3 caracteres');
    expect(byField.email).toBe('Por favor, ingresa un correo electrónico válido');
    expect(byField.password).toBe('Mínimo 8 caracteres');
  });

  it('rejects wrong types', () => {
    expect(newUserRequestSchema.safeParse({ ...validNewUser, supervisor: 'abc' }).success).toBe(false);
    expect(newUserRequestSchema.safeParse({ ...validNewUser, nombres: 5 }).success).toBe(false);
    expect(newUserRequestSchema.safeParse({ ...validNewUser, nombres: '   ' }).success).toBe(false);
  });
});

describe('editUserRequestSchema', () => {
  it('ignores a username field and leaves estado undefined when omitted', () => {
    const parsed = editUserRequestSchema.parse({
      nombres: 'Ana',
      apellido_paterno: 'López',
      apellido_materno: 'Ruiz',
      email: 'ANA@EXAMPLE.MX',
      role: 'Supervisor',
      supervisor: '',
      status: 'Inactivo',
      username: 'otro',
    });
    expect(parsed).not.toHaveProperty('username');
    expect(parsed.email).toBe('ana@example.mx');
    expect(parsed.supervisor).toBeNull();
    expect(parsed.estado).toBeUndefined();
  });
});

describe('auth rules', () => {
  it('lowercases the login e-mail', () => {
    expect(loginRequestSchema.parse({ email: ' Admin@Socioeconomico.MX ', password: 'x' }).email).toBe(
      'admin@socioeconomico.mx',
    );
  });

  it('checks the new password against the change-password rules', () => {
    expect(newPasswordError('Actual2026!', 'corta')).toBe(
      'La nueva contraseña debe tener al menos 8 caracteres',
    );
    expect(newPasswordError('Actual2026!', 'Actual2026!')).toBe(
      'La nueva contraseña debe ser diferente a la actual',
    );
    expect(newPasswordError('Actual2026!', 'Nueva2026!')).toBeNull();
  });

  it('validates the three-field change-password form', () => {
    const messages = (v: Record<string, string>) =>
      changePasswordFormSchema.safeParse(v).error?.issues.map((i) => i.message) ?? [];
    expect(messages({ current_password: '', new_password: 'x', confirm_password: 'x' })).toEqual([
      'Por favor, completa todos los campos',
    ]);
    expect(
      messages({
        current_password: 'Actual2026!',
        new_password: 'Nueva2026!',
        confirm_password: 'Otra2026!',
      }),
    ).toEqual(['Las contraseñas nuevas no coinciden']);
    expect(
      messages({
        current_password: 'Actual2026!',
        new_password: 'Nueva2026!',
        confirm_password: 'Nueva2026!',
      }),
    ).toEqual([]);
  });
});

describe('fullName', () => {
  it('joins the non-empty parts', () => {
    expect(fullName({ nombres: 'Ana ', apellido_paterno: 'López', apellido_materno: '' })).toBe('Ana López');
  });
});
