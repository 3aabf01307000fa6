import { PortsProvider } from '@socio/features';
import { SessionProvider } from '@socio/features/auth';
import { Toaster, UiProvider } from '@socio/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useState } from 'react';
import { RouterProvider } from 'react-router';
import type { AppContext } from './app-context';
import { type AppRouter, createAppRouter } from './router';

export interface AppProps {
  context: AppContext;
  /** Where the router starts (tests); the browser URL otherwise. */
  initialEntries?: string[];
  /** A router made beforehand (main.tsx waits for it before hydrating the prerendered /login). */
  router?: AppRouter;
}

/** Providers + router: the whole back-office. */
export function App({ context, initialEntries, router: given }: AppProps) {
  const [router] = useState(() => given ?? createAppRouter(initialEntries));
  return (
    <UiProvider>
      <QueryClientProvider client={context.queryClient}>
        <PortsProvider value={context.ports}>
          <SessionProvider controller={context.session}>
            <RouterProvider router={router} />
            <Toaster />
          </SessionProvider>
        </PortsProvider>
      </QueryClientProvider>
    </UiProvider>
  );
}

/** The element main.tsx renders and the build prerenders for /login: one tree, so hydration matches. */
export function appRoot(context: AppContext, router?: AppRouter) {
  return (
    <StrictMode>
      <App context={context} router={router} />
    </StrictMode>
  );
}
