/**
 * In-memory users port for stories and tests: realistic, stateful (create/edit change the list),
 * with an optional delay. `stubUsersPort` throws for every method not overridden.
 */

import { fullName, normalizeUsername, type Rol, USER_MESSAGES } from '@socio/contracts';
import { demoEstados } from '../catalogos/catalogos.fake';
import { ApiError } from '../errors';
import { fakeDelay as wait } from '../testing/fake-delay';
import type { UserMutationResult, UsersPort } from './users.port';
import type {
  CompetitivenessDTO,
  EditUserRequest,
  EstadoDTO,
  NewUserRequest,
  SupervisorDTO,
  UsuarioDTO,
} from './users.wire';

function user(
  id_usuario: number,
  username: string,
  nombres: string,
  apellido_paterno: string,
  apellido_materno: string,
  rol: Rol,
  extra: Partial<UsuarioDTO> = {},
): UsuarioDTO {
  return {
    id_usuario,
    username,
    nombres,
    apellido_paterno,
    apellido_materno,
    name: fullName({ nombres, apellido_paterno, apellido_materno }),
    email: `${username}@socioeconomico.mx`,
    rol,
    supervisor: null,
    supervisor_nombre: null,
    estatus: 'Activo',
    foto_path: null,
    estado: null,
    region: null,
    ...extra,
  };
}

const sup2 = { supervisor: 2, supervisor_nombre: 'Laura Méndez Ríos' };
const sup3 = { supervisor: 3, supervisor_nombre: 'Ricardo Salinas Vega' };

/** Twelve users: 1 admin, 2 supervisors, 9 visitors (one inactive) over several states. */
export const demoUsers: UsuarioDTO[] = [
  user(1, 'admin', 'Ana', 'García', 'Torres', 'Administrador'),
  user(2, 'lmendez', 'Laura', 'Méndez', 'Ríos', 'Supervisor'),
  user(3, 'rsalinas', 'Ricardo', 'Salinas', 'Vega', 'Supervisor'),
  user(4, 'jperez', 'Juan', 'Pérez', 'López', 'Visitador', { ...sup2, estado: 19, region: 'Nuevo León' }),
  user(5, 'mhernandez', 'María', 'Hernández', 'Cruz', 'Visitador', {
    ...sup2,
    estado: 19,
    region: 'Nuevo León',
  }),
  user(6, 'cramirez', 'Carlos', 'Ramírez', 'Soto', 'Visitador', { ...sup3, estado: 14, region: 'Jalisco' }),
  user(7, 'sflores', 'Sofía', 'Flores', 'Aguilar', 'Visitador', {
    ...sup3,
    estado: 9,
    region: 'Ciudad de México',
  }),
  user(8, 'dmorales', 'Diego', 'Morales', 'Castillo', 'Visitador', {
    ...sup2,
    estado: 5,
    region: 'Coahuila',
    estatus: 'Inactivo',
  }),
  user(9, 'vortiz', 'Valeria', 'Ortiz', 'Navarro', 'Visitador', { ...sup3, estado: 21, region: 'Puebla' }),
  user(10, 'egutierrez', 'Emilio', 'Gutiérrez', 'Reyes', 'Visitador', {
    ...sup2,
    estado: 28,
    region: 'Tamaulipas',
  }),
  user(11, 'pvargas', 'Paola', 'Vargas', 'Domínguez', 'Visitador', { estado: 22, region: 'Querétaro' }),
  user(12, 'arojas', 'Andrés', 'Rojas', 'Medina', 'Visitador', { ...sup3, estado: 11, region: 'Guanajuato' }),
];

/** One row per band (green, yellow, orange, red) and one without response days. */
export const demoCompetitiveness: CompetitivenessDTO[] = [
  {
    id: 4,
    name: 'Juan Pérez López',
    avatar: null,
    assignments: 40,
    studiesCompleted: 36,
    averageResponseDays: 2.35,
    completionPercentage: 90,
  },
  {
    id: 5,
    name: 'María Hernández Cruz',
    avatar: null,
    assignments: 30,
    studiesCompleted: 18,
    averageResponseDays: 4.1,
    completionPercentage: 60,
  },
  {
    id: 6,
    name: 'Carlos Ramírez Soto',
    avatar: null,
    assignments: 25,
    studiesCompleted: 8,
    averageResponseDays: 6.75,
    completionPercentage: 32,
  },
  {
    id: 7,
    name: 'Sofía Flores Aguilar',
    avatar: null,
    assignments: 20,
    studiesCompleted: 2,
    averageResponseDays: 9,
    completionPercentage: 10,
  },
  {
    id: 9,
    name: 'Valeria Ortiz Navarro',
    avatar: null,
    assignments: 6,
    studiesCompleted: 0,
    averageResponseDays: null,
    completionPercentage: 0,
  },
  {
    id: 10,
    name: 'Emilio Gutiérrez Reyes',
    avatar: null,
    assignments: 12,
    studiesCompleted: 10,
    averageResponseDays: 1.5,
    completionPercentage: 83.3,
  },
];

/**
 * A visitor with no assignments in the last 30 days (only older work): the API sends a null
 * completion, shown as 'N/A' without a colour band. Not in `demoCompetitiveness`; seed it to show it.
 */
export const demoIdleVisitorStats: CompetitivenessDTO = {
  id: 12,
  name: 'Andrés Rojas Medina',
  avatar: null,
  assignments: 7,
  studiesCompleted: 7,
  averageResponseDays: null,
  completionPercentage: null,
};

