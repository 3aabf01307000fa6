import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Acceptance: no user-visible string literal in @socio/ui components outside the messages file.
 * Every text a person reads comes from `src/i18n` through `useUiMessages()` (or from props), so
 * the design system can be re-worded or translated in one place.
 *
 * This scans every component `.tsx` under src (stories and tests excluded) with the TypeScript
 * parser and reports JSX text, and string literals given to text-bearing attributes, that contain
 * letters.
 */

const srcDir = path.dirname(fileURLToPath(import.meta.url));

/** Attributes whose value is read or heard by a person. */
const TEXT_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'title',
  'alt',
  'label',
]);

const hasLetters = (text: string) => /\p{L}/u.test(text);

interface LiteralFinding {
  file: string;
  line: number;
  kind: 'text' | 'attribute';
  text: string;
}

function listComponentFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'test-fixtures')
        files.push(...listComponentFiles(full));
    } else if (
      entry.name.endsWith('.tsx') &&
      !entry.name.endsWith('.stories.tsx') &&
      !/\.test\.tsx$/.test(entry.name)
    ) {
      files.push(full);
    }
  }
  return files.sort();
}

/** The literal text of a string-like expression, or null when it is not a literal. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) {
    return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  }
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  return null;
}

/** Finds user-visible literals in one TSX source. */
function findLiterals(fileName: string, source: string): LiteralFinding[] {
  const sourceFile = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const findings: LiteralFinding[] = [];
  const report = (node: ts.Node, kind: LiteralFinding['kind'], text: string) => {
    const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
    findings.push({ file: fileName, line: line + 1, kind, text: text.trim().replace(/\s+/g, ' ') });
  };

  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      if (hasLetters(node.text)) report(node, 'text', node.text);
    } else if (ts.isJsxExpression(node) && node.expression && !ts.isJsxAttribute(node.parent)) {
      // `{'Texto'}` as a child of an element.
      const text = literalText(node.expression);
      if (text !== null && hasLetters(text)) report(node, 'text', text);
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(sourceFile);
      const { initializer } = node;
      if (TEXT_ATTRIBUTES.has(name) && initializer) {
        const value = ts.isJsxExpression(initializer)
          ? initializer.expression
            ? literalText(initializer.expression)
            : null
          : literalText(initializer);
        if (value !== null && hasLetters(value)) report(node, 'attribute', `${name}="${value}"`);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}

describe('no user-visible string literals in ui components', () => {
  it('detects JSX text and text attributes (self-test)', () => {
    const sample = [
      'export function A({ n }: { n: number }) {',
      '  return (',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: TSX source text of the self-test.
      '    <div aria-label="Cerrar" title={`Página ${n}`} data-slot="x" className="px-2">',
      '      Guardar',
      "      {'Cancelar'}",
      '      <input placeholder={"Buscar"} />',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: TSX source text of the self-test.
      '      {n} * - # {`${n}`}',
      '    </div>',
      '  );',
      '}',
    ].join('\n');
    const found = findLiterals('sample.tsx', sample).map((finding) => finding.text);
    expect(found).toEqual([
      'aria-label="Cerrar"',
      'title="Página "',
      'Guardar',
      'Cancelar',
      'placeholder="Buscar"',
    ]);
  });

  it('finds none in the component files', () => {
    const files = listComponentFiles(srcDir);
    expect(files.length).toBeGreaterThan(0);
    const findings = files.flatMap((file) =>
      findLiterals(path.relative(srcDir, file), readFileSync(file, 'utf8')),
    );
    const report = findings.map(
      (finding) => `${finding.file}:${finding.line} ${finding.kind}: ${finding.text}`,
    );
    expect(report, `Textos literales visibles fuera de src/i18n:\n${report.join('\n')}`).toEqual([]);
  });
});
