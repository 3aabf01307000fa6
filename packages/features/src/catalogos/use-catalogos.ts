/** TanStack Query hooks of the shared catalogues; all data comes from the injected `catalogos` port. */
import { useQuery } from '@tanstack/react-query';
import { usePort } from '../ports';

export const catalogosKeys = {
  all: ['catalogos'] as const,
  estados: ['catalogos', 'estados'] as const,
  clientes: ['catalogos', 'clientes'] as const,
};

/** The 32 states; read once per session (they never change while the app runs). */
export function useEstados(enabled = true) {
  const port = usePort('catalogos');
  return useQuery({
    queryKey: catalogosKeys.estados,
    queryFn: ({ signal }) => port.estados({ signal }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The clients; read once per session. */
export function useClientes() {
  const port = usePort('catalogos');
  return useQuery({
    queryKey: catalogosKeys.clientes,
    queryFn: ({ signal }) => port.clientes({ signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
