import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '../errors';
import { createUserErrorMessage, editUserErrorMessage } from './user-errors';

describe('createUserErrorMessage', () => {
  it('a taken username', () => {
    expect(createUserErrorMessage(new ApiError(409, 'El usuario ya existe', 'username_taken'))).toBe(
      'Error: El nombre de usuario ya está en uso. Por favor, elige otro.',
    );
  });

  it('a registered e-mail', () => {
    expect(createUserErrorMessage(new ApiError(409, 'El email ya está registrado', 'email_taken'))).toBe(
      'Error: El correo electrónico ya está registrado. Por favor, usa otro.',
    );
  });

  it('decides by the code, not the wording', () => {
    expect(createUserErrorMessage(new ApiError(409, 'Otro texto', 'email_taken'))).toBe(
      'Error: El correo electrónico ya está registrado. Por favor, usa otro.',
    );
    expect(createUserErrorMessage(new ApiError(409, 'El usuario ya existe'))).toBe(
      'Error al crear el usuario: El usuario ya existe',
    );
  });

  it('a network failure', () => {
    expect(createUserErrorMessage(new NetworkError(new TypeError('Failed to fetch')))).toBe(
      'Error: No se pudo conectar con el servidor. Verifica que el backend esté ejecutándose.',
    );
  });

  it('any other detail is appended', () => {
    expect(createUserErrorMessage(new ApiError(403, 'No tienes permiso para realizar esta acción'))).toBe(
      'Error al crear el usuario: No tienes permiso para realizar esta acción',
    );
  });

  it('a 422 detail array lists its messages', () => {
    const error = new ApiError(422, [
      { loc: ['body', 'email'], msg: 'Correo inválido', type: 'value_error' },
    ]);
    expect(createUserErrorMessage(error)).toBe('Error al crear el usuario: Correo inválido');
  });

  it('no detail falls back to the default', () => {
    expect(createUserErrorMessage(new ApiError(500, undefined))).toBe('Error al crear el usuario');
    expect(createUserErrorMessage('raro')).toBe('Error al crear el usuario');
  });
});

describe('editUserErrorMessage', () => {
  it('shows the server detail', () => {
    expect(editUserErrorMessage(new ApiError(404, 'Usuario no encontrado'))).toBe('Usuario no encontrado');
  });

  it('falls back to the default', () => {
    expect(editUserErrorMessage(new NetworkError())).toBe('Error al actualizar el usuario');
    expect(editUserErrorMessage(new ApiError(500, undefined))).toBe('Error al actualizar el usuario');
  });
});
