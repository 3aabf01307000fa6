import { APP_PATHS, APP_SCREENS } from '@socio/contracts';
import { useSession } from '@socio/features/auth';
import { ReportesScreen } from '@socio/features/reportes';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { saveFile } from '../adapters/browser/save-file';
import { createViewerLayoutStore } from '../adapters/storage/viewer-layout-store';
import { RoleGuard } from './role-guard';

/** Query parameter holding the chosen client (its id), so the choice survives a reload. */
const CLIENTE_PARAM = 'cliente';

/** The splitter and 'Ocultar visor' choice, kept in this browser. */
const viewerLayout = createViewerLayoutStore();

/** What the top bar's 'Buscar info de folio' sends along (the folio, as navigation state). */
interface ReportesRouteState {
  searchFolio?: unknown;
}

/** /socioeconomico/reportes — Administrador and Supervisor; a Visitador is sent to Inicio. */
export function Component() {
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const state = (location.state ?? null) as ReportesRouteState | null;
  const searchFolio = typeof state?.searchFolio === 'string' ? state.searchFolio : undefined;
  const navigate = useNavigate();
  const { user } = useSession();
  // The link to Clientes (a client without recipients) only for whom may open it.
  const canOpenClientes = user ? APP_SCREENS.clientes.roles.includes(user.rol) : false;
  return (
    <RoleGuard screen="reportes">
      <ReportesScreen
        cliente={params.get(CLIENTE_PARAM)}
        onClienteChange={(cliente) =>
          setParams(
            (current) => {
              const next = new URLSearchParams(current);
              next.set(CLIENTE_PARAM, cliente);
              return next;
            },
            // Not a new history entry. The folio state is dropped: the box keeps what it shows.
            { replace: true },
          )
        }
        searchFolio={searchFolio}
        searchKey={searchFolio === undefined ? undefined : location.key}
        saveFile={saveFile}
        onOpenClientes={canOpenClientes ? () => navigate(APP_PATHS.clientes) : undefined}
        defaultViewerLayout={viewerLayout.read()}
        onViewerLayoutChange={viewerLayout.write}
      />
    </RoleGuard>
  );
}
