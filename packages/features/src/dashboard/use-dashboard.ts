import { useQuery } from '@tanstack/react-query';
import { usePort } from '../ports';

export const dashboardKeys = { resumen: ['dashboard', 'resumen'] as const };

/** The live summary of GET /dashboard/resumen. */
export function useDashboardResumen() {
  const port = usePort('dashboard');
  return useQuery({ queryKey: dashboardKeys.resumen, queryFn: ({ signal }) => port.resumen({ signal }) });
}
