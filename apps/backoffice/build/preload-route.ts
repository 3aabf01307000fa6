/**
 * Build step: `<link rel="modulepreload">` in index.html for the chunks of one lazy route (the login), so a
 * browser fetches them alongside the entry instead of after it. Without it the route's chunks are requested
 * only once the entry chunk has downloaded and run (react-router resolves the lazy route then): a second wave
 * of round trips, 0.35-0.55 s on Fast 3G (`pnpm bench:login`). Vite preloads only the entry's static imports.
 */
import type { Plugin } from 'vite';

/** The parts of a Rolldown/Rollup output chunk this step reads. */
export interface ChunkInfo {
  type: 'chunk' | 'asset';
  fileName: string;
  facadeModuleId?: string | null;
  imports?: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Files to preload for the route whose source ends with `routeSource`: its chunk, every chunk it imports
 * statically (transitively) and their CSS, minus the entry chunk and what the entry already loads. Throws
 * when no chunk is the route's (a renamed route must not silently lose its preload).
 */
export function routePreloads(
  bundle: Record<string, ChunkInfo>,
  entryFileName: string,
  routeSource: string,
): { modules: string[]; styles: string[] } {
  const chunks = new Map(
    Object.values(bundle)
      .filter((item) => item.type === 'chunk')
      .map((chunk) => [chunk.fileName, chunk]),
  );
  const closure = (start: string) => {
    const seen = new Set<string>();
    const visit = (fileName: string) => {
      if (seen.has(fileName) || !chunks.has(fileName)) return;
      seen.add(fileName);
      for (const imported of chunks.get(fileName)?.imports ?? []) visit(imported);
    };
    visit(start);
    return seen;
  };
  const route = [...chunks.values()].find((chunk) =>
    chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(routeSource),
  );
  if (!route) throw new Error(`preload-route: ningún chunk corresponde a ${routeSource}`);
  const loaded = closure(entryFileName);
  const modules = [...closure(route.fileName)].filter((fileName) => !loaded.has(fileName));
  const loadedCss = new Set(
    [...loaded].flatMap((f) => [...(chunks.get(f)?.viteMetadata?.importedCss ?? [])]),
  );
  const styles = [
    ...new Set(modules.flatMap((f) => [...(chunks.get(f)?.viteMetadata?.importedCss ?? [])])),
  ].filter((file) => !loadedCss.has(file));
  return { modules, styles };
}

/** Vite plugin: adds the route's preloads to the built index.html (after Vite's own tags). */
export function preloadRoute(routeSource: string): Plugin {
  let base = '/';
  return {
    name: 'socio-preload-route',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        if (!ctx.bundle || !ctx.chunk) return [];
        const { modules, styles } = routePreloads(
          ctx.bundle as unknown as Record<string, ChunkInfo>,
          ctx.chunk.fileName,
          routeSource,
        );
        return [
          ...modules.map((file) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
          ...styles.map((file) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `${base}${file}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}
