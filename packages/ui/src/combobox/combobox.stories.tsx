import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { Combobox, type ComboboxOption } from './combobox';

const estados: ComboboxOption[] = [
  'Aguascalientes',
  'Baja California',
  'Campeche',
  'Jalisco',
  'Nuevo León',
  'Puebla',
  'Yucatán',
  'Zacatecas',
].map((name, index) => ({ value: String(index + 1), label: name, detail: `Clave ${index + 1}` }));

const meta = {
  title: 'UI/Combobox',
  component: Combobox,
  args: {
    label: 'Estado',
    placeholder: 'Seleccionar estado',
    options: estados,
    onValueChange: fn(),
    filterLabel: 'Filtrar estados',
  },
  render: (args) => (
    <form onSubmit={(event) => event.preventDefault()} className="max-w-sm">
      <Combobox {...args} />
    </form>
  ),
} satisfies Meta<typeof Combobox>;

export default meta;
type Story = StoryObj<typeof meta>;

const activeOption = () => {
  const id = document.activeElement?.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};

/** Arrows move, Enter picks (the chosen option shows in the field), Escape closes; the focus returns. */
export const Keyboard: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Estado' });
    await expect(trigger).toHaveTextContent('Seleccionar estado');
    trigger.focus();
    await userEvent.keyboard('{ArrowDown}');
    const list = await screen.findByRole('listbox', { name: 'Estado' });
    await expect(screen.getByRole('combobox', { name: 'Filtrar estados' })).toHaveFocus();
    await expect(activeOption()).toHaveTextContent('Aguascalientes');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{End}{ArrowUp}');
    await expect(activeOption()).toHaveTextContent('Yucatán');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(list).not.toBeInTheDocument());
    await expect(args.onValueChange).toHaveBeenCalledWith('7');
    await expect(trigger).toHaveTextContent('Yucatán');
    await expect(trigger).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(trigger).toHaveFocus();
  },
};

/** The filter narrows the list; none matching says so. */
export const Filter: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Estado' }));
    const filter = await screen.findByRole('combobox', { name: 'Filtrar estados' });
    await userEvent.type(filter, 'cali');
    const list = screen.getByRole('listbox');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    await userEvent.type(filter, 'xx');
    await expect(await screen.findByText('Ninguna opción coincide')).toBeVisible();
  },
};

/** Few options: no filter box, the list itself takes the focus. */
export const Short: Story = {
  args: { options: estados.slice(0, 3) },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Estado' }));
    await expect(await screen.findByRole('listbox')).toHaveFocus();
    await expect(screen.queryByRole('combobox', { name: 'Filtrar estados' })).toBeNull();
  },
};

export const Invalid: Story = {
  args: { required: true, error: 'Debe seleccionar un estado' },
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('combobox', { name: 'Estado' });
    await expect(trigger).toHaveAttribute('aria-invalid', 'true');
    await expect(trigger).toHaveAccessibleDescription('Debe seleccionar un estado');
  },
};

export const Loading: Story = {
  args: { options: undefined, loading: true },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Estado' }));
    await expect(await screen.findByText('Cargando...')).toBeVisible();
  },
};

export const Empty: Story = {
  args: { options: [] },
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('combobox', { name: 'Estado' }));
    await expect(await screen.findByText('No hay opciones disponibles')).toBeVisible();
  },
};
