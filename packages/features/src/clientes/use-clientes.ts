/** TanStack Query hooks of the Clientes settings screen (data from the injected `clientes` port). */
import type { ClienteDestinatarios } from '@socio/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePort } from '../ports';

export const clientesKeys = {
  destinatarios: ['clientes', 'destinatarios'] as const,
};

export function useClientesDestinatarios() {
  const port = usePort('clientes');
  return useQuery({
    queryKey: clientesKeys.destinatarios,
    queryFn: ({ signal }) => port.list({ signal }),
  });
}

export function useSaveDestinatarios() {
  const port = usePort('clientes');
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ idCliente, destinatarios }: { idCliente: number; destinatarios: string[] }) =>
      port.updateDestinatarios(idCliente, destinatarios),
    onSuccess: (saved) => {
      client.setQueryData<ClienteDestinatarios[]>(clientesKeys.destinatarios, (rows) =>
        rows?.map((row) => (row.id_cliente === saved.id_cliente ? saved : row)),
      );
    },
  });
}
