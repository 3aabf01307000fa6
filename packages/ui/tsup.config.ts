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

/**
 * One entry per public subpath: the heavy parts (nivo, pdf.js) live behind `./charts` and `./pdf-viewer`,
 * so `@socio/ui` alone never reaches them. ESM (`.js`) and CommonJS (`.cjs`, the `require` condition),
 * each with its declarations (`.d.ts` / `.d.cts`) and source maps (sources inlined: `src` is not shipped).
 */
export default defineConfig({
  entry: { index: 'src/index.ts', charts: 'src/charts/index.ts', 'pdf-viewer': 'src/pdf-viewer/index.ts' },
  format: ['esm', 'cjs'],
  target: 'es2022',
  platform: 'browser',
  dts: true,
  sourcemap: true,
  // `import.meta.url` (the self-hosted pdf.js worker URL) gets a CommonJS equivalent in the .cjs files.
  shims: true,
  // Every module holds hooks or handlers: React Server Components frameworks must treat all as client code.
  banner: { js: "'use client';" },
  clean: false,
  // Keeps the components' `lazy(() => import(...))` boundaries: nivo and react-pdf load on demand.
  splitting: true,
  treeshake: false,
  outDir: 'dist',
  tsconfig: 'tsconfig.json',
  // Asset imports such as `pdfjs-dist/build/pdf.worker.min.mjs?url` are left to the consumer's bundler.
  external: [externalPattern, /\?(url|worker|raw|inline)$/],
  esbuildOptions(options) {
    options.jsx = 'automatic';
  },
});
