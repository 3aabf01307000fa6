import { AUTH_MESSAGES, loginRequestSchema, newPasswordError } from '@socio/contracts';
import { ApiError } from '../errors';
import { parseLikeServer } from '../testing/fake-validation';
import type { AuthPort, ChangePasswordInput, LoginInput, SessionUser } from './auth.port';

export interface FakeAccount extends SessionUser {
  password: string;
  estatus: 'Activo' | 'Inactivo';
}

export interface FakeAuthSeed {
  accounts: FakeAccount[];
  /** id_usuario treated as signed in (for `me` and `changePassword`), as if a token were stored. */
  signedInAs?: number | null;
}

export const demoAccounts: FakeAccount[] = [
  {
    id_usuario: 1,
    nombres: 'Ana',
    apellido_paterno: 'Martínez',
    apellido_materno: 'Ruiz',
    email: 'admin@socioeconomico.mx',
    rol: 'Administrador',
    foto_path: null,
    password: 'Admin2026!',
    estatus: 'Activo',
  },
  {
    id_usuario: 2,
    nombres: 'Carlos',
    apellido_paterno: 'Hernández',
    apellido_materno: 'Soto',
    email: 'supervisor1@socioeconomico.mx',
    rol: 'Supervisor',
    foto_path: null,
    password: 'Demo2026!',
    estatus: 'Activo',
  },
  {
    id_usuario: 3,
    nombres: 'Lucía',
    apellido_paterno: 'Gómez',
    apellido_materno: 'Pérez',
    email: 'visitador1@socioeconomico.mx',
    rol: 'Visitador',
    foto_path: null,
    password: 'Demo2026!',
    estatus: 'Activo',
  },
  {
    id_usuario: 4,
    nombres: 'Jorge',
    apellido_paterno: 'Ramírez',
    apellido_materno: 'Luna',
    email: 'inactivo@socioeconomico.mx',
    rol: 'Visitador',
    foto_path: null,
    password: 'Demo2026!',
    estatus: 'Inactivo',
  },
];

const MAX_FAILED_ATTEMPTS = 5;

function publicUser({ password: _p, estatus: _e, ...user }: FakeAccount): SessionUser {
  return user;
}

/**
 * In-memory AuthPort behaving like the API: same 401 for unknown e-mail and wrong password,
 * 403 for inactive accounts, 429 after 5 failures, 400/422 on password change.
 */
export function createFakeAuthPort(
  seed: FakeAuthSeed = { accounts: demoAccounts },
  options: { delay?: number } = {},
): AuthPort & { readonly accounts: FakeAccount[] } {
  const accounts = seed.accounts.map((a) => ({ ...a }));
  let signedIn = seed.signedInAs ?? null;
  const failures = new Map<string, number>();
  const wait = () => new Promise<void>((resolve) => setTimeout(resolve, options.delay ?? 0));

  function current(): FakeAccount {
    const account = accounts.find((a) => a.id_usuario === signedIn);
    if (account?.estatus !== 'Activo')
      throw new ApiError(401, AUTH_MESSAGES.notAuthenticated, 'not_authenticated');
    return account;
  }

  return {
    accounts,
    async login({ email, password }: LoginInput) {
      await wait();
      const key = parseLikeServer(loginRequestSchema, { email, password }).email;
      if ((failures.get(key) ?? 0) >= MAX_FAILED_ATTEMPTS) {
        throw new ApiError(429, AUTH_MESSAGES.tooManyAttempts, 'too_many_attempts');
      }
      const account = accounts.find((a) => a.email === key);
      if (!account || account.password !== password) {
        failures.set(key, (failures.get(key) ?? 0) + 1);
        throw new ApiError(401, AUTH_MESSAGES.wrongCredentials, 'invalid_credentials');
      }
      if (account.estatus !== 'Activo') {
        throw new ApiError(403, AUTH_MESSAGES.inactive, 'account_inactive');
      }
      failures.delete(key);
      signedIn = account.id_usuario;
      return { ...publicUser(account), token: `fake-token-${account.id_usuario}` };
    },
    async me() {
      await wait();
      return publicUser(current());
    },
    async changePassword({ current_password, new_password }: ChangePasswordInput) {
      await wait();
      const account = current();
      if (account.password !== current_password)
        throw new ApiError(400, AUTH_MESSAGES.currentPasswordWrong, 'current_password_wrong');
      const problem = newPasswordError(current_password, new_password);
      if (problem) throw new ApiError(422, problem, 'invalid_new_password');
      account.password = new_password;
      return { detail: AUTH_MESSAGES.passwordChanged };
    },
    async logout(_token: string) {
      signedIn = null;
    },
  };
}

/** An AuthPort whose methods throw 'no implementado' unless overridden. */
export function stubAuthPort(overrides: Partial<AuthPort> = {}): AuthPort {
  const missing = (name: string) => () => Promise.reject(new Error(`auth.${name}: no implementado`));
  return {
    login: missing('login'),
    me: missing('me'),
    changePassword: missing('changePassword'),
    ...overrides,
  };
}
