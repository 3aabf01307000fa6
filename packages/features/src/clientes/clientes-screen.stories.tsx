import { toast } from '@socio/ui';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, userEvent, waitFor, within } from 'storybook/test';
import { ApiError, NetworkError } from '../errors';
import {
  createFakeClientesPort,
  FeatureProviders,
  failingFirst,
  pending,
  stubClientesPort,
} from '../testing';
import type { ClientesPort } from './clientes.port';
import { ClientesScreen } from './clientes-screen';

function withClientes(clientes: ClientesPort) {
  return (Story: () => React.ReactElement) => (
    <FeatureProviders ports={{ clientes }}>
      <div className="bg-canvas p-4">
        <Story />
      </div>
    </FeatureProviders>
  );
}

const meta = {
  title: 'Features/Clientes/ClientesScreen',
  component: ClientesScreen,
  parameters: { layout: 'fullscreen' },
  beforeEach: () => {
    toast.dismiss();
  },
} satisfies Meta<typeof ClientesScreen>;

export default meta;
type Story = StoryObj<typeof meta>;

const group = (canvas: ReturnType<typeof within>, name: string) => canvas.findByRole('group', { name });

/** The three clients with their recipients; UANL has none and says what that means. */
export const List: Story = {
  decorators: [withClientes(createFakeClientesPort())],
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Clientes' });
    const tec = within(await group(canvas, 'Tec de Monterrey'));
    const list = tec.getByRole('list', { name: 'Destinatarios de Tec de Monterrey' });
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['admisiones@tec.example', 'becas@tec.example']);
    const uanl = within(await group(canvas, 'UANL'));
    await expect(
      uanl.getByText('Sin destinatarios: los reportes de este cliente no se pueden enviar por correo.'),
    ).toBeVisible();
    await expect(uanl.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled();
  },
};

/** Adding an address by keyboard, removing another, and saving. */
export const EditAndSave: Story = {
  decorators: [withClientes(createFakeClientesPort())],
  play: async ({ canvas }) => {
    const tec = within(await group(canvas, 'Tec de Monterrey'));
    await userEvent.type(
      tec.getByRole('textbox', { name: 'Agregar correo' }),
      ' Rectoria@TEC.example {Enter}',
    );
    await userEvent.click(tec.getByRole('button', { name: 'Quitar becas@tec.example' }));
    const list = tec.getByRole('list', { name: 'Destinatarios de Tec de Monterrey' });
    await expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['admisiones@tec.example', 'rectoria@tec.example']);
    await userEvent.click(tec.getByRole('button', { name: 'Guardar cambios' }));
    await expect(await screen.findByText('Destinatarios actualizados')).toBeVisible();
    await waitFor(() => expect(tec.getByRole('button', { name: 'Guardar cambios' })).toBeDisabled());
  },
};

/** An invalid or repeated address is refused with a Spanish message; typing clears it. */
export const Validation: Story = {
  decorators: [withClientes(createFakeClientesPort())],
  play: async ({ canvas }) => {
    const udem = within(await group(canvas, 'UDEM'));
    const input = udem.getByRole('textbox', { name: 'Agregar correo' });
    await userEvent.type(input, 'no-es-correo');
    await userEvent.click(udem.getByRole('button', { name: 'Agregar' }));
    await expect(await udem.findByText('Ingresa un correo electrónico válido')).toBeVisible();
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await userEvent.clear(input);
    await waitFor(() => expect(udem.queryByText('Ingresa un correo electrónico válido')).toBeNull());
    await userEvent.type(input, 'REPORTES@udem.example{Enter}');
    await expect(await udem.findByText('Este correo ya está en la lista')).toBeVisible();
  },
};

/** 'Cancelar' discards what was not saved. */
export const Discard: Story = {
  decorators: [withClientes(createFakeClientesPort())],
  play: async ({ canvas }) => {
    const udem = within(await group(canvas, 'UDEM'));
    await userEvent.click(udem.getByRole('button', { name: 'Quitar reportes@udem.example' }));
    await expect(udem.getByText(/^Sin destinatarios/)).toBeVisible();
    await userEvent.click(udem.getByRole('button', { name: 'Cancelar' }));
    await expect(udem.getByText('reportes@udem.example')).toBeVisible();
  },
};

/** The server refuses the save: its detail in a toast, the edit kept. */
export const SaveError: Story = {
  decorators: [
    withClientes({
      ...createFakeClientesPort(),
      updateDestinatarios: () => Promise.reject(new ApiError(403, 'No tienes permiso para esta acción')),
    }),
  ],
  play: async ({ canvas }) => {
    const udem = within(await group(canvas, 'UDEM'));
    await userEvent.type(udem.getByRole('textbox', { name: 'Agregar correo' }), 'becas@udem.example{Enter}');
    await userEvent.click(udem.getByRole('button', { name: 'Guardar cambios' }));
    await expect(
      await screen.findByText('Error al guardar los destinatarios: No tienes permiso para esta acción'),
    ).toBeVisible();
    await expect(udem.getByText('becas@udem.example')).toBeVisible();
  },
};

export const Loading: Story = {
  decorators: [withClientes(stubClientesPort({ list: () => pending() }))],
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Cargando clientes...')).toBeVisible();
  },
};

/** The list fails (offline); 'Intentar de nuevo' loads it. */
export const LoadError: Story = {
  decorators: [
    withClientes(failingFirst(createFakeClientesPort(), 'list', () => Promise.reject(new NetworkError()))),
  ],
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Error al cargar los clientes')).toBeVisible();
  },
};

/** 'Intentar de nuevo' loads the clients. Test only: out of the sidebar and docs, so the story above stays on the state its name says. */
export const LoadErrorRetry: Story = {
  tags: ['!dev', '!autodocs'],
  decorators: [
    withClientes(failingFirst(createFakeClientesPort(), 'list', () => Promise.reject(new NetworkError()))),
  ],
  play: async (context) => {
    await LoadError.play?.(context);
    const { canvas } = context;
    await userEvent.click(canvas.getByRole('button', { name: 'Intentar de nuevo' }));
    await expect(await canvas.findByRole('group', { name: 'UDEM' })).toBeVisible();
  },
};
