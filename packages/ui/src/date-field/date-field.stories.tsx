import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { DateField } from './date-field';

const meta = {
  title: 'UI/DateField',
  component: DateField,
  args: { label: 'Día que Agendó en CRM', onValueChange: fn() },
  render: (args) => (
    <div className="max-w-xs">
      <DateField {...args} />
    </div>
  ),
} satisfies Meta<typeof DateField>;

export default meta;
type Story = StoryObj<typeof meta>;

const box = (canvas: { getByRole: typeof screen.getByRole }) =>
  canvas.getByRole('textbox', { name: 'Día que Agendó en CRM' });

/** Empty: a text box (never the browser's date input) showing the format dd/mm/aaaa, and announcing it. */
export const Empty: Story = {
  play: async ({ canvas }) => {
    const input = box(canvas);
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await expect(input).toHaveAccessibleDescription('Formato: día, mes y año (dd/mm/aaaa)');
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

/** An ISO value shows as dd/mm/aaaa. */
export const Filled: Story = {
  args: { defaultValue: '2026-03-05' },
  play: async ({ canvas }) => {
    await expect(box(canvas)).toHaveValue('05/03/2026');
  },
};

/**
 * Typing '05/03/2026' gives '2026-03-05'; the slashes come by themselves when only digits are typed;
 * '31/02/2026' is refused in Spanish and its value is not a date.
 */
export const TypesDayMonthYear: Story = {
  play: async ({ canvas, args }) => {
    const input = box(canvas);
    await userEvent.type(input, '05/03/2026');
    await expect(input).toHaveValue('05/03/2026');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('2026-03-05');
    await expect(input).not.toHaveAttribute('aria-invalid');

    await userEvent.clear(input);
    await expect(args.onValueChange).toHaveBeenLastCalledWith('');
    await userEvent.type(input, '31022026');
    await expect(input).toHaveValue('31/02/2026');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('31/02/2026');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(
      'Formato: día, mes y año (dd/mm/aaaa) La fecha 31/02/2026 no existe',
    );
  },
};

/** Left half typed: 'Fecha incompleta…' once the focus leaves, gone when typing again. */
export const Incomplete: Story = {
  play: async ({ canvas }) => {
    const input = box(canvas);
    await userEvent.type(input, '0503');
    await expect(input).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();
    await expect(canvas.getByText('Fecha incompleta: escríbela como dd/mm/aaaa')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.type(input, '2026');
    await expect(input).toHaveValue('05/03/2026');
    await expect(canvas.queryByText('Fecha incompleta: escríbela como dd/mm/aaaa')).toBeNull();
  },
};

/** An impossible value given from outside: refused at once. */
export const Invalid: Story = {
  args: { defaultValue: '30/02/2026' },
  play: async ({ canvas }) => {
    await expect(box(canvas)).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('La fecha 30/02/2026 no existe')).toBeVisible();
  },
};

/** A form's error wins over the field's own, wired like every field (aria-invalid, described by it). */
export const WithError: Story = {
  args: { required: true, error: 'Campo requerido' },
  play: async ({ canvas }) => {
    const input = box(canvas);
    await expect(input).toBeRequired();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Formato: día, mes y año (dd/mm/aaaa) Campo requerido');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: '2026-11-20' },
  play: async ({ canvas }) => {
    await expect(box(canvas)).toBeDisabled();
    await expect(box(canvas)).toHaveValue('20/11/2026');
    await expect(canvas.getByRole('button', { name: 'Elegir fecha en el calendario' })).toBeDisabled();
  },
};

/** The calendar by keyboard: opens on the chosen day, arrows and Page Down move, Enter picks. */
export const CalendarKeyboard: Story = {
  args: { defaultValue: '2026-03-05' },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Elegir fecha en el calendario' }));
    const calendar = await screen.findByRole('dialog', { name: 'Elegir fecha en el calendario' });
    await expect(within(calendar).getByRole('heading')).toHaveTextContent('marzo de 2026');
    await waitFor(() =>
      expect(within(calendar).getByRole('button', { name: 'jueves, 5 de marzo de 2026' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowRight}{ArrowDown}');
    await expect(
      within(calendar).getByRole('button', { name: 'viernes, 13 de marzo de 2026' }),
    ).toHaveFocus();
    await userEvent.keyboard('{PageDown}');
    await expect(within(calendar).getByRole('heading')).toHaveTextContent('abril de 2026');
    await expect(within(calendar).getByRole('button', { name: 'lunes, 13 de abril de 2026' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onValueChange).toHaveBeenLastCalledWith('2026-04-13');
    await expect(box(canvas)).toHaveValue('13/04/2026');
  },
};

function ControlledExample() {
  const [value, setValue] = useState('2026-11-20');
  return (
    <div className="grid max-w-xs gap-2">
      <DateField label="Día que Agendó en CRM" value={value} onValueChange={setValue} />
      <output aria-label="Valor">{value}</output>
      <button type="button" className="justify-self-start underline" onClick={() => setValue('')}>
        Vaciar
      </button>
    </div>
  );
}

/** Controlled: the parent holds the ISO value; clearing it from outside empties the box. */
export const Controlled: Story = {
  render: () => <ControlledExample />,
  play: async ({ canvas }) => {
    const input = box(canvas);
    await expect(input).toHaveValue('20/11/2026');
    await userEvent.clear(input);
    await userEvent.type(input, '1/12/2026');
    await expect(canvas.getByRole('status', { name: 'Valor' })).toHaveTextContent('2026-12-01');
    await userEvent.click(canvas.getByRole('button', { name: 'Vaciar' }));
    await expect(input).toHaveValue('');
  },
};
