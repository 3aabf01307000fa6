/**
 * The design tokens of @socio/ui, typed, for code that needs the values themselves (canvas drawing,
 * e-mails, another styling system). The CSS is the same data: `@socio/ui/theme.css` (a Tailwind v4
 * `@theme`, plus the dark theme under `[data-theme="dark"]` / `.dark`); `theme.test.ts` keeps the two equal.
 * In components prefer the classes (`bg-brand-600`) or `cssVar('brand-600')`, which follow the theme.
 */

const lightColors = {
  'brand-50': '#eef4ff',
  'brand-100': '#dbe6fe',
  'brand-200': '#bfd3fe',
  'brand-500': '#3b6fd8',
  'brand-600': '#1f55c0',
  'brand-700': '#1a449b',
  'brand-800': '#183a7d',
  surface: '#ffffff',
  canvas: '#f5f7fb',
  ink: '#111827',
  'ink-muted': '#4b5563',
  line: '#d1d5db',
  'success-50': '#ecfdf5',
  'success-700': '#047857',
  'warning-50': '#fffbeb',
  'warning-700': '#b45309',
  'danger-50': '#fef2f2',
  'danger-600': '#dc2626',
  'danger-700': '#b91c1c',
  'info-50': '#eff6ff',
  'info-700': '#1d4ed8',
} as const;

/** A colour token's name: `--color-<name>` in CSS, `bg-<name>` / `text-<name>` in Tailwind. */
export type ColorToken = keyof typeof lightColors;

/** The theme names: `data-theme="dark"` (or the `dark` class) selects the dark one. */
export type ThemeName = 'light' | 'dark';

const darkColors: Record<ColorToken, string> = {
  'brand-50': '#16264d',
  'brand-100': '#1d3263',
  'brand-200': '#274385',
  'brand-500': '#7aa0ec',
  'brand-600': '#2f62cf',
  'brand-700': '#a3bdf5',
  'brand-800': '#c9d8fb',
  surface: '#151b28',
  canvas: '#0d121c',
  ink: '#e6e9ef',
  'ink-muted': '#a3acbb',
  line: '#3a4457',
  'success-50': '#0f2a22',
  'success-700': '#6ee7b7',
  'warning-50': '#2e2210',
  'warning-700': '#fcd34d',
  'danger-50': '#2f1619',
  'danger-600': '#d63a3a',
  'danger-700': '#fca5a5',
  'info-50': '#132447',
  'info-700': '#93c5fd',
};

export const tokens = {
  /** Colours per theme. */
  color: { light: lightColors, dark: darkColors } satisfies Record<ThemeName, Record<ColorToken, string>>,
  /** Font stacks (`font-sans`). Inter is not shipped: the stack falls back to the system UI font. */
  font: { sans: '"Inter", "Segoe UI", system-ui, -apple-system, sans-serif' },
  /** Corner radius of controls (`rounded-control`, `var(--radius-control)`). */
  radius: { control: '0.5rem' },
} as const;

export type Tokens = typeof tokens;

/** `var(--color-<name>)`: the colour of the theme in effect where it is used. */
export function cssVar(token: ColorToken): `var(--color-${ColorToken})` {
  return `var(--color-${token})`;
}
