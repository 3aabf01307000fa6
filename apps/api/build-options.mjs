// esbuild options of the API bundle (build.mjs), shared with the test that checks the bundle stays one-byte
// (test/bundle.test.ts).

/**
 * The only packages left as imports resolved from node_modules: PGlite loads its .wasm/.data files next to its own
 * module, @fastify/swagger-ui serves its own static files, and pg (PostgreSQL only, imported when DATABASE_URL
 * is set) requires its optional native binding. Everything else is bundled in: Node's loaders resolve, stat and
 * read each module file of a package (and its package.json) one by one, about 0.3 s of CPU on every start for
 * fastify, its plugins, kysely and nodemailer; one bundle is read once, and V8 parses its functions lazily.
 * Bundled CommonJS that requires a Node built-in goes through the `require` the banner defines.
 */
const EXTERNAL = ['@electric-sql/pglite', '@fastify/swagger-ui', 'pg'];
const isExternal = (specifier) =>
  EXTERNAL.some((name) => specifier === name || specifier.startsWith(`${name}/`));

/** @type {import('esbuild').Plugin} */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (!isExternal(args.path)) return undefined;
      return { path: args.path, external: true };
    });
  },
};

export const BUNDLE_OPTIONS = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  // What the server imports only when first needed (`await import(...)`: pdf-lib, nodemailer) goes to its own
  // file next to main.js, read, parsed and kept in memory only from then on, not at every start (issue 21 item 6).
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  // Without comments and indentation (identifiers kept: stack traces still name functions): V8 keeps the whole
  // source in the heap for as long as the server runs, and Node's loader reads it into one buffer which, once
  // freed, raises glibc's malloc thresholds to its size for the rest of the process (freed memory is then kept,
  // not given back). 4.5 MB of source became 2.9 MB: the server's RSS at its first answer 172-193 MB instead of
  // 179-209 (issue 21 item 6).
  minifyWhitespace: true,
  minifySyntax: true,
  // Non-ASCII characters of strings, templates, regular expressions and identifiers written as escapes, and no
  // comments (minifyWhitespace): V8 keeps a module's source as one byte a character only while every character is
  // Latin-1, else two — a single '→' in a comment esbuild kept made the server hold its bundle as 11.3 MB instead of
  // 5.6 MB, from start to exit (heap snapshot at /api/health; issue 21 item 6). test/bundle.test.ts checks it.
  charset: 'ascii',
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  plugins: [externalDependencies],
};
