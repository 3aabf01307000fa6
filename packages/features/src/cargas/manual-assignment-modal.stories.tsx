import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, userEvent, waitFor, within } from 'storybook/test';
import { ApiError, NetworkError } from '../errors';
import {
  atViewport,
  createFakeCargasPort,
  demoAssignments,
  demoVisitors,
  isInView,
  pending,
} from '../testing';
import { clearToasts, realKeyboard, spied, tabTo, withCargas } from './cargas.story-helpers';
import { OTHER_LOAD_FORM } from './manual-assignment';
import { ManualAssignmentModal } from './manual-assignment-modal';

const meta = {
  title: 'Features/Cargas/ManualAssignmentModal',
  component: ManualAssignmentModal,
  args: { open: true, onOpenChange: fn() },
  beforeEach: clearToasts,
} satisfies Meta<typeof ManualAssignmentModal>;

export default meta;
type Story = StoryObj<typeof meta>;

function dialog() {
  return screen.findByRole('dialog', { name: 'Nueva Carga Manual' });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A field of the dialog by its label (required labels end in '*'). */
function field(scope: HTMLElement, label: string) {
  return within(scope).getByLabelText(new RegExp(`^${escapeRegExp(label)}\\*?$`), {
    selector: 'input, select',
  });
}

async function fillRequired(scope: HTMLElement) {
  await userEvent.type(field(scope, 'Folio'), 'TEC-900001');
  await userEvent.type(field(scope, 'Nombre del alumno'), 'Ana Ruiz');
  await userEvent.type(field(scope, 'Campus de ingreso'), 'Monterrey');
  await userEvent.type(field(scope, 'Correo del alumno'), 'ana@tec.mx');
  await userEvent.type(field(scope, 'Teléfono 1'), '+81,1234 5678');
}

function picker(scope: HTMLElement) {
  return within(scope).getByRole('combobox', { name: 'Visitador' });
}

/** The visitor list (it pops up over the page, outside the dialog's markup). */
function visitorList() {
  return screen.findByRole('listbox', { name: 'Visitadores activos' });
}

/** The option the keys point at (`aria-activedescendant` of the focused list or filter box). */
function activeOption() {
  const id = document.activeElement?.getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
}

async function pickVisitor(scope: HTMLElement, name: RegExp) {
  await userEvent.click(picker(scope));
  await userEvent.click(within(await visitorList()).getByRole('option', { name }));
}

/** Opened: subtitle, load type selector (TEC_MTY only), visitor picker, Cancelar / Crear Asignación. */
export const EmptyForm: Story = {
  decorators: [withCargas(createFakeCargasPort())],
  play: async () => {
    const modal = await dialog();
    await expect(modal).toHaveAccessibleDescription('Complete los datos para crear una asignación manual');
    const type = field(modal, 'Tipo de carga');
    await expect(type).toHaveFocus();
    await expect(
      within(type)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Seleccionar tipo de carga...', 'TEC_MTY']);
    await expect(picker(modal)).toHaveTextContent('Seleccionar Visitador');
    await expect(within(modal).getByRole('button', { name: 'Cancelar' })).toBeEnabled();
    await expect(within(modal).getByRole('button', { name: 'Crear Asignación' })).toBeEnabled();
  },
};

/**
 * TEC_MTY's fields exactly as the spec lists them (correo_alumno an e-mail input, dia_agendo_crm a date
 * written dd/mm/aaaa whatever the browser's language, not the native date input).
 */
export const TecMtyFields: Story = {
  decorators: [withCargas(createFakeCargasPort())],
  play: async () => {
    const modal = await dialog();
    await userEvent.selectOptions(field(modal, 'Tipo de carga'), 'TEC_MTY');
    const fields = modal.querySelector('[data-slot="manual-fields"]');
    const labels = [...(fields?.querySelectorAll('label') ?? [])].map((l) => l.textContent?.replace('*', ''));
    await expect(labels).toEqual([
      'Folio',
      'Nombre del alumno',
      'Campus de ingreso',
      'Correo del alumno',
      'Calle',
      'Colonia',
      'Ciudad',
      'Estado',
      'Código postal',
      'Teléfono 1',
      'Teléfono 2',
      'Teléfono 3',
      'Teléfono 4',
      'Nombre del padre',
      'Correo del padre',
      'Nombre de la madre',
      'Correo de la madre',
      'Solicitud X E Mail',
      'Día que Agendó en CRM',
    ]);
    await expect(field(modal, 'Correo del alumno')).toHaveAttribute('type', 'email');
    const day = field(modal, 'Día que Agendó en CRM');
    await expect(day).toHaveAttribute('type', 'text');
    await expect(day).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    const estado = field(modal, 'Estado');
    await waitFor(() => expect(within(estado).getAllByRole('option')).toHaveLength(33));
  },
};

/** Submit with nothing: the spec's messages; the first invalid field takes the focus; editing clears an error. */
export const Invalid: Story = {
  decorators: [withCargas(createFakeCargasPort())],
  play: async () => {
    const modal = await dialog();
    await userEvent.click(within(modal).getByRole('button', { name: 'Crear Asignación' }));
    await expect(await within(modal).findByText('Debe seleccionar un tipo de carga')).toBeVisible();
    await expect(within(modal).getByText('Debe seleccionar un visitador')).toBeVisible();
    await expect(field(modal, 'Tipo de carga')).toHaveFocus();

    await userEvent.selectOptions(field(modal, 'Tipo de carga'), 'TEC_MTY');
    await waitFor(() => expect(within(modal).queryByText('Debe seleccionar un tipo de carga')).toBeNull());
    await userEvent.click(within(modal).getByRole('button', { name: 'Crear Asignación' }));
    await waitFor(() => expect(within(modal).getAllByText('Campo requerido')).toHaveLength(5));
    await expect(field(modal, 'Folio')).toHaveFocus();
    await expect(field(modal, 'Folio')).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(field(modal, 'Folio'), 'TEC-1');
    await waitFor(() => expect(within(modal).getAllByText('Campo requerido')).toHaveLength(4));
    await expect(field(modal, 'Folio')).not.toHaveAttribute('aria-invalid', 'true');
  },
};

/** The other load type of the spec is one more definition, rendered by the same component. */
export const OtherLoadTypeForm: Story = {
  args: { forms: { OTRO: OTHER_LOAD_FORM } },
  decorators: [withCargas(createFakeCargasPort())],
  play: async () => {
    const modal = await dialog();
    await userEvent.selectOptions(field(modal, 'Tipo de carga'), 'OTRO');
    await expect(field(modal, 'ID del folio')).toHaveAttribute('placeholder', 'RES-00010999');
    await userEvent.click(within(modal).getByRole('button', { name: 'Crear Asignación' }));
    await expect(await within(modal).findByText('El ID del folio es requerido')).toBeVisible();
    await expect(within(modal).getByText('El estado del folio es requerido')).toBeVisible();
    await expect(within(modal).getByText('El nombre del alumno es requerido')).toBeVisible();
    await expect(within(modal).getByText('El teléfono 1 es requerido')).toBeVisible();
    // Calle, ciudad and código postal are marked required but not checked.
    await expect(field(modal, 'Calle')).toBeRequired();
    await expect(field(modal, 'Calle')).not.toHaveAttribute('aria-invalid', 'true');
    await expect(field(modal, 'ID del folio')).toHaveFocus();
  },
};

export const NoVisitors: Story = {
  decorators: [withCargas(createFakeCargasPort({ visitors: [] }))],
  play: async () => {
    const modal = await dialog();
    await userEvent.click(picker(modal));
    await expect(await screen.findByText('No hay visitadores disponibles')).toBeVisible();
  },
};

const manyVisitors = [
  ...demoVisitors,
  { id_usuario: 30, name: 'Óscar Treviño Salas', region: 'Nuevo León' },
  { id_usuario: 31, name: 'Elena Ruiz Campos', region: 'Yucatán' },
];

/** A long list gets a filter box; the chosen visitor shows in the field, which opens the list again. */
export const PickVisitor: Story = {
  decorators: [withCargas(createFakeCargasPort({ visitors: manyVisitors }))],
  play: async () => {
    const modal = await dialog();
    await userEvent.click(picker(modal));
    const list = await visitorList();
    await expect(within(list).getAllByRole('option')).toHaveLength(8);
    await userEvent.type(screen.getByRole('combobox', { name: 'Filtrar visitadores' }), 'jalisco');
    await waitFor(() => expect(within(list).getAllByRole('option')).toHaveLength(2));
    await userEvent.click(within(list).getByRole('option', { name: /Lucía Treviño Garza/ }));
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(picker(modal)).toHaveTextContent('Lucía Treviño Garza');
    await expect(picker(modal)).toHaveTextContent(/ID 13/);
    await userEvent.click(picker(modal));
    const again = await visitorList();
    await expect(within(again).getByRole('option', { name: /Lucía Treviño Garza/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  },
};

/**
 * Issue 19 item 7: at 1366×768 the field sits at the bottom of the scrolled form; its list opens in
 * view (above the field when there is no room below; it opened below the fold). In the filter box,
 * Enter picks the active visitor and never submits the form; Escape closes the list, not the dialog.
 */
export const PickerInView: Story = {
  ...atViewport('laptop1366'),
  decorators: [withCargas(spied(createFakeCargasPort({ visitors: manyVisitors })))],
  play: async ({ args }) => {
    const modal = await dialog();
    await userEvent.selectOptions(field(modal, 'Tipo de carga'), 'TEC_MTY');
    const body = modal.querySelector<HTMLElement>('[data-slot="modal-body"]');
    if (!body) throw new Error('sin cuerpo del modal');
    body.scrollTop = body.scrollHeight;
    await userEvent.click(picker(modal));
    const list = await visitorList();
    const options = within(list).getAllByRole('option');
    await waitFor(() => expect(isInView(options[0] as HTMLElement)).toBe(true));
    const box = list.getBoundingClientRect();
    await expect(box.top).toBeGreaterThanOrEqual(0);
    await expect(box.bottom).toBeLessThanOrEqual(window.innerHeight);

    const filter = screen.getByRole('combobox', { name: 'Filtrar visitadores' });
    await expect(filter).toHaveFocus();
    await userEvent.type(filter, 'jal');
    await userEvent.keyboard('{ArrowDown}');
    await expect(activeOption()).toHaveTextContent('Lucía Treviño Garza');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(picker(modal)).toHaveTextContent('Lucía Treviño Garza');
    await expect(picker(modal)).toHaveFocus();
    // The form was not submitted: no required-field messages.
    await expect(within(modal).queryByText('Campo requerido')).toBeNull();

    await userEvent.keyboard('{Enter}');
    await visitorList();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    await expect(picker(modal)).toHaveFocus();
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await expect(await dialog()).toBeVisible();
  },
};

const savePort = spied(createFakeCargasPort());

/** The whole form by keyboard; the whole manual payload; success closes with a toast. */
export const Created: Story = {
  decorators: [withCargas(savePort)],
  play: async ({ args }) => {
    const modal = await dialog();
    await userEvent.selectOptions(field(modal, 'Tipo de carga'), 'TEC_MTY');
    await fillRequired(modal);
    await userEvent.type(field(modal, 'Calle'), 'Av. Garza Sada 2501');
    await userEvent.type(field(modal, 'Colonia'), 'Tecnológico');
    await userEvent.type(field(modal, 'Ciudad'), 'Monterrey');
    const estado = field(modal, 'Estado');
    await waitFor(() => expect(within(estado).getAllByRole('option').length).toBeGreaterThan(30));
    await userEvent.selectOptions(estado, 'Nuevo León');
    await userEvent.type(field(modal, 'Código postal'), '64849');
    await userEvent.type(field(modal, 'Día que Agendó en CRM'), '20/11/2026');
    // Keyboard: the picker, then the first visitor (active when the list opens).
    picker(modal).focus();
    await userEvent.keyboard('{Enter}');
    await visitorList();
    await expect(activeOption()).toHaveTextContent('Juan Pérez López');
    await userEvent.keyboard('{Enter}');
    await expect(picker(modal)).toHaveTextContent('Juan Pérez López');
    await userEvent.click(within(modal).getByRole('button', { name: 'Crear Asignación' }));
    await expect(await screen.findByText('Asignación creada exitosamente (ID 58)')).toBeVisible();
    await expect(savePort.saveManual).toHaveBeenCalledWith(
      expect.objectContaining({
        loadType: 'TEC_MTY',
        visitor_id: 4,
        state_visitor: 'Nuevo León',
        visitor_name: 'Juan Pérez López',
        producto: 'TEC DE MTY',
        folio: 'TEC-900001',
        id_folio: 'TEC-900001',
        estado: 'Nuevo León',
        state_of_folio: 'Nuevo León',
        address_complete_folio: 'Av. Garza Sada 2501, Tecnológico, Monterrey, Nuevo León, CP 64849',
        dia_agendo_crm: '2026-11-20',
        date: expect.stringMatching(/^\d{2}\/\d{2}\/\d{4}$/),
      }),
    );
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false));
  },
};

/** While saving: 'Guardando...', both buttons disabled, the dialog cannot close. */
export const Saving: Story = {
  decorators: [withCargas({ ...createFakeCargasPort(), saveManual: () => pending() })],
  play: async ({ args }) => {
    const modal = await dialog();
    await userEvent.selectOptions(field(modal, 'Tipo de carga'), 'TEC_MTY');
    await fillRequired(modal);
    await pickVisitor(modal, /Juan Pérez López/);
    await userEvent.click(within(modal).getByRole('button', { name: 'Crear Asignación' }));
    const saving = await within(modal).findByRole('button', { name: 'Guardando...' });
    await expect(saving).toBeDisabled();
    await expect(within(modal).getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

/** The server refuses (409): its detail shows, the form stays open and the button is enabled again. */
export const ServerError: Story = {
  decorators: [
    withCargas({
      ...createFakeCargasPort(),
      saveManual: () =>
        Promise.reject(
          new ApiError(409, 'El folio "TEC-900001" ya tiene una asignación abierta', 'folio_open_assignment'),
        ),
    }),
  ],
  play: async ({ args }) => {
    const modal = await dialog();
    await userEvent.selectOptions(field(modal, 'Tipo de carga'), 'TEC_MTY');
    await fillRequired(modal);
    await pickVisitor(modal, /Juan Pérez López/);
    await userEvent.click(within(modal).getByRole('button', { name: 'Crear Asignación' }));
    await expect(await within(modal).findByRole('alert')).toHaveTextContent(
      'El folio "TEC-900001" ya tiene una asignación abierta',
    );
    await expect(within(modal).getByRole('button', { name: 'Crear Asignación' })).toBeEnabled();
    await expect(field(modal, 'Folio')).toHaveValue('TEC-900001');
    await expect(args.onOpenChange).not.toHaveBeenCalled();
  },
};

/**
 * Issue 19 item 2: at 1366×768 the person fills the form down to the visitor and clicks 'Crear
 * Asignación' at the footer. The refusal shows beside the footer buttons, in view and announced (it
 * was drawn at the top of the scrolled form, 423 px above the view); the folio at fault is marked
 * with the server's text and takes the focus, scrolled into view.
 */
export const RefusedFolioInView: Story = {
  ...atViewport('laptop1366'),
  decorators: [
    withCargas(
      createFakeCargasPort({
        assignments: demoAssignments(3).map((a, i) => (i === 0 ? { ...a, folio: 'TEC-900001' } : a)),
      }),
    ),
  ],
  play: async () => {
    const modal = await dialog();
    await userEvent.selectOptions(field(modal, 'Tipo de carga'), 'TEC_MTY');
    await fillRequired(modal);
    await pickVisitor(modal, /Juan Pérez López/);
    // Where the person is when they click the footer: the bottom of the form.
    const body = modal.querySelector<HTMLElement>('[data-slot="modal-body"]');
    if (!body) throw new Error('sin cuerpo del modal');
    await expect(body.scrollHeight).toBeGreaterThan(body.clientHeight);
    body.scrollTop = body.scrollHeight;
    await userEvent.click(within(modal).getByRole('button', { name: 'Crear Asignación' }));
    const alert = await within(modal).findByRole('alert');
    await expect(alert).toHaveTextContent('El folio "TEC-900001" ya tiene una asignación abierta');
    await waitFor(() => expect(isInView(alert)).toBe(true));
    const folio = field(modal, 'Folio');
    await waitFor(() => expect(folio).toHaveFocus());
    await expect(folio).toHaveAttribute('aria-invalid', 'true');
    await expect(folio).toHaveAccessibleDescription('El folio "TEC-900001" ya tiene una asignación abierta');
    await waitFor(() => expect(isInView(folio)).toBe(true));
    // Fixing the folio clears its mark.
    await userEvent.type(folio, '9');
    await waitFor(() => expect(folio).not.toHaveAttribute('aria-invalid', 'true'));
  },
};

/** No answer at all (offline): 'Error al guardar la asignación. Por favor intente nuevamente.' */
export const NetworkFailure: Story = {
  decorators: [
    withCargas({ ...createFakeCargasPort(), saveManual: () => Promise.reject(new NetworkError()) }),
  ],
  play: async () => {
    const modal = await dialog();
    await userEvent.selectOptions(field(modal, 'Tipo de carga'), 'TEC_MTY');
    await fillRequired(modal);
    await pickVisitor(modal, /María Hernández Cruz/);
    await userEvent.click(within(modal).getByRole('button', { name: 'Crear Asignación' }));
    await expect(await within(modal).findByRole('alert')).toHaveTextContent(
      'Error al guardar la asignación. Por favor intente nuevamente.',
    );
  },
};

const keyboardPort = spied(createFakeCargasPort());

/**
 * Keyboard only, with real key presses (no pointer, no programmatic focus): the load type and the
 * estado chosen by typing on the closed selects, Tab from field to field, the visitor list opened
 * with Enter and walked with the arrows, Enter to choose, Tab to 'Crear Asignación' and Enter.
 * Real keys exist only in the Vitest browser run, so the story is left out of the Storybook UI.
 */
export const KeyboardOnly: Story = {
  tags: ['!dev'],
  decorators: [withCargas(keyboardPort)],
  play: async ({ args }) => {
    const press = await realKeyboard();
    const modal = await dialog();
    const type = field(modal, 'Tipo de carga');
    await expect(type).toHaveFocus();
    await press('TEC');
    await expect(type).toHaveValue('TEC_MTY');

    await press('{Tab}');
    await expect(field(modal, 'Folio')).toHaveFocus();
    await press('TEC-900002{Tab}Ana Ruiz{Tab}Monterrey{Tab}ana@tec.mx{Tab}');
    await press('Av. Garza Sada 2501{Tab}Tecnologico{Tab}Monterrey{Tab}');
    const estado = field(modal, 'Estado');
    await expect(estado).toHaveFocus();
    await waitFor(() => expect(within(estado).getAllByRole('option').length).toBeGreaterThan(30));
    await press('Nuevo');
    await expect(estado).toHaveValue('Nuevo León');
    await press('{Tab}64849{Tab}8112345678');
    await expect(field(modal, 'Teléfono 1')).toHaveValue('8112345678');

    // Past the optional fields to the date, typed as digits only (the slashes come by themselves).
    const day = field(modal, 'Día que Agendó en CRM');
    await tabTo(press, day);
    await press('05032026');
    await expect(day).toHaveValue('05/03/2026');
    // Past the calendar button to the visitor picker.
    const visitor = picker(modal);
    await tabTo(press, visitor);
    await press('{Enter}');
    await visitorList();
    await expect(visitor).toHaveAttribute('aria-expanded', 'true');
    await expect(activeOption()).toHaveTextContent('Juan Pérez López');
    await press('{ArrowDown}{ArrowDown}');
    await expect(activeOption()).toHaveTextContent('Carlos Ramírez Soto');
    await press('{End}');
    await expect(activeOption()).toHaveTextContent('Valeria Ortiz Navarro');
    await press('{Home}{ArrowDown}{ArrowUp}{ArrowDown}');
    await expect(activeOption()).toHaveTextContent('María Hernández Cruz');
    await press('{Enter}');
    // The list closes; the focus returns to the field, which shows the chosen visitor.
    await waitFor(() => expect(visitor).toHaveFocus());
    await expect(visitor).toHaveTextContent('María Hernández Cruz');

    await tabTo(press, within(modal).getByRole('button', { name: 'Crear Asignación' }));
    await press('{Enter}');
    await expect(await screen.findByText('Asignación creada exitosamente (ID 58)')).toBeVisible();
    await expect(keyboardPort.saveManual).toHaveBeenCalledTimes(1);
    await expect(keyboardPort.saveManual).toHaveBeenCalledWith(
      expect.objectContaining({
        loadType: 'TEC_MTY',
        visitor_id: 5,
        state_visitor: 'Nuevo León',
        visitor_name: 'María Hernández Cruz',
        producto: 'TEC DE MTY',
        folio: 'TEC-900002',
        id_folio: 'TEC-900002',
        nombre_alumno: 'Ana Ruiz',
        campus_ingreso: 'Monterrey',
        correo_alumno: 'ana@tec.mx',
        estado: 'Nuevo León',
        state_of_folio: 'Nuevo León',
        codigo_postal: '64849',
        tel1: '8112345678',
        address_complete_folio: 'Av. Garza Sada 2501, Tecnologico, Monterrey, Nuevo León, CP 64849',
        dia_agendo_crm: '2026-03-05',
      }),
    );
    await waitFor(() => expect(args.onOpenChange).toHaveBeenCalledWith(false));
  },
};

const emailPort = spied(createFakeCargasPort());

/**
 * The form is noValidate (every error shows the same way), yet the browser's own e-mail check (the
 * input type) still runs: a malformed address says 'Correo electrónico no válido' in the
 * field, takes the focus and blocks the save; fixing it clears the error.
 */
export const InvalidEmail: Story = {
  decorators: [withCargas(emailPort)],
  play: async () => {
    const modal = await dialog();
    await userEvent.selectOptions(field(modal, 'Tipo de carga'), 'TEC_MTY');
    await userEvent.type(field(modal, 'Folio'), 'TEC-900003');
    await userEvent.type(field(modal, 'Nombre del alumno'), 'Ana Ruiz');
    await userEvent.type(field(modal, 'Campus de ingreso'), 'Monterrey');
    await userEvent.type(field(modal, 'Correo del alumno'), 'ana@');
    await userEvent.type(field(modal, 'Teléfono 1'), '8112345678');
    await userEvent.type(field(modal, 'Correo de la madre'), 'rosa');
    await pickVisitor(modal, /Juan Pérez López/);
    await userEvent.click(within(modal).getByRole('button', { name: 'Crear Asignación' }));
    await waitFor(() => expect(within(modal).getAllByText('Correo electrónico no válido')).toHaveLength(2));
    const correo = field(modal, 'Correo del alumno');
    await expect(correo).toHaveFocus();
    await expect(correo).toHaveAttribute('aria-invalid', 'true');
    await expect(correo).toHaveAccessibleDescription(expect.stringContaining('Correo electrónico no válido'));
    await expect(emailPort.saveManual).not.toHaveBeenCalled();

    await userEvent.type(correo, 'tec.mx');
    await waitFor(() => expect(within(modal).getAllByText('Correo electrónico no válido')).toHaveLength(1));
    await userEvent.clear(field(modal, 'Correo de la madre'));
    await userEvent.click(within(modal).getByRole('button', { name: 'Crear Asignación' }));
    await expect(await screen.findByText('Asignación creada exitosamente (ID 58)')).toBeVisible();
    await expect(emailPort.saveManual).toHaveBeenCalledWith(
      expect.objectContaining({ correo_alumno: 'ana@tec.mx', correo_madre: '' }),
    );
  },
};

const datePort = spied(createFakeCargasPort());

/**
 * 'Día que Agendó en CRM' takes dd/mm/aaaa: a day that does not exist ('31/02/2026') is refused in the
 * field, takes the focus and blocks the save; once fixed the server gets the ISO date.
 */
export const InvalidDate: Story = {
  decorators: [withCargas(datePort)],
  play: async () => {
    const modal = await dialog();
    await userEvent.selectOptions(field(modal, 'Tipo de carga'), 'TEC_MTY');
    await fillRequired(modal);
    const day = field(modal, 'Día que Agendó en CRM');
    await userEvent.type(day, '31/02/2026');
    await pickVisitor(modal, /Juan Pérez López/);
    await userEvent.click(within(modal).getByRole('button', { name: 'Crear Asignación' }));
    await expect(await within(modal).findByText('La fecha 31/02/2026 no existe')).toBeVisible();
    await expect(day).toHaveFocus();
    await expect(day).toHaveAttribute('aria-invalid', 'true');
    await expect(datePort.saveManual).not.toHaveBeenCalled();

    await userEvent.clear(day);
    await userEvent.type(day, '28/02/2026');
    await waitFor(() => expect(within(modal).queryByText('La fecha 31/02/2026 no existe')).toBeNull());
    await userEvent.click(within(modal).getByRole('button', { name: 'Crear Asignación' }));
    await expect(await screen.findByText('Asignación creada exitosamente (ID 58)')).toBeVisible();
    await expect(datePort.saveManual).toHaveBeenCalledWith(
      expect.objectContaining({ dia_agendo_crm: '2026-02-28' }),
    );
  },
};

/**
 * The date's calendar inside the dialog: Escape closes only the calendar (the form stays, the focus goes
 * back to its button); a day picked with the keyboard fills the field as dd/mm/aaaa.
 */
export const DateCalendarInDialog: Story = {
  decorators: [withCargas(createFakeCargasPort())],
  play: async ({ args }) => {
    const modal = await dialog();
    await userEvent.selectOptions(field(modal, 'Tipo de carga'), 'TEC_MTY');
    const day = field(modal, 'Día que Agendó en CRM');
    await userEvent.type(day, '20/11/2026');
    const button = within(modal).getByRole('button', { name: 'Elegir fecha en el calendario' });
    await userEvent.click(button);
    await screen.findByRole('dialog', { name: 'Elegir fecha en el calendario' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'viernes, 20 de noviembre de 2026' })).toHaveFocus(),
    );
    await userEvent.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Elegir fecha en el calendario' })).toBeNull(),
    );
    await expect(await dialog()).toBeVisible();
    await expect(args.onOpenChange).not.toHaveBeenCalled();
    await waitFor(() => expect(button).toHaveFocus());

    await userEvent.keyboard('{Enter}');
    await screen.findByRole('dialog', { name: 'Elegir fecha en el calendario' });
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'viernes, 20 de noviembre de 2026' })).toHaveFocus(),
    );
    await userEvent.keyboard('{ArrowLeft}{Enter}');
    await expect(day).toHaveValue('19/11/2026');
  },
};
