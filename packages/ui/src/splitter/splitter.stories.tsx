import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Splitter, type SplitterProps } from './splitter';

function Panes(props: Omit<SplitterProps, 'label'>) {
  const [value, setValue] = useState(props.defaultValue ?? 60);
  return (
    <div className="flex h-40 w-[600px] gap-1">
      <div id="primero" className="rounded-md bg-canvas p-2" style={{ width: `${value}%` }}>
        Lista
      </div>
      <Splitter
        {...props}
        label="Ancho de la lista"
        controls="primero"
        value={value}
        onValueChange={(next) => {
          setValue(next);
          props.onValueChange?.(next);
        }}
      />
      <div className="min-w-0 flex-1 rounded-md bg-canvas p-2">Visor</div>
    </div>
  );
}

const meta = {
  title: 'UI/Splitter',
  component: Splitter,
  render: (args) => <Panes {...args} />,
  args: { label: 'Ancho de la lista', defaultValue: 60, min: 40, max: 80, step: 5, onValueChange: fn() },
} satisfies Meta<typeof Splitter>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Arrow keys move it by the step; Home and End go to the limits, never past them. */
export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    const splitter = canvas.getByRole('separator', { name: 'Ancho de la lista' });
    await expect(splitter).toHaveAttribute('aria-valuenow', '60');
    await expect(splitter).toHaveAttribute('aria-orientation', 'vertical');
    await userEvent.tab();
    await expect(splitter).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(splitter).toHaveAttribute('aria-valuenow', '65');
    await expect(args.onValueChange).toHaveBeenLastCalledWith(65);
    await userEvent.keyboard('{ArrowLeft}{ArrowLeft}');
    await expect(splitter).toHaveAttribute('aria-valuenow', '55');
    await userEvent.keyboard('{End}{ArrowRight}');
    await expect(splitter).toHaveAttribute('aria-valuenow', '80');
    await userEvent.keyboard('{Home}');
    await expect(splitter).toHaveAttribute('aria-valuenow', '40');
    await expect(canvas.getByText('Lista').getBoundingClientRect().width).toBeCloseTo(240, 0);
  },
};

/** Dragging it with the pointer sets the first pane's share from the pointer's position. */
export const Drag: Story = {
  play: async ({ canvas }) => {
    const splitter = canvas.getByRole('separator', { name: 'Ancho de la lista' });
    const box = (splitter.parentElement as HTMLElement).getBoundingClientRect();
    const y = box.top + box.height / 2;
    await userEvent.pointer([
      { keys: '[MouseLeft>]', target: splitter, coords: { clientX: box.left + box.width * 0.6, clientY: y } },
      { target: splitter, coords: { clientX: box.left + box.width * 0.7, clientY: y } },
      { keys: '[/MouseLeft]', target: splitter, coords: { clientX: box.left + box.width * 0.7, clientY: y } },
    ]);
    await expect(splitter).toHaveAttribute('aria-valuenow', '70');
  },
};
