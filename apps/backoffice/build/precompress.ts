/**
 * Build step of the app's static delivery (see docs/architecture.md, "Delivery"):
 * - every text asset over 1 KB gets a brotli (`.br`) and a gzip (`.gz`) twin, so the server answers
 *   by content negotiation without compressing on each request;
 * - source maps leave `dist/` for `dist-maps/` (kept for debugging and for scripts/size.mjs, never
 *   served to browsers: the server only serves `dist/`).
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|wasm|bcmap|ttf|otf)$/i;
/** Below this size a compressed twin saves less than the extra round of negotiation costs. */
const MIN_BYTES = 1024;

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // Vite's manifest is build metadata, not something the browser loads.
      if (entry.name !== '.vite') yield* walk(full);
    } else yield full;
  }
}

/** Moves `*.map` out of `outDir` into `mapsDir` (same relative paths). */
export function moveSourceMaps(outDir: string, mapsDir: string): number {
  let moved = 0;
  for (const file of walk(outDir)) {
    if (!file.endsWith('.map')) continue;
    const target = path.join(mapsDir, path.relative(outDir, file));
    mkdirSync(path.dirname(target), { recursive: true });
    renameSync(file, target);
    moved++;
  }
  return moved;
}

/** Writes `.br` and `.gz` next to every compressible file of `outDir` larger than 1 KB. */
export function precompressDir(outDir: string): { files: number; raw: number; br: number; gz: number } {
  const totals = { files: 0, raw: 0, br: 0, gz: 0 };
  for (const file of walk(outDir)) {
    if (!COMPRESSIBLE.test(file) || statSync(file).size < MIN_BYTES) continue;
    const raw = readFileSync(file);
    const br = brotliCompressSync(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    });
    const gz = gzipSync(raw, { level: 9 });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gz);
    totals.files++;
    totals.raw += raw.length;
    totals.br += br.length;
    totals.gz += gz.length;
  }
  return totals;
}

/** Vite plugin: after the bundle is written, move the maps out and precompress what is left. */
export function staticDelivery(options: { mapsDir: string }): Plugin {
  let outDir = '';
  return {
    name: 'socio-static-delivery',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const maps = moveSourceMaps(outDir, options.mapsDir);
        const t = precompressDir(outDir);
        const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
        this.info(
          `${maps} mapas movidos a ${path.basename(options.mapsDir)}/; ${t.files} archivos precomprimidos: ${kb(t.raw)} → br ${kb(t.br)}, gz ${kb(t.gz)}`,
        );
      },
    },
  };
}
