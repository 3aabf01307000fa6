/**
 * Build step: the /login page with its screen already in the HTML. `pnpm bench:login` showed the form only
 * once the entry chunk and the login chunks had downloaded and run (about 1.9× a bare Vite + React page
 * on Fast 3G). This step renders the real app at /login with react-dom/server (src/prerender.tsx, through
 * Vite's SSR loader, so the markup cannot drift from LoginScreen) and writes `login.html`
 * (PRERENDERED_LOGIN_PAGE): index.html with that markup in #root and the app's stylesheet inlined, so the
 * form paints as soon as the HTML has arrived; main.tsx then hydrates it. index.html stays as it was for
 * every other path (a reload of /socioeconomico/… must not flash the login form).
 */
import path from 'node:path';
import { createServer, type Plugin } from 'vite';
// Relative: Vite bundles its config's relative imports but loads packages with Node, which cannot run .ts.
import { PRERENDERED_LOGIN_PAGE } from '../../../packages/contracts/src/app-paths';

const ROOT_DIV = '<div id="root"></div>';
const STYLESHEET = /<link rel="stylesheet"[^>]*?href="([^"]+)"[^>]*>/g;
const TITLE = /<title>[^<]*<\/title>/;

/**
 * index.html → login.html: `markup` inside #root, and each stylesheet link whose file `styleOf` knows
 * replaced by a <style> with that file's text (one request fewer before the first paint). The screen's
 * <title> (React 19 renders it in place on the server, hoists it on the client) replaces the page's, so the
 * tab is named from the start and React adopts that element when it hydrates. Throws when the page has no
 * empty #root (a changed index.html must not silently lose the prerender).
 */
export function prerenderedPage(
  html: string,
  markup: string,
  styleOf: (href: string) => string | undefined,
): string {
  if (!html.includes(ROOT_DIV)) throw new Error(`prerender-login: index.html no tiene ${ROOT_DIV}`);
  const title = TITLE.exec(markup)?.[0];
  const body = title ? markup.replace(title, '') : markup;
  return (title ? html.replace(TITLE, () => title) : html)
    .replace(STYLESHEET, (link, href: string) => {
      const css = styleOf(href);
      if (css === undefined) return link;
      if (/<\/style/i.test(css)) throw new Error(`prerender-login: ${href} contiene </style>`);
      return `<style>${css}</style>`;
    })
    .replace(ROOT_DIV, () => `<div id="root">${body}</div>`);
}

/** Renders src/prerender.tsx's `renderLogin()` in a throw-away Vite SSR loader rooted at `root`. */
export async function renderLoginMarkup(root: string): Promise<string> {
  const server = await createServer({
    configFile: false,
    root,
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const module = (await server.ssrLoadModule('/src/prerender.tsx')) as {
      renderLogin: () => Promise<string>;
    };
    return await module.renderLogin();
  } finally {
    await server.close();
  }
}

/** Vite plugin (build only): emits PRERENDERED_LOGIN_PAGE beside index.html. */
export function prerenderLogin(): Plugin {
  let root = process.cwd();
  let base = '/';
  let markup: Promise<string> | undefined;
  return {
    name: 'socio-prerender-login',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    buildStart() {
      // Rendered while the client bundle builds; awaited when the pages are written.
      markup = renderLoginMarkup(root);
      markup.catch(() => {});
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!markup || index?.type !== 'asset') {
          throw new Error('prerender-login: el build no produjo index.html');
        }
        const styleOf = (href: string) => {
          const file = bundle[path.posix.relative(base, href)];
          return file?.type === 'asset' && file.fileName.endsWith('.css') ? String(file.source) : undefined;
        };
        this.emitFile({
          type: 'asset',
          fileName: PRERENDERED_LOGIN_PAGE,
          source: prerenderedPage(String(index.source), await markup, styleOf),
        });
      },
    },
  };
}
