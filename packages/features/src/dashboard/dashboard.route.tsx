import { useSession } from '../auth';
import { DashboardScreen } from './dashboard-screen';

/** Route element of /socioeconomico/inicio: a Visitador is told the numbers are their own. */
export default function DashboardRoute() {
  const { user } = useSession();
  return <DashboardScreen ownOnly={user?.rol === 'Visitador'} />;
}
