import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';

/** Demo accounts seeded on an empty database (README, wire contract). */
export const accounts = {
  admin: {
    email: process.env.ADMIN_EMAIL ?? 'admin@socioeconomico.mx',
    password: process.env.ADMIN_PASSWORD ?? 'Admin2026!',
    rol: 'Administrador',
  },
  supervisor: { email: 'supervisor1@socioeconomico.mx', password: 'Demo2026!', rol: 'Supervisor' },
  visitador: { email: 'visitador1@socioeconomico.mx', password: 'Demo2026!', rol: 'Visitador' },
} as const;

export type Role = keyof typeof accounts;

/** Where the app keeps the session (apps/backoffice/src/adapters/storage/session-store.ts). */
export const SESSION_KEY = 'socio.session';

export interface LoginBody {
  token: string;
  id_usuario: number;
  nombres: string;
  apellido_paterno: string;
  apellido_materno: string;
  email: string;
  rol: string;
  foto_path: string | null;
}

/** POST /api/auth/login; fails the test on anything but 200. */
export async function apiLogin(
  request: APIRequestContext,
  credentials: { email: string; password: string },
): Promise<LoginBody> {
  const response = await request.post('/api/auth/login', { data: credentials });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as LoginBody;
}

/** Signs in through the login screen, as a person would. */
export async function loginThroughUi(
  page: Page,
  credentials: { email: string; password: string },
  options: { remember?: boolean } = {},
) {
  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(credentials.email);
  await page.getByLabel('Contraseña', { exact: true }).fill(credentials.password);
  if (options.remember) await page.getByRole('checkbox', { name: 'Recordarme' }).check();
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

/**
 * Starts the page already signed in as `role` (token from the API, stored the way the app stores
 * it), then opens `path`. Faster than the form for specs that test something else.
 */
export async function signInAs(page: Page, role: Role, path = '/socioeconomico/inicio') {
  const { token, ...user } = await apiLogin(page.request, accounts[role]);
  await page.goto('/login');
  await page.evaluate(
    ([key, value]) => {
      window.sessionStorage.clear();
      window.localStorage.setItem(key, value);
    },
    [SESSION_KEY, JSON.stringify({ token, user })] as const,
  );
  await page.goto(path);
  return { token, user };
}

/** Creates a throw-away Administrador through the API (admin token) so a spec may change or disable it. */
export async function createTempUser(request: APIRequestContext, label: string) {
  const admin = await apiLogin(request, accounts.admin);
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const username = `e2e.${label}.${suffix}`.toLowerCase();
  const email = `${username}@prueba.mx`;
  const password = 'Inicial2026!';
  const response = await request.post('/api/users/new_user', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: {
      nombres: 'Prueba',
      apellido_paterno: 'Automática',
      apellido_materno: 'E2E',
      username,
      email,
      password,
      role: 'Administrador',
      supervisor: null,
      estado: null,
      status: 'Activo',
      avatar: null,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { usuario } = (await response.json()) as { usuario: { id_usuario: number } };
  return { email, password, username, id: usuario.id_usuario, adminToken: admin.token };
}

/** Reads which storage holds the session JSON. */
export async function storedSession(page: Page) {
  return page.evaluate(
    (key) => ({
      local: window.localStorage.getItem(key),
      session: window.sessionStorage.getItem(key),
    }),
    SESSION_KEY,
  );
}

export const test = base;
export { expect };
