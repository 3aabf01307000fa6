import { APP_PATHS, type AppScreen } from '@socio/contracts';
import { useSession } from '@socio/features/auth';
import { canOpen } from '@socio/features/shell';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';

export interface RoleGuardProps {
  /** The screen being opened: its roles come from `APP_SCREENS`, the same the menu reads. */
  screen: AppScreen;
  children: ReactNode;
}

/**
 * Renders `children` only for the roles allowed to open the screen; anyone else goes back to
 * Inicio. The server enforces the same roles on every call; this only spares a useless screen.
 */
export function RoleGuard({ screen, children }: RoleGuardProps) {
  const { user } = useSession();
  if (!user || !canOpen(user.rol, screen)) return <Navigate to={APP_PATHS.inicio} replace />;
  return children;
}
