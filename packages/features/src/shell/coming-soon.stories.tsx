import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { ComingSoon } from './coming-soon';

const meta = {
  title: 'Features/Shell/ComingSoon',
  component: ComingSoon,
  args: { section: 'Reportes' },
} satisfies Meta<typeof ComingSoon>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A section whose screen ships in a later issue. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const region = canvas.getByRole('region', { name: 'Reportes' });
    await expect(region).toHaveTextContent('Esta sección estará disponible próximamente');
    await expect(region).toHaveTextContent('La sección Reportes se habilitará en una próxima versión.');
  },
};
