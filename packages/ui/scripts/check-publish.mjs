#!/usr/bin/env node
// Verifies that @socio/ui is publishable and usable by an outside app:
//   1. builds the package (scripts/build.mjs),
//   2. packs it with `pnpm pack` (which applies publishConfig: exports point at dist),
//   3. lints the tarball with publint and with `attw --profile node16` (ESM and the CommonJS `require`),
//   4. installs the tarball in a throwaway Vite + React + TypeScript app outside the workspace (with its
//      own Tailwind v4 reading `@socio/ui/theme.css`) that imports `.`, `./charts`, `./pdf-viewer`, the
//      CSS and the theme; typechecks it with `skipLibCheck: false`, requires each entry from CommonJS,
//      builds it, and renders it in Chromium in both themes (host page untouched, tokens switching);
//   5. builds a Button-only page of the same app: no PDF worker, no chart or pdf.js code in it.
// Every run works in directories of its own (mkdtemp) and an OS-chosen port, so runs can overlap.
// Usage: `pnpm --filter @socio/ui run check:publish`. Exits non-zero on any failure.
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const pkgDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const workspaceRoot = path.resolve(pkgDir, '..', '..');
const bin = (name) => path.join(pkgDir, 'node_modules', '.bin', name);
const pkg = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8'));
const rootPkg = JSON.parse(readFileSync(path.join(workspaceRoot, 'package.json'), 'utf8'));
const started = Date.now();

function fail(message) {
  console.error(`\n✖ ${message}`);
  process.exit(1);
}

