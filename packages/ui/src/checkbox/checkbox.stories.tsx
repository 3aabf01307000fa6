import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { Checkbox, type CheckedState } from './checkbox';

const meta = {
  title: 'UI/Checkbox',
  component: Checkbox,
  args: { label: 'Recordarme', onCheckedChange: fn() },
} satisfies Meta<typeof Checkbox>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const checkbox = canvas.getByRole('checkbox', { name: 'Recordarme' });
    await expect(checkbox).not.toBeChecked();
    checkbox.focus();
    await userEvent.keyboard(' ');
    await expect(checkbox).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(true);
    await userEvent.keyboard(' ');
    await expect(checkbox).not.toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenLastCalledWith(false);
  },
};

export const Playground: Story = { args: { label: 'Acepto los términos', disabled: false, required: false } };

export const Checked: Story = {
  args: { defaultChecked: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Recordarme' })).toBeChecked();
  },
};

export const ClickOnLabel: Story = {
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByText('Recordarme'));
    await expect(canvas.getByRole('checkbox', { name: 'Recordarme' })).toBeChecked();
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true);
  },
};

export const Indeterminate: Story = {
  args: { label: 'Seleccionar todos', checked: 'indeterminate' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Seleccionar todos' })).toHaveAttribute(
      'aria-checked',
      'mixed',
    );
  },
};

const rows = ['Folio 1001', 'Folio 1002', 'Folio 1003'];

function SelectAllExample() {
  const [selected, setSelected] = useState<string[]>([rows[0]!]);
  const all: CheckedState =
    selected.length === rows.length ? true : selected.length === 0 ? false : 'indeterminate';
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 font-medium text-sm">Reportes</legend>
      <Checkbox
        label="Seleccionar todos"
        checked={all}
        onCheckedChange={(value) => setSelected(value === true ? [...rows] : [])}
      />
      {rows.map((row) => (
        <Checkbox
          key={row}
          className="ps-6"
          label={row}
          checked={selected.includes(row)}
          onCheckedChange={(value) =>
            setSelected((current) => (value === true ? [...current, row] : current.filter((r) => r !== row)))
          }
        />
      ))}
    </fieldset>
  );
}

export const SelectAll: Story = {
  render: () => <SelectAllExample />,
  play: async ({ canvas }) => {
    const all = canvas.getByRole('checkbox', { name: 'Seleccionar todos' });
    await expect(all).toHaveAttribute('aria-checked', 'mixed');
    await userEvent.click(all);
    for (const row of rows) await expect(canvas.getByRole('checkbox', { name: row })).toBeChecked();
    await expect(all).toBeChecked();
    await userEvent.click(all);
    for (const row of rows) await expect(canvas.getByRole('checkbox', { name: row })).not.toBeChecked();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Folio 1002' }));
    await expect(all).toHaveAttribute('aria-checked', 'mixed');
  },
};

export const WithDescription: Story = {
  args: { label: 'Recordarme', description: 'Mantén la sesión abierta en este equipo.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Recordarme' })).toHaveAccessibleDescription(
      'Mantén la sesión abierta en este equipo.',
    );
  },
};

export const WithError: Story = {
  args: { label: 'Acepto el aviso de privacidad', required: true, error: 'Debes aceptar el aviso' },
  play: async ({ canvas }) => {
    const checkbox = canvas.getByRole('checkbox', { name: 'Acepto el aviso de privacidad' });
    await expect(checkbox).toHaveAttribute('aria-invalid', 'true');
    await expect(checkbox).toHaveAttribute('aria-required', 'true');
    await expect(checkbox).toHaveAccessibleDescription('Debes aceptar el aviso');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas, args }) => {
    const checkbox = canvas.getByRole('checkbox', { name: 'Recordarme' });
    await expect(checkbox).toBeDisabled();
    await userEvent.click(checkbox, { pointerEventsCheck: 0 });
    await expect(args.onCheckedChange).not.toHaveBeenCalled();
  },
};

export const DisabledChecked: Story = { args: { disabled: true, defaultChecked: true } };

export const WithoutVisibleLabel: Story = {
  args: { label: undefined, 'aria-label': 'Seleccionar folio 1001' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Seleccionar folio 1001' })).toBeVisible();
  },
};
