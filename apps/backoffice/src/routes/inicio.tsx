import { can } from '@socio/contracts';
import { useSession } from '@socio/features/auth';
import { DashboardScreen } from '@socio/features/dashboard';

/** Inicio: staff see the whole operation; a Visitador sees the numbers of their own assignments. */
export function Component() {
  const { user } = useSession();
  return <DashboardScreen ownOnly={user ? !can(user.rol, 'tablero.ver_todo') : false} />;
}
