import type { Meta, StoryObj } from '@storybook/react-vite';
import { FileText } from 'lucide-react';
import { expect, fn, spyOn, userEvent, waitFor } from 'storybook/test';
import { PdfViewer, type PdfViewerLoader } from './pdf-viewer';

const FIXTURE = '/fixtures/muestra.pdf';

const meta = {
  title: 'UI/PdfViewer',
  component: PdfViewer,
  args: { file: FIXTURE, fileName: 'reporte-muestra.pdf', onRetry: fn(), className: 'h-[640px]' },
  parameters: { layout: 'padded' },
} satisfies Meta<typeof PdfViewer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Reads the zoom percentage shown in the toolbar, e.g. 120 for '120%'. */
function zoomPercent(element: HTMLElement): number {
  return Number((element.textContent ?? '').replace(/\D/g, ''));
}

export const Default: Story = {};

/** Page 2, zoom in and out, fit to width. Test only: out of the sidebar and docs, so the story above shows its state untouched. */
export const PagingAndZoom: Story = {
  ...Default,
  tags: ['!dev', '!autodocs'],
  play: async ({ canvas, canvasElement }) => {
    // The real fixture is parsed and rendered: page count, canvas and the PDF's own text layer.
    await expect(await canvas.findByText('Página 1 de 3', {}, { timeout: 25_000 })).toBeVisible();
    await waitFor(
      () => expect(canvas.getByText('Documento de muestra - Página 1 de 3')).toBeInTheDocument(),
      {
        timeout: 10_000,
      },
    );
    // The worker is self-hosted: fetched from this origin, never from a CDN.
    const scripts = performance.getEntriesByType('resource').map((entry) => entry.name);
    await expect(
      scripts.some((name) => name.startsWith(window.location.origin) && /pdf\.worker/.test(name)),
    ).toBe(true);
    const firstCanvas = canvasElement.querySelector('canvas');
    await expect(firstCanvas?.width).toBeGreaterThan(0);
    await expect(canvas.getByRole('button', { name: 'Página anterior' })).toBeDisabled();

    await userEvent.click(canvas.getByRole('button', { name: 'Página siguiente' }));
    await expect(canvas.getByText('Página 2 de 3')).toBeVisible();
    await waitFor(
      () => expect(canvas.getByText('Documento de muestra - Página 2 de 3')).toBeInTheDocument(),
      {
        timeout: 10_000,
      },
    );

    const zoom = canvas.getByRole('status', { name: /^Zoom/ });
    const fit = zoomPercent(zoom);
    await expect(fit).toBeGreaterThan(0);
    const fitCanvasWidth = canvasElement.querySelector('canvas')?.getBoundingClientRect().width ?? 0;

    await userEvent.click(canvas.getByRole('button', { name: 'Acercar' }));
    await waitFor(() => expect(zoomPercent(zoom)).toBeGreaterThan(fit));
    await waitFor(() =>
      expect(canvasElement.querySelector('canvas')?.getBoundingClientRect().width ?? 0).toBeGreaterThan(
        fitCanvasWidth,
      ),
    );

    await userEvent.click(canvas.getByRole('button', { name: 'Alejar' }));
    await waitFor(() => expect(zoomPercent(zoom)).toBe(fit));
    await userEvent.click(canvas.getByRole('button', { name: 'Alejar' }));
    await waitFor(() => expect(zoomPercent(zoom)).toBeLessThan(fit));
    await userEvent.click(canvas.getByRole('button', { name: 'Ajustar al ancho' }));
    await waitFor(() => expect(zoomPercent(zoom)).toBe(fit));
    // Still on page 2 after zooming.
    await expect(canvas.getByText('Página 2 de 3')).toBeVisible();
  },
};

export const Playground: Story = {};

export const Empty: Story = {
  args: {
    file: null,
    empty: (
      <div className="flex flex-col items-center gap-2 text-ink-muted">
        <FileText aria-hidden="true" className="size-10" />
        <p className="font-medium text-ink">Selecciona un reporte</p>
        <p className="text-sm">Elige un reporte de la lista para visualizarlo aquí</p>
      </div>
    ),
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Selecciona un reporte')).toBeVisible();
    await expect(canvas.queryByRole('toolbar')).not.toBeInTheDocument();
  },
};

const neverLoads: PdfViewerLoader = () => new Promise(() => undefined);

export const Loading: Story = {
  args: { loadViewer: neverLoads },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Cargando PDF...');
  },
};

export const LastPage: Story = {
  play: async ({ canvas }) => {
    await canvas.findByText('Página 1 de 3', {}, { timeout: 25_000 });
    const next = canvas.getByRole('button', { name: 'Página siguiente' });
    await userEvent.click(next);
    await userEvent.click(next);
    await expect(canvas.getByText('Página 3 de 3')).toBeVisible();
    await expect(next).toBeDisabled();
  },
};

export const DownloadAndPrint: Story = {
  play: async ({ canvas }) => {
    await canvas.findByText('Página 1 de 3', {}, { timeout: 25_000 });
    // Download: a link to the document's bytes named after `fileName` is clicked (the click is
    // intercepted so that the test browser does not save a file).
    const click = spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'Descargar' }));
      await waitFor(() => expect(click).toHaveBeenCalledOnce());
      const link = click.mock.contexts[0] as HTMLAnchorElement;
      await expect(link.download).toBe('reporte-muestra.pdf');
      await expect(link.href).toMatch(/^blob:/);
    } finally {
      click.mockRestore();
    }
    // Print: the document is loaded in a hidden frame whose window is asked to print.
    await userEvent.click(canvas.getByRole('button', { name: 'Imprimir' }));
    await waitFor(() => expect(document.querySelector('iframe[src^="blob:"]')).not.toBeNull());
    const frame = document.querySelector('iframe[src^="blob:"]');
    await expect(frame).toHaveAttribute('aria-hidden', 'true');
    frame?.remove();
  },
};

export const FromBlob: Story = {
  loaders: [async () => ({ blob: await fetch(FIXTURE).then((response) => response.blob()) })],
  render: (args, { loaded }) => <PdfViewer {...args} file={loaded.blob as Blob} />,
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Página 1 de 3', {}, { timeout: 25_000 })).toBeVisible();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { file: '/fixtures/no-existe.pdf' },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('alert', {}, { timeout: 25_000 })).toHaveTextContent(
      'Error al cargar el PDF',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Intentar de nuevo' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    // The URL is still wrong: the viewer tried again and failed again.
    await expect(await canvas.findByRole('alert', {}, { timeout: 25_000 })).toHaveTextContent(
      'Error al cargar el PDF',
    );
  },
};

export const ViewerUnavailable: Story = {
  args: { loadViewer: fn(() => Promise.reject(new Error('Failed to fetch dynamically imported module'))) },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'No se pudo cargar el visor de PDF. Verifica tu conexión a internet.',
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Intentar de nuevo' }));
    await expect(args.onRetry).toHaveBeenCalledOnce();
    await waitFor(() => expect(args.loadViewer).toHaveBeenCalledTimes(2));
    await expect(await canvas.findByRole('alert')).toBeVisible();
  },
};
