import type { Rol } from '@socio/contracts';
import { useSession } from '@socio/features/auth';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';

/** Renders `children` only for the given roles; anyone else goes back to Inicio. */
export function RoleGuard({ roles, children }: { roles: readonly Rol[]; children: ReactNode }) {
  const { user } = useSession();
  if (!user || !roles.includes(user.rol)) return <Navigate to="/socioeconomico/inicio" replace />;
  return children;
}
