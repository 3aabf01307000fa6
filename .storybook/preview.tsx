import type { Preview } from '@storybook/react-vite';
import { UiProvider } from '../packages/ui/src';
import './storybook.css';

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
