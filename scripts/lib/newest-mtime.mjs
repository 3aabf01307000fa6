// When a build is older than its sources: shared by `npm start` (scripts/bootstrap.mjs) and
// `pnpm storybook:serve` (scripts/storybook-serve.mjs). Plain Node, no dependencies.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** Newest modification time (ms) of the files below `dir`, skipping build output and dependencies. */
export function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('dist') || entry.name.startsWith('.'))
      continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}
