import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), tailwindcss()],
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
    // Maps for debugging and for scripts/size.mjs, without a sourceMappingURL comment in the bundles.
    sourcemap: 'hidden',
  },
});
