import { mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_PASSWORD } from '../config';
import { hashPassword } from '../modules/auth/password';
import { seed, TEMPLATE_ADMIN_EMAIL, TEMPLATE_ADMIN_HASH } from '../seed/index';
import { createDatabase } from './index';
import { migrate } from './migrate';

/**
 * Writes to `outDir` a PGlite cluster made in a scratch directory beside it (from `from`, a template, or by
 * initdb), migrated and filled by `fill`, then renamed into place: an interrupted build never leaves half a
 * cluster at `outDir`. Both templates are made this way.
 */
async function writeCluster(
  outDir: string,
  from: string | undefined,
  fill: (db: Awaited<ReturnType<typeof createDatabase>>['db']) => Promise<void>,
): Promise<void> {
  const work = mkdtempSync(path.join(path.dirname(outDir), `.${path.basename(outDir)}-`));
  try {
    const database = await createDatabase({ databaseUrl: null, dataDir: work, pgliteTemplate: from });
    try {
      await migrate(database.db);
      await fill(database.db);
    } finally {
      await database.close();
    }
    rmSync(outDir, { recursive: true, force: true });
    renameSync(path.join(work, 'pglite'), outDir);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * Writes to `outDir` an initialised PGlite cluster with every migration applied and no data: the copy a new
 * DATA_DIR starts from (`DatabaseConfig.pgliteTemplate`), so a first `npm start` skips initdb.
 */
export async function buildPgliteTemplate(outDir: string): Promise<void> {
  await writeCluster(outDir, undefined, async () => {});
}

/** The demo template beside a template: `<template>-demo`, and when it was seeded, `<template>-demo.json`. */
export const demoTemplatePath = (template: string) => `${template}-demo`;
const demoTemplateInfo = (template: string) => `${demoTemplatePath(template)}.json`;

/**
 * How old a demo template may be for a new DATA_DIR to start as its copy. Its dates are relative to when it was
 * seeded: a copy made the same day is the database a start at that moment would have seeded, used a few hours
 * later (what any DATA_DIR is the day after its first start). Older, the demo is seeded at start, relative to now.
 */
export const DEMO_TEMPLATE_MAX_AGE_MS = 24 * 3_600_000;

/**
 * Writes `demoTemplatePath(template)`: a copy of `template` with the demo seeded (relative to `now`), its
 * administrator with the placeholder e-mail and an unusable password hash (`TEMPLATE_ADMIN_*`, replaced at the
 * first start by the configured ones), and the demo accounts' hash of the documented demo password. A new
 * DATA_DIR with demo data then copies the demo instead of writing it at start (~1.3 s of a first start: 300 folios,
 * their assignments, 40 report PDFs).
 */
export async function buildDemoTemplate(template: string, now = new Date()): Promise<void> {
  rmSync(demoTemplateInfo(template), { force: true });
  await writeCluster(demoTemplatePath(template), template, async (db) => {
    const people = await hashPassword(DEMO_PASSWORD);
    await seed(db, {
      adminEmail: TEMPLATE_ADMIN_EMAIL,
      adminPassword: '',
      demo: true,
      now,
      hashes: Promise.resolve({ admin: TEMPLATE_ADMIN_HASH, people }),
    });
  });
  writeFileSync(demoTemplateInfo(template), `${JSON.stringify({ sembrado: now.toISOString() })}\n`);
}

/**
 * The template a new DATA_DIR starts from: with `demo`, the demo template when it was seeded at most
 * `DEMO_TEMPLATE_MAX_AGE_MS` before `now` (and not after it); otherwise the empty `template` (then seeded at start).
 */
export function pickPgliteTemplate(
  template: string,
  options: { demo: boolean; now?: Date },
): { path: string; demo: boolean } {
  if (options.demo) {
    try {
      const info = JSON.parse(readFileSync(demoTemplateInfo(template), 'utf8')) as { sembrado?: unknown };
      const age = (options.now ?? new Date()).getTime() - Date.parse(String(info.sembrado));
      if (age >= 0 && age <= DEMO_TEMPLATE_MAX_AGE_MS)
        return { path: demoTemplatePath(template), demo: true };
    } catch {
      // No demo template (a build without it, or running from source): seeded at start.
    }
  }
  return { path: template, demo: false };
}
