import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor } from 'storybook/test';
import { Button } from '../button/button';
import { Tooltip, TooltipContent, TooltipTrigger, TruncatedText } from './tooltip';

const LONG = 'Visita completada; la familia pidió reprogramar la entrevista con el tutor.';

const meta = {
  title: 'UI/Tooltip',
  component: Tooltip,
  render: (args) => (
    <Tooltip {...args}>
      <TooltipTrigger asChild>
        <Button variant="outline">Guardar</Button>
      </TooltipTrigger>
      <TooltipContent>Guarda sin enviar</TooltipContent>
    </Tooltip>
  ),
} satisfies Meta<typeof Tooltip>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Keyboard focus opens it at once and describes the trigger; Escape closes it. */
export const OnFocus: Story = {
  play: async ({ canvas }) => {
    await userEvent.tab();
    const trigger = canvas.getByRole('button', { name: 'Guardar' });
    await expect(trigger).toHaveFocus();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Guarda sin enviar');
    await expect(trigger).toHaveAccessibleDescription('Guarda sin enviar');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  },
};

/** The pointer over the trigger opens it. */
export const OnHover: Story = {
  play: async ({ canvas }) => {
    await userEvent.hover(canvas.getByRole('button', { name: 'Guardar' }));
    await expect(await screen.findByRole('tooltip')).toHaveTextContent('Guarda sin enviar');
  },
};

/**
 * A cut text takes the focus and shows the whole text in a tooltip; a text that fits is not in the
 * tab order and shows none.
 */
export const TruncatedOnFocus: Story = {
  render: () => (
    <div className="flex w-64 flex-col gap-2">
      <TruncatedText text="Corto" />
      <TruncatedText text={LONG} />
    </div>
  ),
  play: async ({ canvas }) => {
    const short = canvas.getByText('Corto');
    const long = canvas.getByText(LONG);
    await waitFor(() => expect(long).toHaveAttribute('tabindex', '0'));
    await expect(short).not.toHaveAttribute('tabindex');
    await userEvent.tab();
    await expect(long).toHaveFocus();
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG);
    await userEvent.hover(short);
    await userEvent.tab({ shift: true });
    await waitFor(() => expect(screen.queryByRole('tooltip')).toBeNull());
  },
};

/** Hovering a cut text shows it whole. */
export const TruncatedOnHover: Story = {
  render: () => (
    <div className="w-64">
      <TruncatedText text={LONG} />
    </div>
  ),
  play: async ({ canvas }) => {
    await userEvent.hover(canvas.getByText(LONG));
    await expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG);
  },
};
