import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import type { Ports } from '../ports';
import { createFakeFoliosPort, FeatureProviders, offline, pending, stubFoliosPort } from '../testing';
import { FolioFichaScreen } from './folio-ficha-screen';

interface StoryArgs {
  ports: Partial<Ports>;
  folio: string;
  onOpenReport?: (folio: string) => void;
}

const meta = {
  title: 'Features/Folios/FolioFichaScreen',
  parameters: { layout: 'fullscreen' },
  render: ({ ports, folio, onOpenReport }) => (
    <FeatureProviders ports={ports}>
      <div className="bg-canvas p-6">
        <FolioFichaScreen folio={folio} onOpenReport={onOpenReport} />
      </div>
    </FeatureProviders>
  ),
} satisfies Meta<StoryArgs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Loaded: Story = {
  args: { ports: { folios: createFakeFoliosPort() }, folio: 'tec-2026-00412', onOpenReport: fn() },
  play: async ({ canvas, args }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Folio TEC-2026-00412' });
    await expect(await canvas.findByText('Mariana López Garza')).toBeVisible();
    const asignaciones = canvas.getByRole('table');
    await expect(within(asignaciones).getByText('Carlos Treviño Salinas')).toBeVisible();
    await expect(within(asignaciones).getByText('agendada')).toBeVisible();
    await expect(canvas.getByText('Asignada a Carlos Treviño Salinas')).toBeVisible();
    await expect(canvas.getByText('Cambió a agendada')).toBeVisible();
    await expect(canvas.getByText('Entregado')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Abrir en Reportes' }));
    await expect(args.onOpenReport).toHaveBeenCalledWith('TEC-2026-00412');
  },
};

export const Loading: Story = {
  args: { ports: { folios: stubFoliosPort({ ficha: () => pending() }) }, folio: 'TEC-2026-00412' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('status')).toHaveTextContent('Cargando...');
    await expect(canvas.getByRole('heading', { level: 1, name: 'Folio TEC-2026-00412' })).toBeVisible();
  },
};

export const NotFound: Story = {
  args: { ports: { folios: createFakeFoliosPort() }, folio: 'NO-EXISTE' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Folio no encontrado' })).toBeVisible();
    await expect(
      canvas.getByText('No se encontró el folio NO-EXISTE, o no está asignado a ti.'),
    ).toBeVisible();
  },
};

export const LoadError: Story = {
  args: { ports: { folios: stubFoliosPort({ ficha: () => offline() }) }, folio: 'TEC-2026-00412' },
  play: async ({ canvas }) => {
    const alert = await canvas.findByRole('alert', {}, { timeout: 10_000 });
    await expect(alert).toHaveTextContent('Error al cargar el folio');
    await expect(within(alert).getByRole('button', { name: 'Intentar de nuevo' })).toBeVisible();
  },
};

/** A Visitador asking for a folio that is not theirs gets the same 404 as for an unknown folio. */
export const VisitadorOtherFolio: Story = {
  args: { ports: { folios: createFakeFoliosPort({ fichas: [] }) }, folio: 'TEC-2026-00412' },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('heading', { level: 2, name: 'Folio no encontrado' })).toBeVisible();
    await expect(canvas.queryByText('Mariana López Garza')).toBeNull();
  },
};
