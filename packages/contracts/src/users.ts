import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './auth';
import { estatusInputSchema, estatusSchema, rolInputSchema, rolSchema } from './common';
import { usernameSchema } from './rules/username';

export const USER_MESSAGES = {
  required: 'Campo obligatorio',
  invalidEmail: 'Por favor, ingresa un correo electrónico válido',
  passwordMin: 'Mínimo 8 caracteres',
  usernameTaken: 'El usuario ya existe',
  emailTaken: 'El email ya está registrado',
  notFound: 'Usuario no encontrado',
  invalidSupervisor: 'El supervisor debe ser un Supervisor activo',
  selfSupervisor: 'Un usuario no puede ser su propio supervisor',
  invalidEstado: 'El estado seleccionado no existe',
  usernameUnavailable: 'El nombre de usuario no está disponible. Por favor, elige otro.',
  usernamePending: 'Por favor, espera a que se verifique la disponibilidad del usuario.',
  usernameAvailable: 'Usuario disponible',
  usernameInUse: 'Este usuario ya está en uso',
  usernameCheckError: 'Error al verificar disponibilidad',
  cannotDeactivateSelf: 'No puedes desactivar tu propia cuenta',
  cannotDemoteSelf: 'No puedes quitarte el rol de Administrador',
} as const;

/* ----------------------------------------------------------------------------
 * Field schemas (trimmed, Spanish messages).
 * -------------------------------------------------------------------------- */

const requiredText = (max = 100) =>
  z
    .string({ error: USER_MESSAGES.required })
    .trim()
    .min(1, USER_MESSAGES.required)
    .max(max, `Máximo ${max} caracteres`);

/** E-mail of a user: trimmed, lowercased, e-mail format. */
export const userEmailSchema = z
  .string({ error: USER_MESSAGES.required })
  .trim()
  .toLowerCase()
  .min(1, USER_MESSAGES.required)
  .max(254, 'Máximo 254 caracteres')
  .pipe(z.email(USER_MESSAGES.invalidEmail));

/** An optional numeric id: accepts a number, a digit string, '' / null / undefined (→ null). */
const optionalId = (label: string) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return null;
      if (typeof v === 'string' && /^\d{1,9}$/.test(v.trim())) return Number(v.trim());
      return v;
    },
    z.union([
      z
        .number({ error: `${label} debe ser un número o null` })
        .int(`${label} debe ser un número entero`)
        .positive(`${label} inválido`)
        .max(2_147_483_647, `${label} inválido`),
      z.null(),
    ]),
  );

/* ----------------------------------------------------------------------------
 * UsuarioDTO (every user in responses).
 * -------------------------------------------------------------------------- */

export const usuarioSchema = z.object({
  id_usuario: z.number().int(),
  username: z.string(),
  nombres: z.string(),
  apellido_paterno: z.string(),
  apellido_materno: z.string(),
  /** Full name: nombres + apellido_paterno + apellido_materno. */
  name: z.string(),
  email: z.string(),
  rol: rolSchema,
  /** Supervisor's id_usuario. */
  supervisor: z.number().int().nullable(),
  supervisor_nombre: z.string().nullable(),
  estatus: estatusSchema,
  foto_path: z.string().nullable(),
  /** id_estado of a visitor's region. */
  estado: z.number().int().nullable(),
  /** Name of that estado. */
  region: z.string().nullable(),
});
export type UsuarioDTO = z.infer<typeof usuarioSchema>;

/* GET /api/users/all_users */
export const allUsersResponseSchema = z.object({ usuarios: z.array(usuarioSchema) });
export type AllUsersResponse = z.infer<typeof allUsersResponseSchema>;

/* ----------------------------------------------------------------------------
 * POST /api/users/new_user
 * -------------------------------------------------------------------------- */

export const newUserRequestSchema = z.object({
  nombres: requiredText(),
  apellido_paterno: requiredText(),
  apellido_materno: requiredText(),
  username: usernameSchema,
  email: userEmailSchema,
  password: z
    .string({ error: USER_MESSAGES.required })
    .min(PASSWORD_MIN_LENGTH, USER_MESSAGES.passwordMin)
    .max(200, 'Máximo 200 caracteres'),
  role: rolInputSchema,
  supervisor: optionalId('El supervisor').optional().default(null),
  estado: optionalId('El estado').optional().default(null),
  status: estatusInputSchema.optional().default('Activo'),
  avatar: z
    .string({ error: 'La foto debe ser texto' })
    .trim()
    .max(500, 'Máximo 500 caracteres')
    .nullish()
    .transform((v) => (v ? v : null)),
});
/** What the client sends. */
export type NewUserRequest = z.input<typeof newUserRequestSchema>;
/** What the server works with after validation. */
export type NewUser = z.output<typeof newUserRequestSchema>;

