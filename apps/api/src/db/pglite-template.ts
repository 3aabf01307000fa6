import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { createDatabase } from './index';
import { migrate } from './migrate';

/**
 * Writes to `outDir` an initialised PGlite cluster with every migration applied and no data: the copy a new
 * DATA_DIR starts from (`DatabaseConfig.pgliteTemplate`), so a first `npm start` skips initdb. Data stays out:
 * the administrator and the demo depend on the configuration and today's date.
 */
export async function buildPgliteTemplate(outDir: string): Promise<void> {
  const work = mkdtempSync(path.join(path.dirname(outDir), '.pglite-template-'));
  try {
    const database = await createDatabase({ databaseUrl: null, dataDir: work });
    try {
      await migrate(database.db);
    } finally {
      await database.close();
    }
    rmSync(outDir, { recursive: true, force: true });
    renameSync(path.join(work, 'pglite'), outDir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
