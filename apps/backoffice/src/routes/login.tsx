import { authMessages, LoginScreen, useSession } from '@socio/features/auth';
import { Navigate, useLocation, useNavigate } from 'react-router';

export const HOME_PATH = '/socioeconomico';

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

  if (user) return <Navigate to={HOME_PATH} replace />;
  return (
    <LoginScreen
      notice={expired ? authMessages.login.sessionExpired : undefined}
      onSuccess={() => navigate(HOME_PATH, { replace: true })}
    />
  );
}
