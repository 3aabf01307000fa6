import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { RouterErrorScreen } from './router-error-screen';

const meta = {
  title: 'Features/Shell/RouterErrorScreen',
  component: RouterErrorScreen,
  parameters: { layout: 'fullscreen' },
  args: { details: 'Failed to fetch dynamically imported module', onReload: fn() },
} satisfies Meta<typeof RouterErrorScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The router's fallback heading 'Unexpected Application Error!', a Spanish explanation and a reload; no router developer hints. */
export const Default: Story = {};

/** Unfolds the technical details and reloads. Test only: out of the sidebar and docs, so the story above shows its state untouched. */
export const DetailsAndReload: Story = {
  ...Default,
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Unexpected Application Error!' }),
    ).toBeVisible();
    await expect(canvas.getByText('No se pudo mostrar esta página.')).toBeVisible();
    await expect(canvas.getByText('Failed to fetch dynamically imported module')).not.toBeVisible();
    await userEvent.click(canvas.getByText('Detalles técnicos'));
    await expect(canvas.getByText('Failed to fetch dynamically imported module')).toBeVisible();
    await expect(canvas.queryByText(/Hey developer|errorElement/)).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Recargar página' }));
    await expect(args.onReload).toHaveBeenCalledOnce();
  },
};
