import type { StoredSession } from '@socio/features/auth';
import { createMemorySessionStore } from '@socio/features/testing';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { App } from './app';
import { createAppContext } from './app-context';
import { AppErrorBoundary } from './routes/root-layout';
import { RouterError } from './routes/router-error';

// jsdom has no ResizeObserver (Radix measures some controls with it).
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

const admin = {
  id_usuario: 1,
  nombres: 'Ana',
  apellido_paterno: 'Martínez',
  apellido_materno: 'Ruiz',
  email: 'admin@socioeconomico.mx',
  rol: 'Administrador',
  foto_path: null,
} as const;
const visitador = {
  ...admin,
  id_usuario: 9,
  nombres: 'Lucía',
  apellido_paterno: 'Gómez',
  rol: 'Visitador',
} as const;

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** The app over a fake network: `routes` answers by "METHOD /path". */
function renderApp(
  path: string,
  options: { session?: StoredSession | null; routes?: Record<string, Handler> } = {},
) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url =
      String(input)
        .replace(/^\/api/, '')
        .split('?')[0] ?? '';
    const key = `${init.method ?? 'GET'} ${url}`;
    calls.push(key);
    const handler = options.routes?.[key];
    if (!handler) return json(404, { detail: 'No encontrado' });
    return handler(url, init);
  });
  const store = createMemorySessionStore(options.session ?? null);
  const context = createAppContext({ store, fetch: fetchMock as typeof fetch, baseUrl: '/api' });
  const view = render(<App context={context} initialEntries={[path]} />);
  return { ...view, context, store, calls };
}

