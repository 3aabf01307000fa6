import { z } from 'zod';
import { rolSchema } from './common';

/* ----------------------------------------------------------------------------
 * Messages of the login and password rules, shared by the browser and the server.
 * -------------------------------------------------------------------------- */

export const PASSWORD_MIN_LENGTH = 8;
export const LOGIN_PASSWORD_MIN_LENGTH = 3;

export const AUTH_MESSAGES = {
  invalidEmail: 'Por favor, ingresa un correo electrónico válido',
  invalidPassword: 'Por favor, ingresa una contraseña válida',
  wrongCredentials: 'Correo o contraseña incorrectos',
  inactive: 'Tu cuenta está inactiva. Contacta a un administrador.',
  tooManyAttempts: 'Demasiados intentos fallidos. Intenta de nuevo en 15 minutos.',
  notAuthenticated: 'No autenticado',
  invalidToken: 'Token inválido o expirado',
  forbidden: 'No tienes permiso para realizar esta acción',
  missingFields: 'Por favor, completa todos los campos',
  newPasswordTooShort: 'La nueva contraseña debe tener al menos 8 caracteres',
  passwordsDontMatch: 'Las contraseñas nuevas no coinciden',
  newPasswordSameAsCurrent: 'La nueva contraseña debe ser diferente a la actual',
  currentPasswordWrong: 'La contraseña actual es incorrecta',
  passwordChanged: 'Contraseña actualizada exitosamente',
  loggedOut: 'Sesión cerrada',
} as const;

/* ----------------------------------------------------------------------------
 * POST /api/auth/login
 * -------------------------------------------------------------------------- */

/** Request body. The server trims and lowercases the e-mail (login is case-insensitive). */
export const loginRequestSchema = z.object({
  email: z
    .string({ error: 'El correo debe ser texto' })
    .trim()
    .toLowerCase()
    .max(254, 'El correo es demasiado largo')
    .pipe(z.email(AUTH_MESSAGES.invalidEmail)),
  password: z
    .string({ error: 'La contraseña debe ser texto' })
    .min(1, AUTH_MESSAGES.invalidPassword)
    .max(200, 'La contraseña es demasiado larga'),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

/** Login form of the browser: e-mail trimmed with '@', password ≥ 3. */
export const loginFormSchema = z.object({
  email: z
    .string()
    .trim()
    .refine((v) => v.length > 0 && v.includes('@'), AUTH_MESSAGES.invalidEmail),
  password: z.string().min(LOGIN_PASSWORD_MIN_LENGTH, AUTH_MESSAGES.invalidPassword),
  remember: z.boolean().optional(),
});
export type LoginForm = z.input<typeof loginFormSchema>;

/** The signed-in user (what the client stores next to the token). */
export const sessionUserSchema = z.object({
  id_usuario: z.number().int(),
  nombres: z.string(),
  apellido_paterno: z.string(),
  apellido_materno: z.string(),
  email: z.string(),
  rol: rolSchema,
  foto_path: z.string().nullable(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginResponseSchema = sessionUserSchema.extend({
  token: z.string(),
  token_type: z.literal('bearer'),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/* ----------------------------------------------------------------------------
 * GET /api/auth/me
 * -------------------------------------------------------------------------- */

export const meResponseSchema = sessionUserSchema;
export type MeResponse = z.infer<typeof meResponseSchema>;

/* ----------------------------------------------------------------------------
 * PUT /api/auth/me/change-password
 * -------------------------------------------------------------------------- */

/**
 * Request body. Only the types are checked here; the rules (length, different from current,
 * current must match) answer string details so the UI can show them as they are.
 */
export const changePasswordRequestSchema = z.object({
  current_password: z.string({ error: 'La contraseña actual debe ser texto' }).max(200),
  new_password: z.string({ error: 'La nueva contraseña debe ser texto' }).max(200),
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const changePasswordResponseSchema = z.object({ detail: z.string() });
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

/**
 * The first password rule a new password breaks against the current one (≥ 8, different), or `null`.
 * Used by the server (string 422 detail) and by the browser form.
 */
export function newPasswordError(currentPassword: string, newPassword: string): string | null {
  if (newPassword.length < PASSWORD_MIN_LENGTH) return AUTH_MESSAGES.newPasswordTooShort;
  if (newPassword === currentPassword) return AUTH_MESSAGES.newPasswordSameAsCurrent;
  return null;
}

/** Change-password form of the browser: three fields, checked in order, first broken rule only. */
export const changePasswordFormSchema = z
  .object({
    current_password: z.string(),
    new_password: z.string(),
    confirm_password: z.string(),
  })
  .superRefine((v, ctx) => {
    if (!v.current_password || !v.new_password || !v.confirm_password) {
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.missingFields, path: [] });
      return;
    }
    if (v.new_password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.newPasswordTooShort, path: ['new_password'] });
      return;
    }
    if (v.new_password !== v.confirm_password) {
      ctx.addIssue({ code: 'custom', message: AUTH_MESSAGES.passwordsDontMatch, path: ['confirm_password'] });
      return;
    }
    if (v.new_password === v.current_password) {
      ctx.addIssue({
        code: 'custom',
        message: AUTH_MESSAGES.newPasswordSameAsCurrent,
        path: ['new_password'],
      });
    }
  });
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;
