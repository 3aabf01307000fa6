import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ApiError } from '../errors';
import { createFakeReportesPort, makeSamplePdf } from '../testing';
import {
  activeRow,
  clearToasts,
  folios,
  ReportesHarness,
  rowsShown,
  toastWith,
  withReportes,
} from './reportes.story-helpers';
import { ReportesScreen } from './reportes-screen';

/** 'Subir reporte', opened from the screen as a person would. */
const meta = {
  title: 'Features/Reportes/UploadReporteModal',
  component: ReportesScreen,
  render: (args) => <ReportesHarness {...args} />,
  args: { cliente: null, onClienteChange: fn(), saveFile: fn() },
  parameters: { layout: 'fullscreen' },
  beforeEach: clearToasts,
} satisfies Meta<typeof ReportesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const pdfFile = async () =>
  new File([await makeSamplePdf({ title: 'Reporte TEC-2026-9000' })], 'estudio-9000.pdf', {
    type: 'application/pdf',
  });

async function openUpload(canvas: ReturnType<typeof within>) {
  await rowsShown(canvas, 8);
  await userEvent.click(canvas.getByRole('button', { name: 'Subir reporte' }));
  return screen.findByRole('dialog', { name: 'Subir reporte' });
}

function fileInput(dialog: HTMLElement): HTMLInputElement {
  return within(dialog).getByLabelText('Archivo a cargar', { selector: 'input' });
}

async function fill(dialog: HTMLElement, { folio = 'TEC-2026-9000', cliente = '', notas = '' } = {}) {
  const d = within(dialog);
  if (folio) await userEvent.type(d.getByRole('textbox', { name: /^Folio/ }), folio);
  if (cliente) await userEvent.selectOptions(d.getByRole('combobox', { name: /^Cliente/ }), cliente);
  if (notas) await userEvent.type(d.getByRole('textbox', { name: /^Notas/ }), notas);
  await userEvent.upload(fileInput(dialog), await pdfFile());
  await expect(await d.findByText(/^estudio-9000\.pdf/)).toBeVisible();
}

/** The form as it opens: focus on 'Folio', the first client chosen, the PDF hints. */
async function openedForm(canvas: ReturnType<typeof within>) {
  const dialog = await openUpload(canvas);
  const d = within(dialog);
  await expect(d.getByRole('textbox', { name: /^Folio/ })).toHaveFocus();
  await expect(d.getByRole('combobox', { name: /^Cliente/ })).toHaveValue('1');
  await expect(d.getByText('Solo PDF, máximo 20 MB.')).toBeVisible();
  await expect(d.getByText('Arrastra y suelta el PDF aquí')).toBeVisible();
  await expect(d.getByText('Los campos marcados con * son obligatorios.')).toBeVisible();
  return d;
}

export const Open: Story = {
  decorators: [withReportes(createFakeReportesPort())],
  play: async ({ canvas }) => {
    await openedForm(canvas);
  },
};

/** Test only (out of the sidebar and docs): 'Cancelar' closes the form. */
export const OpenThenCancel: Story = {
  tags: ['!dev', '!autodocs'],
  decorators: [withReportes(createFakeReportesPort())],
  play: async ({ canvas }) => {
    const d = await openedForm(canvas);
    await userEvent.click(d.getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  },
};

export const RequiredFields: Story = {
  decorators: [withReportes(createFakeReportesPort())],
  play: async ({ canvas }) => {
    const dialog = await openUpload(canvas);
    const d = within(dialog);
    await userEvent.click(d.getByRole('button', { name: 'Subir reporte' }));
    await expect(await d.findByText('Campo requerido')).toBeVisible();
    await expect(d.getByText('Debes adjuntar el PDF del reporte')).toBeVisible();
    await expect(d.getByRole('textbox', { name: /^Folio/ })).toHaveAttribute('aria-invalid', 'true');
  },
};

/** Another kind of file is refused before anything is sent. */
export const RejectsOtherFiles: Story = {
  decorators: [withReportes(createFakeReportesPort())],
  play: async ({ canvas }) => {
    const dialog = await openUpload(canvas);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(fileInput(dialog), new File(['hola'], 'notas.txt', { type: 'text/plain' }));
    await expect(await within(dialog).findByText('El archivo debe ser un PDF')).toBeVisible();
    await expect(within(dialog).queryByText(/^notas\.txt/)).toBeNull();
  },
};

/** While sending: the progress bar, the busy dialog that cannot be closed. */
export const Uploading: Story = {
  decorators: [withReportes(createFakeReportesPort({}, { delay: 1600 }))],
  play: async ({ canvas }) => {
    const dialog = await openUpload(canvas);
    await fill(dialog);
    const d = within(dialog);
    await userEvent.click(d.getByRole('button', { name: 'Subir reporte' }));
    const bar = await d.findByRole('progressbar', { name: 'Progreso de la carga' });
    await waitFor(() => expect(Number(bar.getAttribute('aria-valuenow'))).toBeGreaterThan(0));
    await expect(dialog).toHaveAttribute('aria-busy', 'true');
    await expect(d.getByRole('button', { name: 'Subiendo...' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(screen.getByRole('dialog', { name: 'Subir reporte' })).toBeVisible();
    await expect(await toastWith('Reporte guardado exitosamente')).toBeVisible();
  },
};

/** The server's words are shown as they come. */
export const ServerError: Story = {
  decorators: [
    withReportes({
      ...createFakeReportesPort(),
      create: () => Promise.reject(new ApiError(422, 'El archivo debe ser un PDF válido')),
    }),
  ],
  play: async ({ canvas }) => {
    const dialog = await openUpload(canvas);
    await fill(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subir reporte' }));
    await expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Error al subir reporte: El archivo debe ser un PDF válido',
    );
    await expect(within(dialog).getByRole('textbox', { name: /^Folio/ })).toHaveValue('TEC-2026-9000');
  },
};

/** A 422 naming a field goes under that field. */
export const ServerFieldError: Story = {
  decorators: [
    withReportes({
      ...createFakeReportesPort(),
      create: () =>
        Promise.reject(
          new ApiError(422, [
            { loc: ['body', 'folio'], msg: 'Folio con formato inválido', type: 'value_error' },
          ]),
        ),
    }),
  ],
  play: async ({ canvas }) => {
    const dialog = await openUpload(canvas);
    await fill(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subir reporte' }));
    await expect(await within(dialog).findByText('Folio con formato inválido')).toBeVisible();
    await expect(within(dialog).getByRole('textbox', { name: /^Folio/ })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
  },
};

/** Uploaded for another client: the screen switches to that client and selects the new report. */
export const Success: Story = {
  decorators: [withReportes(createFakeReportesPort())],
  play: async ({ canvas, args }) => {
    const dialog = await openUpload(canvas);
    await fill(dialog, { cliente: 'UANL', notas: 'Entregado por correo' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subir reporte' }));
    await expect(await toastWith('Reporte guardado exitosamente')).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await expect(args.onClienteChange).toHaveBeenCalledWith('2');
    await waitFor(async () => expect((await folios(canvas))[0]).toBe('TEC-2026-9000'));
    await waitFor(async () => expect((await activeRow(canvas))?.textContent).toContain('TEC-2026-9000'));
    await expect((await activeRow(canvas))?.textContent).toContain('Entregado por correo');
    await expect(canvas.getByRole('heading', { level: 2, name: 'Reporte TEC-2026-9000' })).toBeVisible();
  },
};
