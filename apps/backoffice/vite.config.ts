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
    // Maps for debugging and for scripts/size.mjs, without a sourceMappingURL comment in the bundles.
    sourcemap: 'hidden',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Heavy libraries get their own chunks, loaded only by the routes that need them. Their
          // shared dependencies (react…) are NOT pulled in, or every route would load the chart chunk.
          includeDependenciesRecursively: false,
          groups: [
            { name: 'charts', test: /node_modules[\\/].*(@nivo|d3-[^\\/]+|@react-spring)[\\/]/, priority: 20 },
            { name: 'pdf', test: /node_modules[\\/].*(pdfjs-dist|react-pdf)[\\/]/, priority: 20 },
            {
              name: 'table',
              test: /node_modules[\\/].*@tanstack[\\/](react-table|table-core|react-virtual|virtual-core)[\\/]/,
              priority: 20,
            },
          ],
        },
      },
    },
  },
});
