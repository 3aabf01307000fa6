import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button/button';
import { Popover, PopoverClose, PopoverContent, PopoverTrigger } from './popover';

const meta = {
  title: 'UI/Popover',
  component: Popover,
  subcomponents: { PopoverTrigger, PopoverContent, PopoverClose },
  render: (args) => (
    <div className="flex justify-end gap-4">
      <Button variant="outline">Fuera</Button>
      <Popover {...args}>
        <PopoverTrigger asChild>
          <Button>Abrir</Button>
        </PopoverTrigger>
        <PopoverContent aria-label="Detalles">
          <p>Contenido del popover.</p>
          <PopoverClose asChild>
            <Button variant="outline">Listo</Button>
          </PopoverClose>
        </PopoverContent>
      </Popover>
    </div>
  ),
} satisfies Meta<typeof Popover>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens on the trigger, closes on Escape with the focus back on the trigger. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Abrir' });
    await userEvent.click(trigger);
    await expect(await screen.findByRole('dialog', { name: 'Detalles' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Detalles' })).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

/** A click outside closes it. */
export const OutsideClickCloses: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Abrir' }));
    await expect(await screen.findByRole('dialog', { name: 'Detalles' })).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Fuera' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Detalles' })).toBeNull());
  },
};

/** Stays inside the screen on a trigger at the very edge. */
export const InsideTheScreen: Story = {
  args: { defaultOpen: true },
  play: async () => {
    const content = await screen.findByRole('dialog', { name: 'Detalles' });
    await waitFor(() => {
      const rect = content.getBoundingClientRect();
      expect(rect.left).toBeGreaterThanOrEqual(0);
      expect(rect.right).toBeLessThanOrEqual(window.innerWidth);
    });
  },
};