export interface UsersSeed {
  users?: UsuarioDTO[];
  estados?: EstadoDTO[];
  competitiveness?: CompetitivenessDTO[];
  completionLast30Days?: number;
  /** Usernames reported as taken even if no user has them. */
  takenUsernames?: string[];
}

interface FakeOptions {
  /** Milliseconds every call waits (default 0). */
  delay?: number;
}

const clone = <T>(value: T): T => structuredClone(value);

export function createFakeUsersPort(seed: UsersSeed = {}, { delay = 0 }: FakeOptions = {}): UsersPort {
  const users = clone(seed.users ?? demoUsers);
  const estados = clone(seed.estados ?? demoEstados);
  const competitiveness = clone(seed.competitiveness ?? demoCompetitiveness);
  const taken = new Set((seed.takenUsernames ?? []).map(normalizeUsername));
  let nextId = Math.max(0, ...users.map((u) => u.id_usuario)) + 1;

  const supervisorName = (id: number | null) =>
    id === null ? null : (users.find((u) => u.id_usuario === id)?.name ?? null);
  const emailTaken = (email: string, except?: number) =>
    users.some((u) => u.email.toLowerCase() === email.toLowerCase() && u.id_usuario !== except);
  /** As the server: only a Visitador has a supervisor. */
  const supervisorOf = (body: NewUserRequest | EditUserRequest) =>
    body.role === 'Visitador' ? body.supervisor : null;
  /** The server's 422 for one field: `[{ loc, msg, type }]`. */
  const invalid = (field: string, msg: string) =>
    new ApiError(422, [{ loc: ['body', field], msg, type: 'value_error' }], 'validation');
  /** As the server: a supervisor is an active Supervisor other than the user; an estado exists. */
  const check = (body: NewUserRequest | EditUserRequest, selfId: number | null, estado?: number | null) => {
    const supervisor = supervisorOf(body);
    if (supervisor !== null) {
      if (supervisor === selfId) throw invalid('supervisor', USER_MESSAGES.selfSupervisor);
      const found = users.find((u) => u.id_usuario === supervisor);
      if (found?.rol !== 'Supervisor' || found.estatus !== 'Activo')
        throw invalid('supervisor', USER_MESSAGES.invalidSupervisor);
    }
    if (estado != null && !estados.some((e) => e.id_estado === estado))
      throw invalid('estado', USER_MESSAGES.invalidEstado);
  };
  /** What both a creation and an edit write: names, e-mail, role, supervisor and status. */
  const profile = (body: NewUserRequest | EditUserRequest) => ({
    nombres: body.nombres,
    apellido_paterno: body.apellido_paterno,
    apellido_materno: body.apellido_materno,
    name: fullName(body),
    email: body.email.toLowerCase(),
    rol: body.role,
    supervisor: supervisorOf(body),
    supervisor_nombre: supervisorName(supervisorOf(body)),
    estatus: body.status,
  });

  return {
    async allUsers(o) {
      await wait(delay, o?.signal);
      return clone(users);
    },
    async createUser(body) {
      await wait(delay);
      const username = normalizeUsername(body.username);
      if (taken.has(username) || users.some((u) => u.username === username)) {
        throw new ApiError(409, USER_MESSAGES.usernameTaken, 'username_taken');
      }
      if (emailTaken(body.email)) throw new ApiError(409, USER_MESSAGES.emailTaken, 'email_taken');
      check(body, null, body.estado);
      const created: UsuarioDTO = {
        id_usuario: nextId++,
        username,
        ...profile(body),
        foto_path: body.avatar,
        estado: body.estado,
        region: estados.find((e) => e.id_estado === body.estado)?.estado ?? null,
      };
      users.push(created);
      return { usuario: clone(created) } satisfies UserMutationResult;
    },
    async editUser(id, body) {
      await wait(delay);
      const target = users.find((u) => u.id_usuario === id);
      if (!target) throw new ApiError(404, USER_MESSAGES.notFound, 'user_not_found');
      if (emailTaken(body.email, id)) throw new ApiError(409, USER_MESSAGES.emailTaken, 'email_taken');
      check(body, id);
      Object.assign(target, profile(body));
      return { usuario: clone(target) };
    },
    async checkUsername(raw, o) {
      await wait(delay, o?.signal);
      const username = normalizeUsername(raw);
      return { username, available: !taken.has(username) && !users.some((u) => u.username === username) };
    },
    async supervisors(o) {
      await wait(delay, o?.signal);
      return users
        .filter((u) => u.rol.toLowerCase() === 'supervisor' && u.estatus.toLowerCase() === 'activo')
        .map((u): SupervisorDTO => ({ id: u.id_usuario, name: u.name }));
    },
    async competitiveness(o) {
      await wait(delay, o?.signal);
      return clone(competitiveness);
    },
    async completionLast30Days(o) {
      await wait(delay, o?.signal);
      return seed.completionLast30Days ?? 68.4;
    },
  };
}

/** A port whose every method throws 'no implementado' unless overridden. */
export function stubUsersPort(overrides: Partial<UsersPort> = {}): UsersPort {
  const missing = (name: string) => () => Promise.reject(new Error(`no implementado: users.${name}`));
  return {
    allUsers: missing('allUsers'),
    createUser: missing('createUser'),
    editUser: missing('editUser'),
    checkUsername: missing('checkUsername'),
    supervisors: missing('supervisors'),
    competitiveness: missing('competitiveness'),
    completionLast30Days: missing('completionLast30Days'),
    ...overrides,
  };
}
