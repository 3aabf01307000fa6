/**
 * Build-time only (build/prerender-login.ts loads it through Vite's SSR loader; no browser bundle
 * imports it): the app at /login for a first visit, rendered to HTML by react-dom/server. The markup is
 * the real LoginScreen in the real provider tree, so main.tsx can hydrate it.
 */
import { APP_PATHS } from '@socio/contracts';
import type { SessionStore } from '@socio/features/auth';
import { renderToString } from 'react-dom/server';
import { appRoot } from './app';
import { createAppContext } from './app-context';
import { createAppRouter, routerReady } from './router';

/** A first visit: nothing stored. */
const noSession: SessionStore = { get: () => null, set() {}, clear() {} };

export async function renderLogin(): Promise<string> {
  const router = createAppRouter([APP_PATHS.login]);
  await routerReady(router);
  const context = createAppContext({
    store: noSession,
    fetch: () => Promise.reject(new Error('prerender: sin red')),
  });
  return renderToString(appRoot(context, router));
}
