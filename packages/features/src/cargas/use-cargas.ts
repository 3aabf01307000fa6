/** TanStack Query hooks of the Cargas screen; all data comes from the injected `cargas` port. */
import type {
  ActiveAssignmentsQuery,
  AsignacionEstatus,
  AssignmentFilters,
  ManualAssignmentRequest,
} from '@socio/contracts';
import {
  keepPreviousData,
  useIsMutating,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { usePort } from '../ports';

export const cargasKeys = {
  all: ['cargas'] as const,
  assignments: ['cargas', 'assignments'] as const,
  page: (query: ActiveAssignmentsQuery) => ['cargas', 'assignments', query] as const,
  stats: ['cargas', 'stats'] as const,
  statsOf: (filters: AssignmentFilters) => ['cargas', 'stats', filters] as const,
  visitors: ['cargas', 'active-visitors'] as const,
  regions: ['cargas', 'regions'] as const,
  saveManual: ['cargas', 'save-manual'] as const,
};

/**
 * One page of assignments. The query key is the whole query, so a page/size/sort change starts a new
 * request and TanStack Query aborts the previous one through its signal: a stale answer never lands
 * on a newer page. The previous page stays on screen (`keepPreviousData`) until the new one arrives.
 */
export function useActiveAssignments(query: ActiveAssignmentsQuery, enabled: boolean) {
  const port = usePort('cargas');
  return useQuery({
    queryKey: cargasKeys.page(query),
    queryFn: ({ signal }) => port.activeAssignments(query, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/**
 * Statistics of the assignments matching `filters` (the list's): a failure is only logged; the panel shows '-'
 * instead of figures.
 */
export function useAssignmentStats(enabled: boolean, filters: AssignmentFilters = {}) {
  const port = usePort('cargas');
  return useQuery({
    queryKey: cargasKeys.statsOf(filters),
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      try {
        return await port.stats(filters, { signal });
      } catch (error) {
        console.error('Error al cargar las estadísticas de asignaciones', error);
        throw error;
      }
    },
    enabled,
    retry: false,
  });
}

/**
 * Active visitors (id and region) for the manual picker, reassignment, the bulk-load wizard's step 3
 * and 'Agregar folio'; a failure is only logged, the lists then offer no visitor.
 */
export function useActiveVisitors(enabled: boolean) {
  const port = usePort('cargas');
  return useQuery({
    queryKey: cargasKeys.visitors,
    queryFn: async ({ signal }) => {
      try {
        return await port.activeVisitors({ signal });
      } catch (error) {
        console.error('Error al cargar los visitadores activos', error);
        throw error;
      }
    },
    enabled,
    staleTime: 30_000,
  });
}

/** Regions (states) for 'Agregar folio'; a failure is only logged. */
export function useRegions(enabled: boolean) {
  const port = usePort('cargas');
  return useQuery({
    queryKey: cargasKeys.regions,
    queryFn: async ({ signal }) => {
      try {
        return await port.regions({ signal });
      } catch (error) {
        console.error('Error al cargar las regiones', error);
        throw error;
      }
    },
    enabled,
    staleTime: 5 * 60_000,
  });
}

/** After any change: the list pages and the statistics are fetched again. */
export function useInvalidateCargas() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: cargasKeys.assignments }),
      client.invalidateQueries({ queryKey: cargasKeys.stats }),
    ]);
}

export function useSaveManualAssignment() {
  const port = usePort('cargas');
  const invalidate = useInvalidateCargas();
  return useMutation({
    mutationKey: cargasKeys.saveManual,
    mutationFn: (body: ManualAssignmentRequest) => port.saveManual(body),
    onSuccess: () => invalidate(),
  });
}

export function useChangeStatus() {
  const port = usePort('cargas');
  const invalidate = useInvalidateCargas();
  return useMutation({
    mutationFn: ({ id, estatus }: { id: number; estatus: AsignacionEstatus }) =>
      port.changeStatus(id, estatus),
    onSettled: () => invalidate(),
  });
}

export function useReassign() {
  const port = usePort('cargas');
  const invalidate = useInvalidateCargas();
  return useMutation({
    mutationFn: ({ id, visitorId }: { id: number; visitorId: number }) => port.reassign(id, visitorId),
    onSettled: () => invalidate(),
  });
}

/** True while a manual assignment is being sent (the modal then cannot close). */
export function useIsSavingManual(): boolean {
  return useIsMutating({ mutationKey: cargasKeys.saveManual }) > 0;
}
