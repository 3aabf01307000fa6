import { useSession } from '@socio/features/auth';
import { UsersScreen } from '@socio/features/users';
import { RoleGuard } from './role-guard';

/** /socioeconomico/usuarios — Administrador manages, Supervisor reads, Visitador is sent to Inicio. */
export function Component() {
  const { user } = useSession();
  return (
    <RoleGuard roles={['Administrador', 'Supervisor']}>
      <UsersScreen canManage={user?.rol === 'Administrador'} />
    </RoleGuard>
  );
}