export const userResponseSchema = z.object({ usuario: usuarioSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;
export const newUserResponseSchema = userResponseSchema;
export type NewUserResponse = UserResponse;

/* ----------------------------------------------------------------------------
 * PUT /api/users/edit_user/{id}  (id = id_usuario, or a username when not all digits)
 * The username is immutable: a `username` field in the body is ignored.
 * -------------------------------------------------------------------------- */

export const userIdParamsSchema = z.object({
  id: z.string().trim().min(1, USER_MESSAGES.required).max(100, 'Máximo 100 caracteres'),
});
export type UserIdParams = z.infer<typeof userIdParamsSchema>;

export const editUserRequestSchema = z.object({
  nombres: requiredText(),
  apellido_paterno: requiredText(),
  apellido_materno: requiredText(),
  email: userEmailSchema,
  role: rolInputSchema,
  supervisor: optionalId('El supervisor').optional().default(null),
  status: estatusInputSchema,
  /** Optional: a visitor's region. Omitted → unchanged; null → cleared. */
  estado: optionalId('El estado').optional(),
});
export type EditUserRequest = z.input<typeof editUserRequestSchema>;
export type EditUser = z.output<typeof editUserRequestSchema>;
export const editUserResponseSchema = userResponseSchema;
export type EditUserResponse = UserResponse;

/* ----------------------------------------------------------------------------
 * GET /api/users/check_username/{username}
 * -------------------------------------------------------------------------- */

export const checkUsernameParamsSchema = z.object({
  username: z.string().max(200, 'Máximo 200 caracteres'),
});
export const checkUsernameResponseSchema = z.object({
  /** The normalised username that was checked. */
  username: z.string(),
  available: z.boolean(),
});
export type CheckUsernameResponse = z.infer<typeof checkUsernameResponseSchema>;

/* GET /api/users/supervisors_list → active supervisors. */
export const supervisorOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type SupervisorOption = z.infer<typeof supervisorOptionSchema>;
export const supervisorsListResponseSchema = z.object({ supervisors: z.array(supervisorOptionSchema) });
export type SupervisorsListResponse = z.infer<typeof supervisorsListResponseSchema>;

/* GET /api/users/regions_available and /api/cargas/regions_available (one list) → states with an active visitor. */
export const regionsAvailableResponseSchema = z.object({ regions: z.array(z.string()) });
export type RegionsAvailableResponse = z.infer<typeof regionsAvailableResponseSchema>;

/* GET /api/users/competitiviness_stats → one row per active visitor. */
export const competitivenessRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  avatar: z.string().nullable(),
  assignments: z.number().int(),
  studiesCompleted: z.number().int(),
  /** Average days from assignment to completion, null when nothing completed. */
  averageResponseDays: z.number().nullable(),
  /**
   * 0–100: completed among the visitor's assignments of the last 30 days (cancelled ones not
   * counted); null when they have no such assignment (nothing to measure, shown as 'N/A').
   */
  completionPercentage: z.number().nullable(),
});
export type CompetitivenessRow = z.infer<typeof competitivenessRowSchema>;
export const competitivenessStatsResponseSchema = z.array(competitivenessRowSchema);
export type CompetitivenessStatsResponse = z.infer<typeof competitivenessStatsResponseSchema>;

/* GET /api/users/percentage_completion_last_30_days */
export const percentageCompletionResponseSchema = z.object({ percentage_completion: z.number() });
export type PercentageCompletionResponse = z.infer<typeof percentageCompletionResponseSchema>;

/** Full name as shown in lists: 'Nombres Paterno Materno' (empty parts skipped). */
export function fullName(u: { nombres: string; apellido_paterno: string; apellido_materno: string }): string {
  // Plain concatenation: the lists of users and visitors call this thousands of times per answer.
  return joinName(joinName(u.nombres.trim(), u.apellido_paterno.trim()), u.apellido_materno.trim());
}

function joinName(head: string, part: string): string {
  return head && part ? `${head} ${part}` : head || part;
}
