import { APP_PATHS } from '@socio/contracts';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { appRoot } from './app';
import { type AppContext, createAppContext } from './app-context';
import { installPreloadRecovery } from './preload-recovery';
import { type AppRouter, createAppRouter, routerReady } from './router';
import type { LoginRouteState } from './routes/login';
import './styles.css';

installPreloadRecovery();

const root = document.getElementById('root');
if (!root) throw new Error('Falta el elemento #root en index.html');

const context = createAppContext();
const router = createAppRouter();

/**
 * Whether the app's first render is the markup the build prerendered into login.html (src/prerender.tsx):
 * /login for a visitor without a session and without a notice to show.
 */
function showsPrerenderedLogin(ready: AppRouter, app: AppContext): boolean {
  const { session, ended } = app.session.getSnapshot();
  const state = (ready.state.location.state ?? {}) as LoginRouteState;
  return ready.state.matches.at(-1)?.route.path === APP_PATHS.login && !session && !ended && !state.notice;
}

if (root.firstElementChild) {
  // login.html: the form is already on screen and may hold what the user typed. Hydrate it once the
  // login route's modules are in (its first render must be the form, not the router's fallback);
  // anything else replaces it.
  void routerReady(router).then(() => {
    if (showsPrerenderedLogin(router, context)) {
      hydrateRoot(root, appRoot(context, router));
    } else {
      root.replaceChildren();
      createRoot(root).render(appRoot(context, router));
    }
  });
} else {
  createRoot(root).render(appRoot(context, router));
}
