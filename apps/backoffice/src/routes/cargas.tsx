import { type ActiveAssignmentsQuery, folioPath, VISITOR_ROLE } from '@socio/contracts';
import { useSession } from '@socio/features/auth';
import {
  CargasScreen,
  cargasQueryToSearch,
  parseCargasQuery,
  type QueryChangeOptions,
} from '@socio/features/cargas';
import { useCallback } from 'react';
import { Link, useSearchParams } from 'react-router';

/** The Folio cell: a link to the folio's ficha. */
const folioLink = (folio: string) => (
  <Link to={folioPath(folio)} className="text-brand-700 underline-offset-2 hover:underline">
    {folio}
  </Link>
);

/**
 * /socioeconomico/cargas — every role (a Visitador sees and moves only their own assignments).
 * Page, size, sort and the filters (issue 20: folio, estatus, estado, visitador, fecha_desde/hasta) live in the URL query (`?page=2&page_size=20&sort_by=estatus&sort_order=asc`),
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
  return (
    <CargasScreen
      query={query}
      onQueryChange={onQueryChange}
      viewer={user?.rol ?? VISITOR_ROLE}
      renderFolio={folioLink}
    />
  );
}
