// Build of the floor page of `pnpm bench:login` (see ../login.mjs): the app's React plugin and static
// delivery (brotli/gzip twins), so both pages reach the browser the same way.
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { staticDelivery } from '../../build/precompress.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

export default defineConfig({
  root: here,
  logLevel: 'warn',
  plugins: [react(), staticDelivery({ mapsDir: path.join(os.tmpdir(), 'socio-bench-login-floor-maps') })],
  build: { emptyOutDir: true },
});
