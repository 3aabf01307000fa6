#!/usr/bin/env node
// Weighs the JavaScript the /login route loads (gzip), from the Vite manifest of the last build:
// the entry script, its static imports (modulepreloads), the login route's lazy chunk and its
// static imports. Exits 1 above the budget. Run after `pnpm --filter @socio/backoffice build`.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/backoffice/dist');
const manifestPath = path.join(dist, '.vite/manifest.json');
const LIMIT_KB = Number(process.env.LOGIN_JS_LIMIT_KB ?? 150);
const LOGIN_ROUTE = 'src/routes/login.tsx';
/** Libraries that must never reach the login route (checked against each chunk's source map). */
const FORBIDDEN = [
  /node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?@nivo[\\/]/,
  /node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(pdfjs-dist|react-pdf)[\\/]/,
  /node_modules[\\/](\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?@tanstack[\\/](react-table|table-core)[\\/]/,
];

if (!existsSync(manifestPath)) {
  console.error(
    `No existe ${path.relative(root, manifestPath)}: ejecuta antes "pnpm --filter @socio/backoffice build".`,
  );
  process.exit(1);
}

/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], name?: string}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
const loginKey = Object.keys(manifest).find((key) => key.endsWith(LOGIN_ROUTE));
if (!entryKey || !loginKey) {
  console.error(`El manifiesto no tiene ${entryKey ? LOGIN_ROUTE : 'un punto de entrada'}.`);
  process.exit(1);
}

/** A chunk plus everything it imports statically (what the browser preloads with it). */
function collect(key, seen) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) return;
  seen.add(key);
  for (const dep of chunk.imports ?? []) collect(dep, seen);
}

const keys = new Set();
collect(entryKey, keys);
collect(loginKey, keys);

/** node_modules packages bundled into a chunk, read from its source map when there is one. */
function forbiddenSources(file) {
  const mapPath = path.join(dist, `${file}.map`);
  if (!existsSync(mapPath)) return [];
  const { sources = [] } = JSON.parse(readFileSync(mapPath, 'utf8'));
  return sources.filter((source) => FORBIDDEN.some((re) => re.test(source)));
}

let total = 0;
const rows = [];
const offenders = [];
for (const key of keys) {
  const file = manifest[key]?.file;
  if (!file?.endsWith('.js')) continue;
  const bytes = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += bytes;
  rows.push({ file, kb: bytes / 1024 });
  const bad = forbiddenSources(file);
  if (bad.length > 0) offenders.push(`${file} (${bad.slice(0, 3).join(', ')}${bad.length > 3 ? ', …' : ''})`);
}
rows.sort((a, b) => b.kb - a.kb);
for (const row of rows) console.info(`  ${row.kb.toFixed(1).padStart(7)} KB  ${row.file}`);

const totalKb = total / 1024;
console.info(`Login route JS (gzip): ${totalKb.toFixed(1)} KB (limit ${LIMIT_KB} KB)`);
if (offenders.length > 0) {
  console.error(`La ruta /login carga código que no necesita: ${offenders.join('; ')}`);
  process.exit(1);
}
if (totalKb > LIMIT_KB) {
  console.error(`Excede el límite de ${LIMIT_KB} KB.`);
  process.exit(1);
}
