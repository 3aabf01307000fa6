import { APP_PATHS, APP_SCREENS, FOLIO_SEGMENT } from '@socio/contracts';
import { createBrowserRouter, createMemoryRouter, Navigate, type RouteObject } from 'react-router';
import { RootLayout } from './routes/root-layout';
import { RouterError } from './routes/router-error';

/**
 * The app's routes, from `APP_PATHS` / `APP_SCREENS` (docs/adding-a-screen.md). Every screen is a
 * lazy chunk, so the login chunk stays small.
 */
function appRoutes(): RouteObject[] {
  return [
    {
      path: APP_PATHS.root,
      element: <RootLayout />,
      // Shown while the first lazy route module loads (instead of a blank page and react-router's
      // 'No HydrateFallback element' console warning on every full page load).
      hydrateFallbackElement: <div aria-busy="true" className="min-h-dvh bg-canvas" />,
      // Routing errors (a failed chunk, a loader that threw) show the product's fallback page
      // 'Unexpected Application Error!' without react-router's developer text; rendering errors are
      // caught by RootLayout's boundary and shown as 'Algo salió mal'; unknown paths match '*'.
      errorElement: <RouterError />,
      children: [
        { index: true, element: <Navigate to={APP_PATHS.login} replace /> },
        { path: APP_PATHS.login, lazy: () => import('./routes/login') },
        {
          // Paths match case-insensitively, so the spec's '/Socioeconomico/…' spelling lands here too.
          path: APP_PATHS.shell,
          lazy: () => import('./routes/shell'),
          children: [
            { index: true, element: <Navigate to={APP_PATHS.inicio} replace /> },
            { path: APP_SCREENS.inicio.segment, lazy: () => import('./routes/inicio') },
            { path: APP_SCREENS.usuarios.segment, lazy: () => import('./routes/usuarios') },
            { path: APP_SCREENS.reportes.segment, lazy: () => import('./routes/reportes') },
            { path: APP_SCREENS.cargas.segment, lazy: () => import('./routes/cargas') },
            { path: APP_SCREENS.clientes.segment, lazy: () => import('./routes/clientes') },
            { path: FOLIO_SEGMENT, lazy: () => import('./routes/folio') },
          ],
        },
        { path: '*', lazy: () => import('./routes/not-found') },
      ],
    },
  ];
}

export function createAppRouter(initialEntries?: string[]) {
  const routes = appRoutes();
  return initialEntries ? createMemoryRouter(routes, { initialEntries }) : createBrowserRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Resolves once the router has loaded the lazy modules of its first location, so that its first render
 * is the screen itself and not the hydrate fallback (what hydrating the prerendered /login needs, and
 * what the build's prerender waits for).
 */
export function routerReady(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
