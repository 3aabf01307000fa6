import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { staticDelivery } from './build/precompress';
import { preloadRoute } from './build/preload-route';
import { prerenderLogin } from './build/prerender-login';

const here = path.dirname(fileURLToPath(import.meta.url));

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

/**
 * react-router 7 exports only its development build (warnings, the 'Hey developer' error page); the
 * production build sits beside it in dist/production. The app's build uses that one (~15 KB less on the
 * wire for /login; the dev server keeps the development build).
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  resolve: {
    alias: command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  plugins: [
    react(),
    tailwindcss(),
    // The login is the first screen of every visit: its lazy chunks load beside the entry, not after it.
    preloadRoute('src/routes/login.tsx'),
    // …and its screen is in the HTML of /login (login.html), painted before any script runs.
    prerenderLogin(),
    staticDelivery({ mapsDir: path.join(here, 'dist-maps') }),
  ],
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  preview: {
    proxy: { '/api': { target: apiTarget, changeOrigin: true } },
  },
  build: {
    // scripts/size.mjs walks the manifest to weigh what the /login route loads.
    manifest: true,
    // No manual chunk groups: every screen is a lazy route and @socio/ui loads charts (nivo) and the
    // PDF viewer (pdf.js) lazily, so the bundler already gives them chunks of their own that only
    // those screens load. (Manual groups either dragged react into the chart chunk or, without
    // their dependencies, broke CommonJS wrappers such as lodash's.) scripts/size.mjs checks it.
    // Maps for debugging and for scripts/size.mjs, without a sourceMappingURL comment in the bundles;
    // build/precompress.ts moves them to dist-maps/ so the server never serves them.
    sourcemap: 'hidden',
  },
}));
