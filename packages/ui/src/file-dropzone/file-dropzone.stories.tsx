import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor } from 'storybook/test';
import { FileDropzone } from './file-dropzone';

const spreadsheets = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'application/vnd.ms-excel': ['.xls'],
  'text/csv': ['.csv'],
};

const meta = {
  title: 'UI/FileDropzone',
  component: FileDropzone,
  args: { accept: spreadsheets, onFile: fn(), onReject: fn() },
} satisfies Meta<typeof FileDropzone>;

export default meta;
type Story = StoryObj<typeof meta>;

const csv = () => new File(['Folio,Calle\nF-1,Av. Juárez 10\n'], 'asignaciones.csv', { type: 'text/csv' });

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Arrastra y suelta un archivo aquí')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Seleccionar archivo' })).toBeEnabled();
    await expect(canvas.getByText('Formatos aceptados: .xlsx, .xls o .csv')).toBeVisible();
    await expect(canvas.getByLabelText('Archivo a cargar')).toHaveAttribute(
      'accept',
      expect.stringContaining('.csv'),
    );
  },
};

export const Playground: Story = { args: { instructions: 'Arrastra aquí tu archivo de asignaciones' } };

export const AcceptsCsv: Story = {
  play: async ({ canvas, args }) => {
    const file = csv();
    await userEvent.upload(canvas.getByLabelText('Archivo a cargar'), file);
    await waitFor(() => expect(args.onFile).toHaveBeenCalledWith(file));
    await expect(args.onReject).not.toHaveBeenCalled();
    await expect(canvas.queryByText(/Formato de archivo no soportado/)).not.toBeInTheDocument();
  },
};

export const AcceptsCsvByExtension: Story = {
  name: 'Accepts CSV by extension (no MIME type)',
  play: async ({ canvas, args }) => {
    const file = new File(['Folio\nF-1\n'], 'sin-tipo.csv', { type: '' });
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(canvas.getByLabelText('Archivo a cargar'), file);
    await waitFor(() => expect(args.onFile).toHaveBeenCalledWith(file));
  },
};

export const RejectsText: Story = {
  play: async ({ canvas, args }) => {
    const user = userEvent.setup({ applyAccept: false });
    const file = new File(['hola'], 'notas.txt', { type: 'text/plain' });
    await user.upload(canvas.getByLabelText('Archivo a cargar'), file);
    await expect(
      await canvas.findByText('Formato de archivo no soportado. Usa un archivo .xlsx, .xls o .csv.'),
    ).toBeVisible();
    await expect(args.onFile).not.toHaveBeenCalled();
    await expect(args.onReject).toHaveBeenCalledWith(expect.objectContaining({ file, reason: 'type' }));
    // A valid file afterwards clears the message.
    await user.upload(canvas.getByLabelText('Archivo a cargar'), csv());
    await waitFor(() => expect(args.onFile).toHaveBeenCalledOnce());
    await expect(canvas.queryByText(/Formato de archivo no soportado/)).not.toBeInTheDocument();
  },
};

export const CustomRejectionMessage: Story = {
  args: { rejectionMessage: 'Formato de archivo no soportado. Por favor usa Excel (.xlsx, .xls) o CSV.' },
  play: async ({ canvas, args }) => {
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      canvas.getByLabelText('Archivo a cargar'),
      new File(['%PDF'], 'reporte.pdf', { type: 'application/pdf' }),
    );
    await expect(
      await canvas.findByText('Formato de archivo no soportado. Por favor usa Excel (.xlsx, .xls) o CSV.'),
    ).toBeVisible();
    await expect(args.onFile).not.toHaveBeenCalled();
  },
};

/** The parent shows the refusal itself (from `onReject`): nothing under the area, no red border. */
export const RejectionShownByParent: Story = {
  args: { showRejection: false },
  play: async ({ canvas, canvasElement, args }) => {
    const user = userEvent.setup({ applyAccept: false });
    const file = new File(['hola'], 'notas.txt', { type: 'text/plain' });
    await user.upload(canvas.getByLabelText('Archivo a cargar'), file);
    await waitFor(() =>
      expect(args.onReject).toHaveBeenCalledWith(
        expect.objectContaining({
          file,
          reason: 'type',
          message: 'Formato de archivo no soportado. Usa un archivo .xlsx, .xls o .csv.',
        }),
      ),
    );
    await expect(canvas.queryByText(/Formato de archivo no soportado/)).not.toBeInTheDocument();
    await expect(canvasElement.querySelector('[data-slot="file-dropzone-error"]')).toBeEmptyDOMElement();
    await expect(args.onFile).not.toHaveBeenCalled();
  },
};

export const TooLarge: Story = {
  args: { maxSize: 1024 * 1024 },
  play: async ({ canvas, args }) => {
    const big = new File([new Uint8Array(1024 * 1024 + 1)], 'grande.csv', { type: 'text/csv' });
    await userEvent.upload(canvas.getByLabelText('Archivo a cargar'), big);
    await expect(
      await canvas.findByText('El archivo es demasiado grande. El tamaño máximo es 1 MB.'),
    ).toBeVisible();
    await expect(args.onFile).not.toHaveBeenCalled();
  },
};

export const Busy: Story = {
  args: { busy: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Procesando archivo...');
    await expect(canvas.queryByRole('button', { name: 'Seleccionar archivo' })).not.toBeInTheDocument();
    await expect(canvas.getByLabelText('Archivo a cargar')).toBeDisabled();
  },
};

export const WithParentError: Story = {
  args: { error: 'El archivo está vacío' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('El archivo está vacío');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Seleccionar archivo' })).toBeDisabled();
    await expect(canvas.getByLabelText('Archivo a cargar')).toBeDisabled();
  },
};

export const DragOver: Story = {
  play: async ({ canvas, canvasElement }) => {
    const area = canvasElement.querySelector<HTMLElement>('[data-slot="file-dropzone-area"]');
    if (!area) throw new Error('no drop area');
    const file = csv();
    const dataTransfer = new DataTransfer();
    dataTransfer.items.add(file);
    area.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer }));
    await expect(await canvas.findByText('Suelta el archivo para cargarlo')).toBeVisible();
    await waitFor(() => expect(area).toHaveAttribute('data-state', 'active'));
  },
};
