import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { TextField } from './text-field';

const meta = {
  title: 'UI/TextField',
  component: TextField,
  args: { label: 'Nombres', onChange: fn() },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Types a name. Test only: out of the sidebar and docs, so the story above shows its state untouched. */
export const Typing: Story = {
  ...Default,
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    const input = canvas.getByRole('textbox', { name: 'Nombres' });
    await userEvent.type(input, 'María');
    await expect(input).toHaveValue('María');
    await expect(args.onChange).toHaveBeenCalled();
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

export const Playground: Story = {
  args: {
    type: 'text',
    placeholder: 'Ej. María',
    hint: 'Como aparece en la identificación.',
    required: false,
  },
};

export const Required: Story = {
  args: { required: true },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Nombres' });
    await expect(input).toBeRequired();
    // The `*` is visual only: the accessible name stays 'Nombres' and `required` is announced once.
    await expect(canvas.getByText('*')).toHaveAttribute('aria-hidden', 'true');
    await expect(canvas.getByText('*')).toHaveAttribute('title', 'obligatorio');
  },
};

export const WithHint: Story = {
  args: {
    label: 'Usuario',
    hint: 'Solo minúsculas, números y puntos, sin espacios.',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Usuario' })).toHaveAccessibleDescription(
      'Solo minúsculas, números y puntos, sin espacios.',
    );
  },
};

export const WithError: Story = {
  args: {
    label: 'Correo electrónico',
    type: 'email',
    defaultValue: 'correo-invalido',
    error: 'Por favor, ingresa un correo electrónico válido',
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Correo electrónico' });
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    const errorText = canvas.getByText('Por favor, ingresa un correo electrónico válido');
    const errorId = errorText.closest('p')?.id ?? '';
    await expect(errorId).not.toBe('');
    await expect(input.getAttribute('aria-describedby')?.split(' ')).toContain(errorId);
    await expect(input).toHaveAccessibleDescription('Por favor, ingresa un correo electrónico válido');
    await expect(canvas.queryByRole('alert')).toBeNull();
  },
};

export const WithHintAndError: Story = {
  args: {
    label: 'Usuario',
    defaultValue: 'ab',
    hint: 'Solo minúsculas, números y puntos, sin espacios.',
    error: 'El usuario debe tener al menos 3 caracteres',
  },
  play: async ({ canvas }) => {
    // The error replaces the hint: only the error is shown and described.
    await expect(canvas.getByRole('textbox', { name: 'Usuario' })).toHaveAccessibleDescription(
      'El usuario debe tener al menos 3 caracteres',
    );
    await expect(canvas.queryByText('Solo minúsculas, números y puntos, sin espacios.')).not.toBeVisible();
  },
};

export const Disabled: Story = {
  args: { label: 'Usuario', disabled: true, defaultValue: 'maria.lopez' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Usuario' })).toBeDisabled();
  },
};

export const ReadOnly: Story = {
  args: { label: 'Usuario', readOnly: true, defaultValue: 'maria.lopez' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Usuario' })).toHaveAttribute('readonly');
  },
};

export const Email: Story = {
  args: { label: 'Correo electrónico', type: 'email', autoComplete: 'email', required: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Correo electrónico' })).toHaveAttribute(
      'type',
      'email',
    );
  },
};

export const Password: Story = {
  args: { label: 'Contraseña', type: 'password', autoComplete: 'current-password' },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText('Contraseña', { selector: 'input' });
    await userEvent.type(input, 'secreta123');
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Mostrar contraseña' }));
    await expect(input).toHaveAttribute('type', 'text');
    await expect(input).toHaveValue('secreta123');
    await userEvent.click(canvas.getByRole('button', { name: 'Ocultar contraseña' }));
    await expect(input).toHaveAttribute('type', 'password');
  },
};

export const PasswordWithoutToggle: Story = {
  args: { label: 'Contraseña', type: 'password', revealable: false },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const NumberInput: Story = {
  name: 'Number',
  args: { label: 'Código postal', type: 'number', inputMode: 'numeric' },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('spinbutton', { name: 'Código postal' });
    await userEvent.type(input, '64000');
    await expect(input).toHaveValue(64000);
  },
};

export const Telephone: Story = {
  args: { label: 'Teléfono 1', type: 'tel', required: true, autoComplete: 'tel' },
};

function ValidatingExample() {
  const [value, setValue] = useState('');
  const [touched, setTouched] = useState(false);
  const error = touched && value.trim() === '' ? 'Campo requerido' : undefined;
  return (
    <TextField
      label="Folio"
      required
      value={value}
      error={error}
      onChange={(event) => setValue(event.target.value)}
      onBlur={() => setTouched(true)}
    />
  );
}

export const ValidatesOnBlur: Story = {
  render: () => <ValidatingExample />,
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Folio' });
    await userEvent.click(input);
    await userEvent.tab();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription('Campo requerido');
    await userEvent.type(input, 'F-1001');
    await expect(input).not.toHaveAttribute('aria-invalid');
  },
};

function RefExample() {
  const [input, setInput] = useState<HTMLInputElement | null>(null);
  return (
    <div className="grid max-w-sm gap-3">
      <TextField label="Correo electrónico" type="email" name="email" ref={setInput} />
      <button type="button" className="justify-self-start underline" onClick={() => input?.focus()}>
        Ir al correo
      </button>
    </div>
  );
}

/** `ref` reaches the `<input>` (what react-hook-form's `register` needs). */
export const ForwardsRef: Story = {
  render: () => <RefExample />,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Ir al correo' }));
    await expect(canvas.getByRole('textbox', { name: 'Correo electrónico' })).toHaveFocus();
  },
};
