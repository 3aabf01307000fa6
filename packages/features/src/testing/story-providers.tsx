import { Toaster } from '@socio/ui';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { type Ports, PortsProvider } from '../ports';

export interface FeatureProvidersProps {
  ports: Partial<Ports>;
  children: ReactNode;
}

/** Fresh query cache + injected ports + toasts: what a story or test needs to render a feature. */
export function FeatureProviders({ ports, children }: FeatureProvidersProps) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
          mutations: { retry: false },
        },
      }),
  );
  return (
    <QueryClientProvider client={client}>
      <PortsProvider value={ports}>
        {children}
        <Toaster />
      </PortsProvider>
    </QueryClientProvider>
  );
}
