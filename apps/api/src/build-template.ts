// Build step (apps/api/build.mjs): `node dist/build-template.js <outDir>` writes the PGlite template, then the
// demo template beside it (`<outDir>-demo`, see buildDemoTemplate).
import { buildDemoTemplate, buildPgliteTemplate } from './db/pglite-template';

const outDir = process.argv[2];
if (!outDir) {
  console.error('uso: node dist/build-template.js <directorio>');
  process.exit(2);
}
await buildPgliteTemplate(outDir);
await buildDemoTemplate(outDir);
