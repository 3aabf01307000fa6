import { PortsProvider } from '@socio/features';
import { SessionProvider } from '@socio/features/auth';
import { Toaster, UiProvider } from '@socio/ui';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import type { AppContext } from './app-context';
import { createAppRouter } from './router';

export interface AppProps {
  context: AppContext;
  /** Where the router starts (tests); the browser URL otherwise. */
  initialEntries?: string[];
}

/** Providers + router: the whole back-office. */
export function App({ context, initialEntries }: AppProps) {
  const [router] = useState(() => createAppRouter(initialEntries));
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
