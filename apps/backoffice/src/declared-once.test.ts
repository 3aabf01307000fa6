import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(__dirname, '../../..');
const ROOTS = ['packages/ui/src', 'packages/features/src', 'apps/backoffice/src'];

/** Shipped source files (no tests, stories or fakes). */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(full);
    if (
      !/\.tsx?$/.test(entry.name) ||
      /\.(test|stories|fake)\.tsx?$|story-helpers|test-util/.test(entry.name)
    ) {
      return [];
    }
    return [full];
  });
}

const isComment = (line: string) => /^\s*(\/\/|\/\*|\*)/.test(line);

/** `file:line` of every code line (comments aside) of the browser code matching `pattern`. */
function occurrences(pattern: RegExp): string[] {
  return ROOTS.flatMap((root) => sources(path.join(repo, root))).flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        pattern.test(line) && !isComment(line) ? [`${path.relative(repo, file)}:${index + 1}`] : [],
      ),
  );
}

describe('facts declared once, in @socio/contracts', () => {
  it('app paths: no string literal spells a /socioeconomico path (APP_PATHS does)', () => {
    expect(occurrences(/['"`]\/socioeconomico/i)).toEqual([]);
  });

  it('roles: no literal list of roles (ROLES, STAFF_ROLES, ADMIN_ROLES and APP_SCREENS do)', () => {
    expect(occurrences(/\[\s*'(Administrador|Supervisor|Visitador)'\s*,/)).toEqual([]);
  });

  it('API paths: no fetch or literal /api call outside the HTTP client (apiRoutes does)', () => {
    const calls = occurrences(/\bfetch\(|['"`]\/api\//).filter((where) => !where.includes('adapters/http/'));
    expect(calls).toEqual([]);
  });
});
