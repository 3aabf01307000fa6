import { changePasswordFormSchema, loginFormSchema } from '@socio/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../errors';
import { changePasswordErrorMessage, loginErrorMessage } from './auth-errors';

describe('loginErrorMessage', () => {
  it('422 with a detail array names the last loc element', () => {
    const error = new ApiError(422, [{ loc: ['body', 'email'], msg: 'x', type: 'value_error' }]);
    expect(loginErrorMessage(error)).toBe('Error: Formato de email invalido');
    const password = new ApiError(422, [{ loc: ['body', 'password'], msg: 'x', type: 'missing' }]);
    expect(loginErrorMessage(password)).toBe('Error: Formato de password invalido');
  });

  it('any other 422 asks to check the e-mail', () => {
    expect(loginErrorMessage(new ApiError(422, 'algo'))).toBe(
      'Por favor, verifica que el correo electrónico sea válido',
    );
    expect(loginErrorMessage(new ApiError(422, []))).toBe(
      'Por favor, verifica que el correo electrónico sea válido',
    );
    expect(loginErrorMessage(new ApiError(422, undefined))).toBe(
      'Por favor, verifica que el correo electrónico sea válido',
    );
  });

  it('a string detail is shown as is (401, 403 inactive, 429)', () => {
    expect(loginErrorMessage(new ApiError(401, 'Correo o contraseña incorrectos'))).toBe(
      'Correo o contraseña incorrectos',
    );
    expect(
      loginErrorMessage(new ApiError(403, 'Tu cuenta está inactiva. Contacta a un administrador.')),
    ).toBe('Tu cuenta está inactiva. Contacta a un administrador.');
    expect(
      loginErrorMessage(new ApiError(429, 'Demasiados intentos fallidos. Intenta de nuevo en 15 minutos.')),
    ).toBe('Demasiados intentos fallidos. Intenta de nuevo en 15 minutos.');
  });

  it('no detail or an unknown failure gives the generic text', () => {
    expect(loginErrorMessage(new ApiError(500, undefined))).toBe(
      'Error al iniciar sesión. Por favor, intenta de nuevo.',
    );
    expect(loginErrorMessage(new Error('boom'))).toBe(
      'Error al iniciar sesión. Por favor, intenta de nuevo.',
    );
  });

  it('a network failure gives the connection text', () => {
    expect(loginErrorMessage(new NetworkError())).toBe('Error de conexión. Por favor, intenta de nuevo.');
  });
});

describe('changePasswordErrorMessage', () => {
  it('shows the server detail', () => {
    expect(changePasswordErrorMessage(new ApiError(400, 'La contraseña actual es incorrecta'))).toBe(
      'La contraseña actual es incorrecta',
    );
  });
  it('falls back to the generic text', () => {
    expect(changePasswordErrorMessage(new ApiError(500, undefined))).toBe('Error al cambiar la contraseña');
    expect(changePasswordErrorMessage(new ApiError(422, [{ loc: ['body'], msg: 'x', type: 'y' }]))).toBe(
      'Error al cambiar la contraseña',
    );
  });
  it('network failure shows the connection text', () => {
    expect(changePasswordErrorMessage(new NetworkError())).toBe(
      'Error de conexión. Por favor, intenta de nuevo.',
    );
  });
});

/** What the login form shows per field: the messages of the contracts' `loginFormSchema`. */
function validateLogin(values: { email: string; password: string }) {
  const issues = loginFormSchema.safeParse(values).error?.issues ?? [];
  return Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.message]));
}

/** What the change-password dialog shows: the first broken rule of `changePasswordFormSchema`, or null. */
function validateChangePassword(values: { current: string; next: string; confirm: string }) {
  const result = changePasswordFormSchema.safeParse({
    current_password: values.current,
    new_password: values.next,
    confirm_password: values.confirm,
  });
  return result.error?.issues[0]?.message ?? null;
}

describe('login form rules (loginFormSchema)', () => {
  it('accepts a trimmed e-mail with @ and a password of 3+ characters', () => {
    expect(validateLogin({ email: '  ana@socio.mx ', password: 'abc' })).toEqual({});
  });
  it('rejects an empty, blank or @-less e-mail', () => {
    for (const email of ['', '   ', 'ana.socio.mx']) {
      expect(validateLogin({ email, password: 'abcdef' }).email).toBe(
        'Por favor, ingresa un correo electrónico válido',
      );
    }
  });
  it('rejects a password shorter than 3 characters', () => {
    expect(validateLogin({ email: 'a@b.mx', password: 'ab' }).password).toBe(
      'Por favor, ingresa una contraseña válida',
    );
  });
});

describe('change-password form rules (changePasswordFormSchema, in order)', () => {
  const ok = { current: 'Actual2026!', next: 'Nueva2026!', confirm: 'Nueva2026!' };
  it('passes valid input', () => {
    expect(validateChangePassword(ok)).toBeNull();
  });
  it('requires all three fields first', () => {
    expect(validateChangePassword({ ...ok, current: '' })).toBe('Por favor, completa todos los campos');
    expect(validateChangePassword({ ...ok, confirm: '' })).toBe('Por favor, completa todos los campos');
  });
  it('then a new password of at least 8 characters', () => {
    expect(validateChangePassword({ current: 'x', next: 'corta', confirm: 'otra' })).toBe(
      'La nueva contraseña debe tener al menos 8 caracteres',
    );
  });
  it('then a matching confirmation', () => {
    expect(validateChangePassword({ ...ok, confirm: 'Nueva2026?' })).toBe(
      'Las contraseñas nuevas no coinciden',
    );
  });
  it('then a new password different from the current one', () => {
    expect(validateChangePassword({ current: ok.next, next: ok.next, confirm: ok.next })).toBe(
      'La nueva contraseña debe ser diferente a la actual',
    );
  });
  // Without a token the dialog says 'No estás autenticado…' (story ChangePasswordDialog/NotAuthenticated).
});
