import { buttonVariants } from '@socio/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { NotFoundScreen } from './not-found-screen';

const meta = {
  title: 'Features/Shell/NotFoundScreen',
  component: NotFoundScreen,
  parameters: { layout: 'fullscreen' },
  args: {
    renderBackLink: (label: string) => (
      <a href="#inicio" className={buttonVariants()}>
        {label}
      </a>
    ),
  },
} satisfies Meta<typeof NotFoundScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Issue 14 item 8: an unknown address, in Spanish, with a real link back. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
    await expect(
      canvas.getByText('La dirección que abriste no existe o ya no está disponible.'),
    ).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '#inicio');
    await waitFor(() => expect(document.title).toBe('Página no encontrada · Socioeconómico'));
  },
};
