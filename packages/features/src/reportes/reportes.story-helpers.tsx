import { toast } from '@socio/ui';
import type { Decorator } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, screen, waitFor, type within } from 'storybook/test';
import { createFakeCatalogosPort } from '../catalogos/catalogos.fake';
import type { CatalogosPort } from '../catalogos/catalogos.port';
import { FeatureProviders } from '../testing';
import type { ReportesPort } from './reportes.port';
import { ReportesScreen, type ReportesScreenProps } from './reportes-screen';

/** Wraps every method of a port in a spy (same behaviour), so plays can assert the calls. */
export function spied(port: ReportesPort): ReportesPort {
  return Object.fromEntries(
    Object.entries(port).map(([name, method]) => [name, fn(method as (...args: never[]) => unknown)]),
  ) as unknown as ReportesPort;
}

/** The reportes port and the catalogues (the client selector; the demo clients unless given). */
export function withReportes(
  reportes: ReportesPort,
  catalogos: CatalogosPort = createFakeCatalogosPort(),
): Decorator {
  return (Story) => (
    <FeatureProviders ports={{ reportes, catalogos }}>
      <div className="bg-canvas p-4">
        <Story />
      </div>
    </FeatureProviders>
  );
}

/**
 * The screen as the route renders it: the client choice held like the URL would hold it, so picking
 * another client in the selector shows its reports.
 */
export function ReportesHarness({ cliente: initial, onClienteChange, ...props }: ReportesScreenProps) {
  const [cliente, setCliente] = useState(initial);
  return (
    <ReportesScreen
      {...props}
      cliente={cliente}
      onClienteChange={(next) => {
        onClienteChange(next);
        setCliente(next);
      }}
    />
  );
}

/** Toasts live in a module-level store: start every story without the previous story's toasts. */
export function clearToasts() {
  toast.dismiss();
}

type Canvas = ReturnType<typeof within>;

export function reportesTable(canvas: Canvas): Promise<HTMLElement> {
  return canvas.findByRole('table', { name: 'Lista de reportes' });
}

/** The body rows (header row and virtualisation spacers left out). */
export async function bodyRows(canvas: Canvas): Promise<HTMLElement[]> {
  const table = await reportesTable(canvas);
  return Array.from(table.querySelectorAll<HTMLElement>('tbody tr[data-slot="data-table-row"]'));
}

/** Waits until the table shows `count` rows. */
export async function rowsShown(canvas: Canvas, count: number): Promise<HTMLElement[]> {
  await waitFor(async () => expect(await bodyRows(canvas)).toHaveLength(count), { timeout: 5000 });
  return bodyRows(canvas);
}

/** The folio (ID column) of every row shown. */
export async function folios(canvas: Canvas): Promise<string[]> {
  return (await bodyRows(canvas)).map((row) => row.querySelectorAll('td')[2]?.textContent?.trim() ?? '');
}

/** The row showing `folio`. */
export async function rowOf(canvas: Canvas, folio: string): Promise<HTMLElement> {
  const row = (await bodyRows(canvas)).find(
    (r) => r.querySelectorAll('td')[2]?.textContent?.trim() === folio,
  );
  if (!row) throw new Error(`No hay fila para ${folio}`);
  return row;
}

/** The row marked as the one in the viewer. */
export async function activeRow(canvas: Canvas): Promise<HTMLElement | undefined> {
  return (await bodyRows(canvas)).find((row) => row.getAttribute('aria-current') === 'true');
}

/** A toast with this exact text. */
export function toastWith(text: string) {
  return screen.findByText(text, {}, { timeout: 5000 });
}

/** The viewer panel. */
export function viewer(canvas: Canvas) {
  return canvas.getByRole('region', { name: 'Vista previa del reporte' });
}
