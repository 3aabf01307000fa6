import type { Preview } from '@storybook/react-vite';
import { configure } from 'storybook/test';
import { UiProvider } from '../packages/ui/src';
import './storybook.css';

// Plays wait for answers (`findBy*`, `waitFor`), they do not time them: on a busy 2-core machine a lazy chunk or
// the PDF worker can take seconds, so the ceiling is generous; a passing play returns as soon as it holds.
configure({ asyncUtilTimeout: 15_000 });

const preview: Preview = {
  parameters: {
    layout: 'padded',
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    // Every story is an accessibility test: any axe violation fails it.
    a11y: { test: 'error' },
  },
  decorators: [
    (Story) => (
      <UiProvider>
        <Story />
      </UiProvider>
    ),
  ],
  tags: ['autodocs'],
};

export default preview;
