import { useSession } from '@socio/features/auth';
import { ShellLayout } from '@socio/features/shell';
import { Navigate, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import type { LoginRouteState } from './login';

/** /socioeconomico — the signed-in area. No session: back to /login. */
export function Component() {
  const { user, ended } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();

  if (!user) {
    const state: LoginRouteState | undefined = ended === 'expired' ? { notice: 'expired' } : undefined;
    return <Navigate to="/login" replace state={state} />;
  }
  return (
    <ShellLayout
      currentPath={location.pathname}
      onNavigate={(to, state) => navigate(to, { state })}
      busy={navigation.state === 'loading'}
    >
      <Outlet />
    </ShellLayout>
  );
}
