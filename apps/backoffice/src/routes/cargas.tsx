import { type ActiveAssignmentsQuery, VISITOR_ROLE } from '@socio/contracts';
import { useSession } from '@socio/features/auth';
import {
  CargasScreen,
  cargasQueryToSearch,
  parseCargasQuery,
  type QueryChangeOptions,
} from '@socio/features/cargas';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * /socioeconomico/cargas — every role (a Visitador sees and moves only their own assignments).
 * Page, size and sort live in the URL query (`?page=2&page_size=20&sort_by=estatus&sort_order=asc`),
 * so reload, back/forward and a shared link keep them; bad values fall back to the defaults.
 */
export function Component() {
  const { user } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = parseCargasQuery(searchParams);
  const onQueryChange = useCallback(
    // A correction (a page past the end) replaces the entry: Back must not land on ?page=99 again.
    (next: ActiveAssignmentsQuery, options?: QueryChangeOptions) =>
      setSearchParams(cargasQueryToSearch(next), { replace: options?.replace ?? false }),
    [setSearchParams],
  );
  // Signed-out never reaches here (the route is guarded); if it did, it would get the least the policy grants.
  return <CargasScreen query={query} onQueryChange={onQueryChange} viewer={user?.rol ?? VISITOR_ROLE} />;
}
