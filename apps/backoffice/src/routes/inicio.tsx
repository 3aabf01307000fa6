import { useSession } from '@socio/features/auth';
import { DashboardScreen } from '@socio/features/dashboard';

/** /socioeconomico/inicio — a Visitador sees the numbers of their own assignments. */
export function Component() {
  const { user } = useSession();
  return <DashboardScreen ownOnly={user?.rol === 'Visitador'} />;
}
