import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { Select } from './select';

const roles = [
  { value: 'administrador', label: 'Administrador' },
  { value: 'supervisor', label: 'Supervisor' },
  { value: 'visitador', label: 'Visitador' },
];

const meta = {
  title: 'UI/Select',
  component: Select,
  args: { label: 'Rol', options: roles, onValueChange: fn() },
} satisfies Meta<typeof Select>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Opens the list and picks 'Supervisor'. Test only: out of the sidebar and docs, so the story above shows its state untouched. */
export const PickWithThePointer: Story = {
  ...Default,
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Rol' });
    await expect(trigger).toHaveTextContent('Selecciona una opción');
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('option', { name: 'Supervisor' }));
    await expect(args.onValueChange).toHaveBeenCalledWith('supervisor');
    await waitFor(() => expect(trigger).toHaveTextContent('Supervisor'));
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Playground: Story = {
  args: { placeholder: 'Selecciona un rol', hint: 'Define qué puede hacer el usuario.', required: false },
};

export const WithValue: Story = {
  args: { defaultValue: 'visitador' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Rol' })).toHaveTextContent('Visitador');
  },
};

export const KeyboardSelection: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Rol' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const listbox = await screen.findByRole('listbox');
    await expect(listbox).toBeVisible();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(args.onValueChange).toHaveBeenCalledOnce();
  },
};

export const Required: Story = {
  args: { required: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Rol' })).toHaveAttribute('aria-required', 'true');
  },
};

export const WithHint: Story = {
  args: { hint: 'Define qué puede hacer el usuario.' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Rol' })).toHaveAccessibleDescription(
      'Define qué puede hacer el usuario.',
    );
  },
};

export const WithError: Story = {
  args: { required: true, error: 'Campo requerido' },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Rol' });
    await expect(trigger).toHaveAttribute('aria-invalid', 'true');
    await expect(trigger).toHaveAccessibleDescription('Campo requerido');
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'administrador' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Rol' })).toBeDisabled();
  },
};

export const DisabledOption: Story = {
  args: {
    label: 'Tipo de carga',
    options: [
      { value: 'TEC_MTY', label: 'TEC_MTY' },
      { value: 'OTRO', label: 'Otro (no disponible)', disabled: true },
    ],
  },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Tipo de carga' }));
    await expect(await screen.findByRole('option', { name: 'Otro (no disponible)' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
  },
};

function ControlledExample() {
  const [value, setValue] = useState('');
  return (
    <div className="grid max-w-xs gap-3">
      <Select
        label="Estatus"
        options={[
          { value: 'Activo', label: 'Activo' },
          { value: 'Inactivo', label: 'Inactivo' },
        ]}
        value={value}
        onValueChange={setValue}
      />
      <p>Valor: {value || 'ninguno'}</p>
      <button type="button" className="underline" onClick={() => setValue('')}>
        Limpiar
      </button>
    </div>
  );
}

export const Controlled: Story = {
  render: () => <ControlledExample />,
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Estatus' });
    await userEvent.click(trigger);
    await userEvent.click(await screen.findByRole('option', { name: 'Inactivo' }));
    await expect(canvas.getByText('Valor: Inactivo')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Limpiar' }));
    await expect(canvas.getByText('Valor: ninguno')).toBeVisible();
    await expect(trigger).toHaveTextContent('Selecciona una opción');
  },
};

export const InsideForm: Story = {
  render: (args) => (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const output = event.currentTarget.querySelector('output');
        if (output) output.textContent = `Enviado: ${String(data.get('rol'))}`;
      }}
      className="grid max-w-xs gap-3"
    >
      <Select {...args} name="rol" defaultValue="supervisor" />
      <button type="submit" className="underline">
        Enviar
      </button>
      <output />
    </form>
  ),
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Enviar' }));
    await expect(canvas.getByText('Enviado: supervisor')).toBeVisible();
  },
};
