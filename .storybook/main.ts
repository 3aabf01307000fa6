import type { StorybookConfig } from '@storybook/react-vite';
import tailwindcss from '@tailwindcss/vite';

/** Props a component takes from React's DOM types that its table still shows: the rest are noise. */
const DOM_PROPS_SHOWN = new Set(['children', 'className', 'ref']);

const config: StorybookConfig = {
  stories: [
    './docs/*.mdx',
    '../packages/ui/src/**/*.stories.@(ts|tsx)',
    '../packages/features/src/**/*.stories.@(ts|tsx)',
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  staticDirs: [{ from: '../packages/ui/src/test-fixtures', to: '/fixtures' }],
  // The TypeScript docgen reads props through `VariantProps<typeof …Variants>` and Radix's types, so the
  // cva variants become select controls and compound parts (ModalContent, PopoverContent) get tables;
  // React's hundreds of DOM attributes are left out (all but the few above).
  typescript: {
    reactDocgen: 'react-docgen-typescript',
    reactDocgenTypescriptOptions: {
      shouldExtractLiteralValuesFromEnum: true,
      shouldRemoveUndefinedFromOptional: true,
      savePropValueAsString: true,
      propFilter: (prop) =>
        DOM_PROPS_SHOWN.has(prop.name) || !prop.parent?.fileName.includes('node_modules/@types/react'),
    },
  },
  async viteFinal(config) {
    config.plugins = [...(config.plugins ?? []), tailwindcss()];
    return config;
  },
};

export default config;