function run(label, command, args, options = {}) {
  console.info(`\n▶ ${label}`);
  const t0 = Date.now();
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? pkgDir,
    stdio: options.capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
  });
  if (options.capture) {
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
  }
  if (result.error) fail(`${label}: ${result.error.message}`);
  if (result.status !== 0) fail(`Falló / failed: ${label} (exit ${result.status ?? result.signal})`);
  console.info(`✔ ${label} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
  return result;
}

// 1. Build.
run('Compilando @socio/ui / building', process.execPath, [path.join(pkgDir, 'scripts', 'build.mjs')]);

// 2. Pack into a fresh temporary directory (pnpm pack applies publishConfig).
const packDir = mkdtempSync(path.join(os.tmpdir(), 'socio-ui-pack-'));
run('Empaquetando con pnpm pack / packing', 'pnpm', ['pack', '--pack-destination', packDir]);
const tarballName = readdirSync(packDir).find((file) => file.endsWith('.tgz'));
if (!tarballName) fail(`pnpm pack no produjo un .tgz en ${packDir}`);
const tarball = path.join(packDir, tarballName);
console.info(`  tarball: ${tarball}`);

// Inspect the packed manifest: the published exports must point at dist, never at src.
const listing = spawnSync('tar', ['-xzf', tarball, '-C', packDir], { encoding: 'utf8' });
if (listing.status !== 0) fail(`No se pudo extraer el tarball: ${listing.stderr}`);
const packedManifest = JSON.parse(readFileSync(path.join(packDir, 'package', 'package.json'), 'utf8'));
const packedExports = JSON.stringify(packedManifest.exports);
if (packedExports.includes('./src/') || !packedExports.includes('./dist/index.js')) {
  fail(
    `El package.json empaquetado no apunta a dist / packed exports do not point at dist: ${packedExports}`,
  );
}
const shipped = [
  ...['index', 'charts', 'pdf-viewer'].flatMap((name) =>
    ['.js', '.cjs', '.d.ts', '.d.cts', '.js.map'].map((ext) => `dist/${name}${ext}`),
  ),
  ...['styles', 'preflight', 'theme'].map((name) => `dist/${name}.css`),
  'README.md',
  'LICENSE',
  'CHANGELOG.md',
];
for (const file of shipped) {
  if (!existsSync(path.join(packDir, 'package', file)))
    fail(`Falta ${file} en el tarball / missing in tarball`);
}
// Source maps point into themselves (sources inlined), never at a path of the machine that built them.
const distFiles = readdirSync(path.join(packDir, 'package', 'dist'));
for (const file of distFiles.filter((name) => name.endsWith('.map'))) {
  const map = JSON.parse(readFileSync(path.join(packDir, 'package', 'dist', file), 'utf8'));
  const absolute = [map.file ?? '', ...map.sources].filter((source) => path.isAbsolute(source));
  if (absolute.length > 0) fail(`${file} nombra rutas absolutas / absolute paths: ${absolute.join(', ')}`);
  if (!map.sourcesContent?.some(Boolean)) fail(`${file} no trae el código fuente / no sourcesContent`);
}
const packedFiles = readdirSync(path.join(packDir, 'package'));
if (packedFiles.includes('src')) fail('El tarball incluye src/ / tarball ships src/');
console.info(`✔ Manifiesto empaquetado / packed manifest: exports → ${packedExports}`);

// 3. Lint the tarball.
run('publint (tarball)', bin('publint'), ['run', tarball, '--strict']);
run('attw --profile node16 (tarball)', bin('attw'), [
  tarball,
  '--profile',
  'node16',
  '--exclude-entrypoints',
  './styles.css',
  './preflight.css',
  './theme.css',
  '--no-emoji',
  '--no-color',
]);

// 4. Consumer check: a throwaway Vite + React + TypeScript app outside the workspace.
// A directory of its own per run, so two runs at once (parallel CI jobs, two checkouts) never share one.
const consumerDir = mkdtempSync(path.join(os.tmpdir(), 'socio-ui-consumer-'));
const versionOf = (name) => rootPkg.devDependencies?.[name] ?? pkg.devDependencies?.[name] ?? 'latest';
const write = (file, text) => {
  mkdirSync(path.dirname(path.join(consumerDir, file)), { recursive: true });
  writeFileSync(path.join(consumerDir, file), text);
};
write(
  'package.json',
  `${JSON.stringify(
    {
      name: 'socio-ui-consumer-check',
      private: true,
      type: 'module',
      dependencies: {
        '@socio/ui': `file:${tarball}`,
        ...Object.fromEntries(
          [
            'react',
            'react-dom',
            'vite',
            'tailwindcss',
            '@tailwindcss/vite',
            'typescript',
            '@types/react',
            '@types/react-dom',
          ].map((name) => [name, versionOf(name)]),
        ),
      },
    },
    null,
    2,
  )}\n`,
);
write(
  'tsconfig.json',
  `${JSON.stringify(
    {
      compilerOptions: {
        target: 'ES2022',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        module: 'ESNext',
        moduleResolution: 'Bundler',
        jsx: 'react-jsx',
        strict: true,
        isolatedModules: true,
        noEmit: true,
        // The published declarations are checked too, with everything they pull in.
        skipLibCheck: false,
        types: [],
      },
      include: ['src'],
    },
    null,
    2,
  )}\n`,
);
const page = (title, entry) =>
  `<!doctype html>\n<html lang="es-MX">\n  <head><meta charset="UTF-8" /><title>${title}</title></head>\n` +
  `  <body>\n    <div id="root"></div>\n    <script type="module" src="/src/${entry}"></script>\n  </body>\n</html>\n`;
write('index.html', page('Prueba de consumo', 'main.tsx'));
write('button.html', page('Solo Button', 'button-only.tsx'));
// The consumer's own Tailwind v4 with the published theme: brand utilities and the dark variant. Without
// Tailwind's preflight (an app living inside a page it does not own), so the checks below see the host
// page exactly as @socio/ui's own CSS leaves it.
write(
  'src/app.css',
  [
    '@layer theme, base, components, utilities;',
    '@import "tailwindcss/theme.css" layer(theme);',
    '@import "tailwindcss/utilities.css" layer(utilities);',
    '@import "@socio/ui/theme.css";',
    '@source "./";',
    '',
  ].join('\n'),
);
write(
  'src/main.tsx',
  [
    "import { StrictMode } from 'react';",
    "import { createRoot } from 'react-dom/client';",
    "import { Button, Card, CardContent, CardHeader, CardTitle, type ColorToken, tokens, UiProvider } from '@socio/ui';",
    "import { BarChart, type BarChartDatum } from '@socio/ui/charts';",
    "import { PdfViewer } from '@socio/ui/pdf-viewer';",
    "import '@socio/ui/styles.css';",
    "import './app.css';",
    '',
    "const brand: ColorToken = 'brand-200';",
    'const bars: BarChartDatum[] = [];',
    "const root = document.getElementById('root');",
    "if (!root) throw new Error('sin #root');",
    'createRoot(root).render(',
    '  <StrictMode>',
    "    <UiProvider messages={{ chartEmpty: 'Nada que graficar' }}>",
    '      <main className="bg-brand-200 p-4 dark:outline" data-brand={tokens.color.light[brand]}>',
    '        <Card>',
    '          <CardHeader><CardTitle>Resumen</CardTitle></CardHeader>',
    '          <CardContent>',
    '            <Button>Guardar</Button>',
    '            <BarChart title="Visitas" data={bars} />',
    '            <PdfViewer file={null} empty="Sin documento" />',
    '          </CardContent>',
    '        </Card>',
    '      </main>',
    '    </UiProvider>',
    '  </StrictMode>,',
    ');',
    '',
  ].join('\n'),
);
write(
  'src/button-only.tsx',
  [
    "import { createRoot } from 'react-dom/client';",
    "import { Button } from '@socio/ui';",
    "import '@socio/ui/styles.css';",
    '',
    "const root = document.getElementById('root');",
    "if (!root) throw new Error('sin #root');",
    'createRoot(root).render(<Button>Guardar</Button>);',
    '',
  ].join('\n'),
);
// One config, two builds: the whole app (index.html) and the Button-only page (BUILD_PAGE=button).
write(
  'vite.config.js',
  [
    "import tailwindcss from '@tailwindcss/vite';",
    "const button = process.env.BUILD_PAGE === 'button';",
    'export default {',
    '  plugins: [tailwindcss()],',
    "  oxc: { jsx: { runtime: 'automatic' } },",
    "  logLevel: 'error',",
    "  build: { outDir: button ? 'dist-button' : 'dist', rollupOptions: { input: button ? 'button.html' : 'index.html' } },",
    '};',
    '',
  ].join('\n'),
);
write(
  'src/require-check.cjs',
  [
    '// The CommonJS `require` condition: each entry loads in Node without a bundler.',
    "for (const entry of ['@socio/ui', '@socio/ui/charts', '@socio/ui/pdf-viewer']) {",
    '  const mod = require(entry);',
    "  if (Object.keys(mod).length === 0) throw new Error(entry + ': sin exportaciones');",
    '}',
    "const { tokens } = require('@socio/ui');",
    "if (tokens.color.light['brand-200'] !== '#bfd3fe') throw new Error('tokens sin brand-200');",
    "console.info('require: @socio/ui, @socio/ui/charts, @socio/ui/pdf-viewer');",
    '',
  ].join('\n'),
);

run(
  `npm install en la app de prueba / consumer app (${consumerDir})`,
  'npm',
  ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--loglevel=error'],
  { cwd: consumerDir, env: { npm_config_update_notifier: 'false' } },
);
// Tools run through node directly from the consumer, so nothing resolves back into the workspace.
const consumerBin = (file) => {
  const full = path.join(consumerDir, 'node_modules', ...file.split('/'));
  if (!existsSync(full)) fail(`Falta ${file} en la app de prueba / missing in consumer`);
  return full;
};
run('tsc --noEmit (skipLibCheck: false)', process.execPath, [consumerBin('typescript/bin/tsc'), '-p', '.'], {
  cwd: consumerDir,
});
run('require() de cada entrada (CommonJS)', process.execPath, ['src/require-check.cjs'], {
  cwd: consumerDir,
});
const viteBin = consumerBin('vite/bin/vite.js');
run('vite build (app completa)', process.execPath, [viteBin, 'build'], { cwd: consumerDir });
run('vite build (solo Button)', process.execPath, [viteBin, 'build'], {
  cwd: consumerDir,
  env: { BUILD_PAGE: 'button' },
});

/** Files of a build's assets folder, with their text when `ext` matches. */
function assetsOf(outDir) {
  const assetsDir = path.join(consumerDir, outDir, 'assets');
  const files = existsSync(assetsDir) ? readdirSync(assetsDir) : [];
  const read = (ext) =>
    files
      .filter((file) => file.endsWith(ext))
      .map((file) => readFileSync(path.join(assetsDir, file), 'utf8'))
      .join('\n');
  return { files, js: read('.js'), css: read('.css') };
}
const BUTTON_IN_JS = /["'`]?data-slot["'`]?\s*:\s*["'`]button["'`]/;
/** What only the PDF viewer and the charts bring: the pdf.js worker file, pdf.js, the chart frame. */
const HEAVY = {
  'el worker de pdf.js / the pdf.js worker file': (build) =>
    build.files.some((file) => /pdf\.worker/.test(file)),
  'pdf.js (GlobalWorkerOptions)': (build) => build.js.includes('GlobalWorkerOptions'),
  'código de gráficas / chart code (data-slot="chart-plot", nivo chunks)': (build) =>
    build.js.includes('chart-plot') || build.files.some((file) => /nivo/.test(file)),
};

const full = assetsOf('dist');
if (!BUTTON_IN_JS.test(full.js))
  fail('El JS de la app no contiene el Button / Button missing from consumer JS');
for (const [what, found] of Object.entries(HEAVY)) {
  // The whole app must contain each, or the Button-only check below proves nothing.
  if (!found(full)) fail(`La app completa no incluye ${what} / the full app lacks it`);
}
if (!/\.bg-brand-600\s*\{/.test(full.css)) fail('Falta .bg-brand-600 en el CSS de la app / missing class');
if (!/\.bg-brand-200\s*\{/.test(full.css) || !full.css.includes('--color-brand-200'))
  fail(
    'El Tailwind de la app no generó bg-brand-200 con theme.css / consumer Tailwind lacks the brand scale',
  );
if (/@tailwind|@theme|@source/.test(full.css))
  fail('El CSS publicado no está compilado / CSS is not compiled');
console.info('✔ App completa: Button, gráficas, visor de PDF con su worker, bg-brand-200 del tema');

const buttonOnly = assetsOf('dist-button');
if (!BUTTON_IN_JS.test(buttonOnly.js) || !buttonOnly.js.includes('Guardar'))
  fail('El build solo-Button no contiene el Button / Button missing');
for (const [what, found] of Object.entries(HEAVY)) {
  if (found(buttonOnly)) fail(`El build solo-Button incluye ${what} / the Button-only build ships it`);
}
console.info(
  `✔ Solo Button: sin worker de PDF ni código de gráficas (${buttonOnly.files.filter((f) => f.endsWith('.js')).join(', ')})`,
);

// 5. Render the whole app in Chromium, light then dark.
const mime = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.mjs': 'text/javascript',
};
const distDir = path.join(consumerDir, 'dist');
const server = http.createServer((request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const file = path.join(distDir, url.pathname === '/' ? 'index.html' : path.normalize(url.pathname));
  if (!file.startsWith(distDir) || !existsSync(file)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': mime[path.extname(file)] ?? 'application/octet-stream' });
  response.end(readFileSync(file));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();
console.info(`\n▶ Chromium: la app de prueba en http://127.0.0.1:${port}/ (claro y oscuro)`);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
});
const rendered = {};
try {
  const tab = await browser.newPage();
  const errors = [];
  tab.on('pageerror', (error) => errors.push(error.message));
  await tab.goto(`http://127.0.0.1:${port}/`);
  await tab.getByRole('button', { name: 'Guardar' }).waitFor();
  await tab.getByText('Nada que graficar').waitFor();
  await tab.getByText('Sin documento').waitFor();
  const look = () =>
    tab.evaluate(() => {
      const css = (selector) => getComputedStyle(document.querySelector(selector));
      return {
        bodyMargin: css('body').margin,
        bodyFont: css('body').fontFamily,
        buttonBox: css('[data-slot="button"]').boxSizing,
        buttonFont: css('[data-slot="button"]').fontFamily,
        buttonBackground: css('[data-slot="button"]').backgroundColor,
        cardBackground: css('[data-slot="card"]').backgroundColor,
        cardText: css('[data-slot="card"]').color,
        main: css('main').backgroundColor,
      };
    });
  rendered.light = await look();
  await tab.evaluate(() => document.documentElement.setAttribute('data-theme', 'dark'));
  rendered.dark = await look();
  if (errors.length > 0) fail(`Errores en la página / page errors: ${errors.join('; ')}`);
} finally {
  await browser.close();
  server.close();
}
console.info(JSON.stringify(rendered, null, 2));
const expectations = [
  // The host page keeps the browser's own body: styles.css brings no preflight, no font on body.
  ['body sin tocar (margin 8px)', rendered.light.bodyMargin === '8px'],
  ['body sin la fuente de @socio/ui', !rendered.light.bodyFont.includes('Inter')],
  ['Button border-box (reset acotado)', rendered.light.buttonBox === 'border-box'],
  ['Button con la fuente de @socio/ui', rendered.light.buttonFont.includes('Inter')],
  ['Button brand-600', rendered.light.buttonBackground === 'rgb(31, 85, 192)'],
  ['Card surface claro', rendered.light.cardBackground === 'rgb(255, 255, 255)'],
  ['Card ink claro', rendered.light.cardText === 'rgb(17, 24, 39)'],
  ['bg-brand-200 claro (Tailwind de la app)', rendered.light.main === 'rgb(191, 211, 254)'],
  ['Card surface oscuro', rendered.dark.cardBackground === 'rgb(21, 27, 40)'],
  ['Card ink oscuro', rendered.dark.cardText === 'rgb(230, 233, 239)'],
  ['bg-brand-200 oscuro (Tailwind de la app)', rendered.dark.main === 'rgb(39, 67, 133)'],
  ['body sigue sin tocar en oscuro', rendered.dark.bodyMargin === '8px'],
];
const wrong = expectations.filter(([, ok]) => !ok).map(([label]) => label);
if (wrong.length > 0) fail(`La app de prueba no se ve como se espera / unexpected look: ${wrong.join(', ')}`);
console.info(`✔ Chromium: ${expectations.length} comprobaciones de estilo en claro y oscuro`);

rmSync(packDir, { recursive: true, force: true });
rmSync(consumerDir, { recursive: true, force: true });
console.info(
  `\n✔ @socio/ui ${pkg.version} listo para publicar / ready to publish (${((Date.now() - started) / 1000).toFixed(0)} s)`,
);