const me =
  (user: object): Handler =>
  () =>
    json(200, user);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('routes', () => {
  it('/ redirects to the login screen', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeInTheDocument();
  });

  it('the shell without a session goes to /login (no notice)', async () => {
    renderApp('/socioeconomico/cargas');
    expect(await screen.findByRole('heading', { name: 'Iniciar Sesión' })).toBeInTheDocument();
    expect(
      screen.queryByText('Sesión expirada. Por favor, inicia sesión nuevamente.'),
    ).not.toBeInTheDocument();
  });

  it('signs in and lands in the shell; the session goes to session storage without Recordarme', async () => {
    const user = userEvent.setup();
    const { store } = renderApp('/login', {
      routes: {
        'POST /auth/login': () => json(200, { ...admin, token: 'tok-1', token_type: 'bearer' }),
        'GET /auth/me': me(admin),
        'GET /dashboard/resumen': () => json(500, { detail: 'sin datos en la prueba' }),
      },
    });
    await user.type(
      await screen.findByRole('textbox', { name: 'Correo electrónico' }),
      'admin@socioeconomico.mx',
    );
    await user.type(screen.getByLabelText('Contraseña', { selector: 'input' }), 'Admin2026!');
    await user.click(screen.getByRole('button', { name: 'Iniciar sesión' }));
    expect(await screen.findByRole('button', { name: /Ana Martínez/ })).toBeInTheDocument();
    expect(store.get()).toMatchObject({ token: 'tok-1', remember: false, user: { email: admin.email } });
  });

  it('/Socioeconomico (capital S) is the same layout; its index goes to Inicio', async () => {
    renderApp('/Socioeconomico', {
      session: { token: 't', user: admin, remember: true },
      routes: { 'GET /auth/me': me(admin), 'GET /dashboard/resumen': () => json(500, { detail: 'x' }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
  });

  it('Reportes and Cargas open for staff, under their own headings', async () => {
    renderApp('/socioeconomico/reportes', {
      session: { token: 't', user: admin, remember: true },
      routes: { 'GET /auth/me': me(admin) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Reportes' })).toBeInTheDocument();
    cleanup();
    renderApp('/socioeconomico/cargas', {
      session: { token: 't', user: admin, remember: true },
      routes: { 'GET /auth/me': me(admin) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cargas' })).toBeInTheDocument();
  });

  it('a Visitador asking for Reportes is sent to Inicio, and the menu offers neither Usuarios nor Reportes', async () => {
    renderApp('/socioeconomico/reportes', {
      session: { token: 't', user: visitador, remember: false },
      routes: { 'GET /auth/me': me(visitador), 'GET /dashboard/resumen': () => json(500, { detail: 'x' }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Navegación principal' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => a.textContent?.trim());
    expect(links).toEqual(['Inicio', 'Cargas']);
  });

  it('a Visitador asking for Usuarios is sent to Inicio', async () => {
    renderApp('/socioeconomico/usuarios', {
      session: { token: 't', user: visitador, remember: false },
      routes: { 'GET /auth/me': me(visitador), 'GET /dashboard/resumen': () => json(500, { detail: 'x' }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Inicio' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'Usuarios' })).not.toBeInTheDocument();
  });

  it('a routing error shows the fallback page "Unexpected Application Error!" without the developer text', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const router = createMemoryRouter([
      {
        path: '/',
        errorElement: <RouterError />,
        loader: () => {
          throw new Error('No se pudo cargar el módulo');
        },
        element: null,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeInTheDocument();
    expect(screen.getByText('No se pudo cargar el módulo')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recargar página' })).toBeInTheDocument();
    expect(screen.queryByText(/Hey developer|errorElement/)).not.toBeInTheDocument();
  });
});

describe('a malformed answer from the server', () => {
  it('shows the screen error state with Intentar de nuevo, not a crash', async () => {
    renderApp('/socioeconomico/inicio', {
      session: { token: 't', user: admin, remember: true },
      routes: { 'GET /auth/me': me(admin), 'GET /dashboard/resumen': () => json(200, { semanas: 'x' }) },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('No se pudo cargar el resumen del tablero');
    expect(screen.getByRole('button', { name: 'Intentar de nuevo' })).toBeInTheDocument();
    expect(screen.queryByText('Algo salió mal')).not.toBeInTheDocument();
  });
});

describe('session', () => {
  it('a stored session survives a reload and is validated with /auth/me', async () => {
    const { calls } = renderApp('/socioeconomico/cargas', {
      session: { token: 't', user: { ...admin, nombres: 'Anita' }, remember: true },
      routes: { 'GET /auth/me': me(admin) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cargas' })).toBeInTheDocument();
    // The fresh data from the server replaces the stored name.
    expect(await screen.findByRole('button', { name: /Ana Martínez/ })).toBeInTheDocument();
    expect(calls).toContain('GET /auth/me');
  });

  it('a 401 after login clears the session and returns to /login with the expiry notice', async () => {
    const { store } = renderApp('/socioeconomico/cargas', {
      session: { token: 'manipulado', user: admin, remember: true },
      routes: { 'GET /auth/me': () => json(401, { detail: 'Token inválido o expirado' }) },
    });
    expect(
      await screen.findByText('Sesión expirada. Por favor, inicia sesión nuevamente.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Iniciar Sesión' })).toBeInTheDocument();
    expect(store.get()).toBeNull();
  });

  it('Cerrar sesión clears the session and shows the login without a notice', async () => {
    const user = userEvent.setup();
    const { store } = renderApp('/socioeconomico/cargas', {
      session: { token: 't', user: admin, remember: true },
      routes: { 'GET /auth/me': me(admin) },
    });
    await user.click(await screen.findByRole('button', { name: /Ana Martínez/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cerrar sesión' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar Sesión' })).toBeInTheDocument();
    expect(
      screen.queryByText('Sesión expirada. Por favor, inicia sesión nuevamente.'),
    ).not.toBeInTheDocument();
    expect(store.get()).toBeNull();
  });

  it('Cerrar sesión asks the server to revoke the token: POST /auth/logout with the bearer (issue 13 item 3)', async () => {
    const user = userEvent.setup();
    const logouts: Array<string | null> = [];
    const { calls, store } = renderApp('/socioeconomico/cargas', {
      session: { token: 'tok-salida', user: admin, remember: true },
      routes: {
        'GET /auth/me': me(admin),
        'POST /auth/logout': (_url, init) => {
          logouts.push(new Headers(init.headers).get('Authorization'));
          return json(200, { detail: 'Sesión cerrada' });
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: /Ana Martínez/ }));
    expect(calls).not.toContain('POST /auth/logout');
    await user.click(await screen.findByRole('menuitem', { name: 'Cerrar sesión' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar Sesión' })).toBeInTheDocument();
    await vi.waitFor(() => expect(logouts).toEqual(['Bearer tok-salida']));
    expect(calls.filter((c) => c === 'POST /auth/logout')).toHaveLength(1);
    expect(store.get()).toBeNull();
  });

  it('the login page sends a signed-in user to the shell', async () => {
    renderApp('/login', {
      session: { token: 't', user: admin, remember: true },
      routes: { 'GET /auth/me': me(admin), 'GET /dashboard/resumen': () => json(500, { detail: 'x' }) },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
  });
});

function Broken(): never {
  throw new Error('Fallo de prueba al dibujar');
}

describe('AppErrorBoundary', () => {
  it("shows 'Algo salió mal' with the error text, both actions and the console hint", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <AppErrorBoundary>
        <Broken />
      </AppErrorBoundary>,
    );
    expect(screen.getByRole('heading', { name: 'Algo salió mal' })).toBeInTheDocument();
    expect(screen.getByText('La aplicación encontró un error inesperado')).toBeInTheDocument();
    // The Spanish explanation leads; the technical text is folded under 'Detalles técnicos'.
    expect(screen.getByText('Fallo de prueba al dibujar')).not.toBeVisible();
    expect(screen.getByText('Fallo de prueba al dibujar').closest('details')).toHaveTextContent(
      'Detalles técnicos',
    );
    expect(screen.getByRole('button', { name: 'Recargar página' })).toBeInTheDocument();
    expect(screen.getByText('Abre la consola del navegador para ver más detalles')).toBeInTheDocument();

    window.localStorage.setItem('socio.session', '{}');
    window.sessionStorage.setItem('otra', '1');
    const assign = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, assign } });
    try {
      await act(async () => screen.getByRole('button', { name: 'Limpiar datos y volver al inicio' }).click());
      expect(window.localStorage.length).toBe(0);
      expect(window.sessionStorage.length).toBe(0);
      expect(assign).toHaveBeenCalledWith('/');
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });
});

describe('unknown URLs and document titles (issue 14 items 8, 9)', () => {
  it('an unknown path shows the Spanish "Página no encontrada" with a way back, not the router\'s developer page', async () => {
    renderApp('/no-existe');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/Hey developer/)).not.toBeInTheDocument();
    await vi.waitFor(() => expect(document.title).toBe('Página no encontrada · Socioeconómico'));
  });

  it('an unknown page inside the shell is not found either (not Inicio)', async () => {
    renderApp('/socioeconomico/no-existe', {
      session: { token: 't', user: admin, remember: true },
      routes: { 'GET /auth/me': me(admin) },
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' }),
    ).toBeInTheDocument();
  });

  it.each([
    ['/login', null, 'Iniciar sesión · Socioeconómico'],
    ['/socioeconomico/inicio', admin, 'Inicio · Socioeconómico'],
    ['/socioeconomico/usuarios', admin, 'Usuarios · Socioeconómico'],
    ['/socioeconomico/reportes', admin, 'Reportes · Socioeconómico'],
    ['/socioeconomico/cargas', admin, 'Cargas · Socioeconómico'],
    ['/socioeconomico/clientes', admin, 'Clientes · Socioeconómico'],
  ] as const)('%s sets the document title', async (path, user, title) => {
    renderApp(path, {
      session: user ? { token: 't', user, remember: true } : null,
      routes: { 'GET /auth/me': me(admin), 'GET /dashboard/resumen': () => json(500, { detail: 'x' }) },
    });
    await vi.waitFor(() => expect(document.title).toBe(title), { timeout: 3000 });
  });
});
