import { useSession } from '../auth';
import { UsersScreen } from './users-screen';

/** Route element of /socioeconomico/usuarios: only an Administrador manages users. */
export default function UsersRoute() {
  const { user } = useSession();
  return <UsersScreen canManage={user?.rol === 'Administrador'} />;
}
