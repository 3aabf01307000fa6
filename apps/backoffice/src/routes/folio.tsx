import { APP_PATHS } from '@socio/contracts';
import { useSession } from '@socio/features/auth';
import { FolioFichaScreen } from '@socio/features/folios';
import { useNavigate, useParams } from 'react-router';

/**
 * /socioeconomico/folios/:folio — the ficha del folio, for every role (the server answers 404 to a Visitador
 * for a folio not assigned to them). 'Abrir en Reportes' opens Reportes searching the folio, as the top bar does.
 */
export function Component() {
  const { folio = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const staff = user !== null && user.rol !== 'Visitador';
  return (
    <FolioFichaScreen
      key={folio}
      folio={folio}
      onOpenReport={
        staff ? (f) => void navigate(APP_PATHS.reportes, { state: { searchFolio: f } }) : undefined
      }
    />
  );
}
