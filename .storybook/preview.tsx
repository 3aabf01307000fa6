import type { ArgTypesEnhancer, Decorator, Preview } from '@storybook/react-vite';
import { useLayoutEffect } from 'react';
import { configure } from 'storybook/test';
import { UiProvider } from '../packages/ui/src';
import { STORY_VIEWPORTS } from '../packages/ui/src/testing';
import './storybook.css';

// Plays wait for answers (`findBy*`, `waitFor`), they do not time them: on a busy 2-core machine a lazy chunk or
// the PDF worker can take seconds, so the ceiling is generous; a passing play returns as soon as it holds.
configure({ asyncUtilTimeout: 15_000 });

/**
 * The theme toolbar: `data-theme="dark"` on `<html>` (the dark tokens of `@socio/ui` key on it), removed
 * for the light theme. On `<html>` rather than the story root so portals (modals, menus, toasts) follow.
 */
const withTheme: Decorator = (Story, context) => {
  const theme = context.globals.theme === 'dark' ? 'dark' : 'light';
  useLayoutEffect(() => {
    const root = document.documentElement;
    if (theme === 'dark') root.setAttribute('data-theme', 'dark');
    else root.removeAttribute('data-theme');
    root.style.colorScheme = theme;
  }, [theme]);
  return <Story />;
};

/** The cva variant props (`variant`, `size`, `tone`) as select controls, options read from their types. */
const VARIANT_PROPS = ['variant', 'size', 'tone'];
const variantsAsSelects: ArgTypesEnhancer = ({ argTypes }) => {
  const out = { ...argTypes };
  for (const name of VARIANT_PROPS) {
    const argType = out[name];
    if (argType?.type && typeof argType.type === 'object' && argType.type.name === 'enum') {
      out[name] = { ...argType, control: { type: 'select' } };
    }
  }
  return out;
};

const preview: Preview = {
  argTypesEnhancers: [variantsAsSelects],
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Every story is an accessibility test: any axe violation fails it.
    a11y: { test: 'error' },
    viewport: { options: STORY_VIEWPORTS },
    docs: { toc: true },
    options: {
      storySort: { order: ['Bienvenida', 'Tokens', 'Uso', 'UI', 'Features'] },
    },
  },
  globalTypes: {
    theme: {
      description: 'Tema de los componentes',
      toolbar: {
        title: 'Tema',
        icon: 'mirror',
        items: [
          { value: 'light', title: 'Claro', icon: 'sun' },
          { value: 'dark', title: 'Oscuro', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'light' },
  decorators: [
    (Story) => (
      <UiProvider>
        <Story />
      </UiProvider>
    ),
    withTheme,
  ],
  tags: ['autodocs'],
};

export default preview;
