import { APP_PATHS } from '@socio/contracts';
import { authMessages, LoginScreen, useSession } from '@socio/features/auth';
import { DocumentTitle, shellMessages } from '@socio/features/shell';
import { Navigate, useLocation, useNavigate } from 'react-router';

/** Route state that makes the login screen explain why the user is back here. */
export interface LoginRouteState {
  notice?: 'expired';
}

/** /login — already signed in users go straight to the shell. */
export function Component() {
  const { user, ended } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginRouteState;
  const expired = state.notice === 'expired' || ended === 'expired';

  if (user) return <Navigate to={APP_PATHS.shell} replace />;
  return (
    <>
      <DocumentTitle page={shellMessages.loginPage} />
      <LoginScreen
        notice={expired ? authMessages.login.sessionExpired : undefined}
        onSuccess={() => navigate(APP_PATHS.shell, { replace: true })}
      />
    </>
  );
}
