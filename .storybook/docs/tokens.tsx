import { type ReactNode, useEffect, useLayoutEffect, useState } from 'react';

/**
 * The design tokens as the page has them: every `--…` custom property declared on `:root`/`:host` by the
 * loaded `@socio/ui` CSS, read at runtime. The CSS is the one source; this page only shows it, so a token
 * added, renamed or dropped from the build shows up here (or disappears) by itself.
 */
function declaredTokens(): string[] {
  const names = new Set<string>();
  const visit = (rules: CSSRuleList) => {
    for (const rule of Array.from(rules)) {
      if (rule instanceof CSSStyleRule && /(^|,)\s*(:root|:host|\[data-theme)/.test(rule.selectorText)) {
        for (const name of Array.from(rule.style)) if (name.startsWith('--')) names.add(name);
      }
      if ('cssRules' in rule && rule.cssRules) visit(rule.cssRules as CSSRuleList);
    }
  };
  for (const sheet of Array.from(document.styleSheets)) {
    try {
      visit(sheet.cssRules);
    } catch {
      // A sheet from another origin cannot be read; ours are all same-origin.
    }
  }
  return [...names].sort(byNaturalOrder);
}

const byNaturalOrder = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/** The current value of a token, following the theme toolbar (`data-theme` on `<html>`). */
function currentValue(name: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** Token names starting with `prefix`, re-read when the theme changes. */
function useTokens(prefix: string): { name: string; value: string }[] {
  const [tokens, setTokens] = useState<{ name: string; value: string }[]>([]);
  useEffect(() => {
    const read = () =>
      setTokens(
        declaredTokens()
          .filter((name) => name.startsWith(prefix) && !name.startsWith('--tw-'))
          .map((name) => ({ name, value: currentValue(name) })),
      );
    read();
    const observer = new MutationObserver(read);
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme', 'class'],
    });
    return () => observer.disconnect();
  }, [prefix]);
  return tokens;
}

const cell = 'border-b border-line px-3 py-2 text-left align-middle';

interface SampleRow {
  name: string;
  value: string;
  sample: ReactNode;
}

function SampleTable({ id, nameHeader, rows }: { id: string; nameHeader: string; rows: SampleRow[] }) {
  return (
    <table className="sb-unstyled w-full border-collapse text-sm" data-token-table={id}>
      <thead>
        <tr>
          <th className={cell}>Muestra</th>
          <th className={cell}>{nameHeader}</th>
          <th className={cell}>Valor</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ name, value, sample }) => (
          <tr key={name}>
            <td className={cell}>{sample}</td>
            <td className={cell}>
              <code>{name}</code>
            </td>
            <td className={cell}>
              <code>{value}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TokenTable({ prefix, sample }: { prefix: string; sample: (name: string) => ReactNode }) {
  const tokens = useTokens(prefix);
  if (tokens.length === 0) return <p>{`Sin tokens ${prefix}* en el CSS cargado.`}</p>;
  return (
    <SampleTable
      id={prefix}
      nameHeader="Token"
      rows={tokens.map(({ name, value }) => ({ name, value, sample: sample(name) }))}
    />
  );
}

/** A table of the `prefix` tokens, each drawn as a box whose CSS `property` is the token. */
function SwatchTable({
  prefix,
  className,
  property,
}: {
  prefix: string;
  className: string;
  property: 'background' | 'borderRadius' | 'boxShadow';
}) {
  return (
    <TokenTable
      prefix={prefix}
      sample={(name) => (
        <span aria-hidden="true" className={className} style={{ [property]: `var(${name})` }} />
      )}
    />
  );
}

export const ColorTokens = () => (
  <SwatchTable
    prefix="--color-"
    className="block h-8 w-16 rounded-[var(--radius-control)] border border-line"
    property="background"
  />
);

export function TypeScaleTokens() {
  return (
    <TokenTable
      prefix="--text-"
      sample={(name) =>
        name.endsWith('--line-height') ? (
          <span className="text-ink-muted">interlineado</span>
        ) : (
          <span style={{ fontSize: `var(${name})` }}>Estudio socioeconómico</span>
        )
      }
    />
  );
}

export function FontTokens() {
  return (
    <TokenTable
      prefix="--font-"
      sample={(name) => (
        <span style={{ fontFamily: `var(${name})`, fontWeight: `var(${name})` }}>Aa Ññ 123</span>
      )}
    />
  );
}

export function SpacingTokens() {
  return (
    <TokenTable
      prefix="--spacing"
      sample={(name) => (
        <span className="flex items-center gap-1">
          {[1, 2, 4, 6, 8].map((step) => (
            <span
              key={step}
              aria-hidden="true"
              title={`${step} × ${name}`}
              className="inline-block h-4 bg-brand-500"
              style={{ width: `calc(var(${name}) * ${step})` }}
            />
          ))}
          <span className="text-ink-muted text-xs">×1, 2, 4, 6, 8</span>
        </span>
      )}
    />
  );
}

export const RadiusTokens = () => (
  <SwatchTable
    prefix="--radius-"
    className="block size-12 border-2 border-brand-600 bg-brand-50"
    property="borderRadius"
  />
);

/** The shadow utilities the components use (Tailwind inlines their values: no `--shadow-*` to read). */
const SHADOW_UTILITIES = ['shadow-sm', 'shadow', 'shadow-md', 'shadow-lg', 'shadow-xl'];

/** Each shadow utility with the `box-shadow` the loaded CSS gives it. */
function useUtilityShadows(): { name: string; value: string }[] {
  const [shadows, setShadows] = useState<{ name: string; value: string }[]>([]);
  useLayoutEffect(() => {
    const probe = document.createElement('span');
    document.body.append(probe);
    setShadows(
      SHADOW_UTILITIES.map((name) => {
        probe.className = name;
        return { name, value: getComputedStyle(probe).boxShadow };
      }),
    );
    probe.remove();
  }, []);
  return shadows;
}

const shadowBox = 'block h-12 w-20 rounded-md bg-surface';

/** `--shadow-*` tokens when the CSS declares them, else the shadow utilities as the CSS draws them. */
export function ShadowTokens() {
  const utilities = useUtilityShadows();
  const tokens = useTokens('--shadow-');
  if (tokens.length > 0) {
    return <SwatchTable prefix="--shadow-" className={shadowBox} property="boxShadow" />;
  }
  return (
    <SampleTable
      id="shadow-utilities"
      nameHeader="Clase"
      rows={utilities.map(({ name, value }) => ({
        name,
        value,
        sample: <span aria-hidden="true" className={`${shadowBox} ${name}`} />,
      }))}
    />
  );
}
