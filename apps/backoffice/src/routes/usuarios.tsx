import { can } from '@socio/contracts';
import { useSession } from '@socio/features/auth';
import { UsersScreen } from '@socio/features/users';
import { RoleGuard } from './role-guard';

/** Usuarios: an Administrador manages, a Supervisor reads, a Visitador is sent to Inicio. */
export function Component() {
  const { user } = useSession();
  return (
    <RoleGuard screen="usuarios">
      <UsersScreen canManage={user ? can(user.rol, 'usuarios.gestionar') : false} />
    </RoleGuard>
  );
}
