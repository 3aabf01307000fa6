import type { ActiveVisitor } from '@socio/contracts';
import { useQuery } from '@tanstack/react-query';
import { usePort } from '../../ports';

/** Query keys of the wizard's look-ups (shared with the rest of the cargas feature when equal). */
export const bulkLoadKeys = {
  activeVisitors: ['cargas', 'active-visitors'] as const,
  regions: ['cargas', 'regions'] as const,
};

/**
 * Active visitors (id and region) for step 3 and 'Agregar folio'. A failure is only logged: the
 * dropdowns then offer no visitor.
 */
export function useActiveVisitors(enabled = true) {
  const cargas = usePort('cargas');
  return useQuery<ActiveVisitor[]>({
    queryKey: bulkLoadKeys.activeVisitors,
    queryFn: async ({ signal }) => {
      try {
        return await cargas.activeVisitors({ signal });
      } catch (error) {
        console.error(error);
        throw error;
      }
    },
    enabled,
    staleTime: 30_000,
  });
}

/** Regions (states) for 'Agregar folio'; a failure is only logged. */
export function useRegions(enabled = true) {
  const cargas = usePort('cargas');
  return useQuery<string[]>({
    queryKey: bulkLoadKeys.regions,
    queryFn: async ({ signal }) => {
      try {
        return await cargas.regions({ signal });
      } catch (error) {
        console.error(error);
        throw error;
      }
    },
    enabled,
    staleTime: 5 * 60_000,
  });
}
