import { createBrowserRouter, createMemoryRouter, Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './routes/root-layout';

/** Spec §2 route table. Every screen is a lazy chunk; the login chunk stays small. */
export function appRoutes(): RouteObject[] {
  return [
    {
      path: '/',
      element: <RootLayout />,
      // Shown while the first lazy route module loads (instead of a blank page and react-router's
      // 'No HydrateFallback element' console warning on every full page load).
      hydrateFallbackElement: <div aria-busy="true" className="min-h-dvh bg-canvas" />,
      // No errorElement here on purpose: routing errors (unknown path, failed chunk) fall to
      // react-router's default page 'Unexpected Application Error!' (spec §2); rendering errors
      // are caught by RootLayout's boundary and shown as 'Algo salió mal'.
      children: [
        { index: true, element: <Navigate to="/login" replace /> },
        { path: 'login', lazy: () => import('./routes/login') },
        {
          // Paths match case-insensitively, so '/Socioeconomico/…' (spec) lands here too.
          path: 'socioeconomico',
          lazy: () => import('./routes/shell'),
          children: [
            { index: true, element: <Navigate to="inicio" replace /> },
            { path: 'inicio', lazy: () => import('./routes/inicio') },
            { path: 'usuarios', lazy: () => import('./routes/usuarios') },
            { path: 'reportes', lazy: () => import('./routes/reportes') },
            { path: 'cargas', lazy: () => import('./routes/cargas') },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(initialEntries?: string[]) {
  const routes = appRoutes();
  return initialEntries ? createMemoryRouter(routes, { initialEntries }) : createBrowserRouter(routes);
}
