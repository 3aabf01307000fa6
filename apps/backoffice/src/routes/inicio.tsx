import { useSession } from '@socio/features/auth';
import { DashboardScreen } from '@socio/features/dashboard';

/** /socioeconomico/inicio — a Visitador's numbers are their own (the server scopes them). */
export function Component() {
  const { user } = useSession();
  return <DashboardScreen ownOnly={user?.rol === 'Visitador'} />;
}
