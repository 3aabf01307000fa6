import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent } from 'storybook/test';
import { SearchInput } from './search-input';

const meta = {
  title: 'UI/SearchInput',
  component: SearchInput,
  args: { onSearch: fn(), onValueChange: fn(), onClear: fn() },
} satisfies Meta<typeof SearchInput>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** Types a folio and presses Enter. Test only: out of the sidebar and docs, so the story above shows its state untouched. */
export const TypeAndSearch: Story = {
  ...Default,
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('searchbox', { name: 'Buscar' });
    await userEvent.type(box, 'F-1001');
    await expect(args.onValueChange).toHaveBeenLastCalledWith('F-1001');
    await expect(args.onSearch).not.toHaveBeenCalled();
    await userEvent.keyboard('{Enter}');
    await expect(args.onSearch).toHaveBeenCalledWith('F-1001');
  },
};

export const Playground: Story = {
  args: { label: 'Buscar usuarios', placeholder: 'Nombre, correo o rol', clearable: true },
};

export const WithPlaceholder: Story = {
  args: { label: 'Buscar info de folio', placeholder: 'Buscar info de folio' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('searchbox', { name: 'Buscar info de folio' })).toHaveAttribute(
      'placeholder',
      'Buscar info de folio',
    );
  },
};

export const Clearable: Story = {
  args: { label: 'Buscar por folio', defaultValue: 'F-1001' },
};

/** The clear button empties the box. Test only: out of the sidebar and docs, so the story above shows its state untouched. */
export const ClearButton: Story = {
  ...Clearable,
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('searchbox', { name: 'Buscar por folio' });
    await expect(box).toHaveValue('F-1001');
    await userEvent.click(canvas.getByRole('button', { name: 'Limpiar búsqueda' }));
    await expect(box).toHaveValue('');
    await expect(box).toHaveFocus();
    await expect(args.onClear).toHaveBeenCalledOnce();
    await expect(args.onValueChange).toHaveBeenLastCalledWith('');
    await expect(canvas.queryByRole('button', { name: 'Limpiar búsqueda' })).toBeNull();
  },
};

export const NotClearable: Story = {
  args: { clearable: false, defaultValue: 'María' },
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

function ControlledExample() {
  const [query, setQuery] = useState('UANL');
  return (
    <div className="grid max-w-sm gap-2">
      <SearchInput label="Buscar reportes" value={query} onValueChange={setQuery} />
      <p>Consulta: {query || 'vacía'}</p>
    </div>
  );
}

export const Controlled: Story = {
  render: () => <ControlledExample />,
};

/** Types, then clears, through the parent's state. Test only: out of the sidebar and docs, so the story above shows its state untouched. */
export const ControlledTyping: Story = {
  ...Controlled,
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas }) => {
    const box = canvas.getByRole('searchbox', { name: 'Buscar reportes' });
    await userEvent.clear(box);
    await userEvent.type(box, 'UDEM');
    await expect(canvas.getByText('Consulta: UDEM')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Limpiar búsqueda' }));
    await expect(canvas.getByText('Consulta: vacía')).toBeVisible();
  },
};

export const Disabled: Story = {
  args: { disabled: true, defaultValue: 'F-1001' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('searchbox', { name: 'Buscar' })).toBeDisabled();
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};
