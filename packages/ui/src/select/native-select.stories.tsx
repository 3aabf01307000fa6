import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent } from 'storybook/test';
import { NativeSelect } from './select';

const pageSizes = ['10', '20', '50', '100'].map((value) => ({ value, label: value }));
const visitors = [
  { value: '12', label: '12 - Nuevo León' },
  { value: '15', label: '15 - Jalisco' },
];

const meta = {
  title: 'UI/NativeSelect',
  component: NativeSelect,
  args: { label: 'Visitador', options: visitors, placeholder: 'Seleccionar visitador...', onChange: fn() },
} satisfies Meta<typeof NativeSelect>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Picks a visitor. Test only: out of the sidebar and docs, so the story above shows its state untouched. */
export const PickAnOption: Story = {
  ...Default,
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    const select = canvas.getByRole('combobox', { name: 'Visitador' });
    await expect(select).toHaveValue('');
    await userEvent.selectOptions(select, '15 - Jalisco');
    await expect(select).toHaveValue('15');
    await expect(args.onChange).toHaveBeenCalled();
  },
};

export const Playground: Story = { args: { hint: 'Visitadores activos de la región.', required: false } };

export const WithoutPlaceholder: Story = {
  args: { label: 'Por página', options: pageSizes, placeholder: false, defaultValue: '10' },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Por página' });
    await expect(select).toHaveValue('10');
    await expect(canvas.queryByRole('option', { name: 'Selecciona una opción' })).toBeNull();
  },
};

export const Required: Story = {
  args: { required: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Visitador' })).toBeRequired();
  },
};

export const WithError: Story = {
  args: { required: true, error: 'Debe seleccionar un visitador' },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Visitador' });
    await expect(select).toHaveAttribute('aria-invalid', 'true');
    await expect(select).toHaveAccessibleDescription('Debe seleccionar un visitador');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Visitador' })).toBeDisabled();
  },
};
