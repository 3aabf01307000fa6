import { APP_PATHS } from '@socio/contracts';
import { useSession } from '@socio/features/auth';
import { ShellLayout } from '@socio/features/shell';
import { Navigate, Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import type { LoginRouteState } from './login';

/** The product's docs pages, static files served by the app (apps/backoffice/public/docs). */
const HELP_LINKS = { manuals: '/docs/manual-de-usuario.html', docs: '/docs/documentacion.html' } as const;

/** The signed-in area (`APP_PATHS.shell`). No session: back to the login. */
export function Component() {
  const { user, ended } = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();

  if (!user) {
    const state: LoginRouteState | undefined = ended === 'expired' ? { notice: 'expired' } : undefined;
    return <Navigate to={APP_PATHS.login} replace state={state} />;
  }
  return (
    <ShellLayout
      currentPath={location.pathname}
      onNavigate={(to, state) => navigate(to, { state })}
      busy={navigation.state === 'loading'}
      helpLinks={HELP_LINKS}
    >
      <Outlet />
    </ShellLayout>
  );
}
