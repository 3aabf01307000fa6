import { readFileSync } from 'node:fs';
import { defineConfig } from 'tsup';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

/** Every runtime and peer dependency (and any of its subpaths) stays an import in the bundle. */
const externalPackages = [
  'react',
  'react-dom',
  'react/jsx-runtime',
  'react-pdf',
  'pdfjs-dist',
  ...Object.keys(pkg.dependencies ?? {}),
  ...Object.keys(pkg.peerDependencies ?? {}),
];
const escapeRegExp = (name: string) => name.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const externalPattern = new RegExp(`^(${[...new Set(externalPackages)].map(escapeRegExp).join('|')})(/.*)?$`);

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm'],
  target: 'es2022',
  platform: 'browser',
  dts: true,
  sourcemap: false,
  clean: false,
  // Keeps the components' `lazy(() => import(...))` boundaries: nivo and react-pdf load on demand.
  splitting: true,
  treeshake: true,
  outDir: 'dist',
  tsconfig: 'tsconfig.json',
  // Asset imports such as `pdfjs-dist/build/pdf.worker.min.mjs?url` are left to the consumer's bundler.
  external: [externalPattern, /\?(url|worker|raw|inline)$/],
  esbuildOptions(options) {
    options.jsx = 'automatic';
  },
});
