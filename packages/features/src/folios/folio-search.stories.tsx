import type { FolioFicha } from '@socio/contracts';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { createFakeFoliosPort, demoFicha, FeatureProviders } from '../testing';
import { FolioSearch, FolioSuggestionsList } from './folio-search';

/** Ten folios 'TEC-2026-00400'… of two clients, and one of another prefix. */
const fichas: FolioFicha[] = [
  ...Array.from({ length: 10 }, (_, i) => ({
    ...demoFicha,
    datos: {
      ...demoFicha.datos,
      folio: `TEC-2026-004${String(i).padStart(2, '0')}`,
      cliente: i % 2 ? 'UANL' : 'Tec de Monterrey',
    },
  })),
  { ...demoFicha, datos: { ...demoFicha.datos, folio: 'UDEM-2026-00001', cliente: 'UDEM' } },
];

const meta = {
  title: 'Features/Folios/FolioSearch',
  component: FolioSearch,
  args: { label: 'Buscar info de folio', onSearch: fn(), onOpenFolio: fn() },
  render: (args) => (
    <FeatureProviders ports={{ folios: createFakeFoliosPort({ fichas }) }}>
      <div className="w-96 bg-canvas p-6 pb-96">
        <FolioSearch {...args} />
      </div>
    </FeatureProviders>
  ),
} satisfies Meta<typeof FolioSearch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 3+ characters list up to 8 folios; Arrow Down, Arrow Down, Enter opens the second one's ficha. */
export const ArrowsAndEnterOpenTheFicha: Story = {
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('searchbox', { name: 'Buscar info de folio' });
    await userEvent.type(box, 'te');
    await expect(canvas.queryByRole('list', { name: 'Folios sugeridos' })).toBeNull();
    await userEvent.type(box, 'c-2026');
    const list = await canvas.findByRole('list', { name: 'Folios sugeridos' }, { timeout: 5_000 });
    await expect(within(list).getAllByRole('button')).toHaveLength(8);
    await expect(within(list).getAllByText('UANL').length).toBeGreaterThan(0);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await expect(args.onOpenFolio).toHaveBeenCalledWith('TEC-2026-00401');
    await expect(args.onSearch).not.toHaveBeenCalled();
  },
};

/** Enter in the box keeps the spec's behaviour (Reportes with the folio), suggestions or not. */
export const PlainEnterSearches: Story = {
  play: async ({ canvas, args }) => {
    const box = canvas.getByRole('searchbox', { name: 'Buscar info de folio' });
    await userEvent.type(box, 'UDEM');
    await canvas.findByRole('list', { name: 'Folios sugeridos' }, { timeout: 5_000 });
    await userEvent.keyboard('{Enter}');
    await expect(args.onSearch).toHaveBeenCalledWith('UDEM');
    await expect(args.onOpenFolio).not.toHaveBeenCalled();
    // The list closes: it must not cover the page the search leads to.
    await waitFor(() => expect(canvas.queryByRole('list', { name: 'Folios sugeridos' })).toBeNull());
    await userEvent.type(box, '-');
    await canvas.findByRole('list', { name: 'Folios sugeridos' }, { timeout: 5_000 });
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(canvas.queryByRole('list', { name: 'Folios sugeridos' })).toBeNull());
  },
};

/** The list alone (axe checks it): folio, client and status of each. */
export const SuggestionsList: StoryObj<typeof FolioSuggestionsList> = {
  render: (args) => (
    <div className="relative w-96 bg-canvas p-6 pb-64">
      <FolioSuggestionsList {...args} />
    </div>
  ),
  args: {
    suggestions: [
      { folio: 'TEC-2026-00412', cliente: 'Tec de Monterrey', estatus: 'agendada' },
      { folio: 'TEC-2026-00413', cliente: null, estatus: null },
    ],
    onOpenFolio: fn(),
    onLeave: fn(),
  },
  play: async ({ canvas, args }) => {
    const list = canvas.getByRole('list', { name: 'Folios sugeridos' });
    await expect(within(list).getByText('agendada')).toBeVisible();
    await expect(within(list).getByText('Sin cliente')).toBeVisible();
    await userEvent.click(within(list).getByRole('button', { name: /TEC-2026-00413/ }));
    await expect(args.onOpenFolio).toHaveBeenCalledWith('TEC-2026-00413');
  },
};
