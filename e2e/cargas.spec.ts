import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { accounts, apiLogin, expect, signInAs, test } from './fixtures';

interface WireAssignment {
  id_asignacion: number;
  id_usuario: number | null;
  estatus: string;
}

interface WireVisitor {
  id_usuario: number;
  name: string;
  region: string | null;
}

function table(page: Page) {
  return page.getByRole('table', { name: 'Asignaciones activas' });
}

function pager(page: Page) {
  return page.getByRole('navigation', { name: 'Paginación de asignaciones' });
}

/** Body rows (the header row left out). */
function bodyRows(page: Page) {
  return table(page).locator('tbody tr[data-slot="data-table-row"]');
}

/** Cell `index` of a body row: 0 row number, 1 id_asignacion, 2 id_usuario, 3 folio, 4 estado, … */
function cell(row: Locator, index: number) {
  return row.locator('td').nth(index);
}

function rowOf(page: Page, id: number) {
  return bodyRows(page).filter({ has: page.locator('td:nth-child(2)', { hasText: new RegExp(`^${id}$`) }) });
}

async function api<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

/** A manual TEC_MTY assignment through the API (admin token), for specs that test something else. */
async function createAssignment(request: APIRequestContext, token: string, visitorId: number, folio: string) {
  const response = await request.post('/api/cargas/save_manual_assignment', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      loadType: 'TEC_MTY',
      visitor_id: visitorId,
      folio,
      nombre_alumno: 'Alumno E2E',
      campus_ingreso: 'Monterrey',
      correo_alumno: 'alumno.e2e@prueba.mx',
      tel1: '8100000000',
      estado: 'Nuevo León',
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id_asignacion: number }).id_asignacion;
}

async function rowMenu(page: Page, id: number) {
  await page.getByRole('button', { name: `Acciones de la asignación ${id}` }).click();
  return page.getByRole('menu');
}

test.describe('Cargas (Administrador)', () => {
  test('paging, sorting and page size live in the URL: reload and back keep them', async ({ page }) => {
    const { token } = await signInAs(page, 'admin', '/socioeconomico/cargas');
    await expect(page.getByRole('heading', { level: 1, name: 'Cargas' })).toBeVisible();
    await expect(page.getByText('Gestión de cargas y asignaciones')).toBeVisible();
    await expect(bodyRows(page)).toHaveCount(10);
    const first = await api<{ total: number; assignments: WireAssignment[] }>(
      page.request,
      token,
      '/cargas/active_assignments',
    );
    await expect(page.getByText(`${first.total.toLocaleString('es-MX')} registros totales`)).toBeVisible();
    await expect(cell(bodyRows(page).first(), 1)).toHaveText(String(first.assignments[0]?.id_asignacion));
    const fecha = table(page).getByRole('columnheader', { name: /Fecha de asignación/ });
    const estatus = table(page).getByRole('columnheader', { name: /Estatus/ });
    await expect(fecha).toHaveAttribute('aria-sort', 'descending');

    // Page 2: the URL says so, row numbers continue.
    await pager(page)
      .getByRole('button', { name: /Siguiente/ })
      .click();
    await expect(page).toHaveURL(/[?&]page=2\b/);
    await expect(pager(page)).toContainText('Mostrando 11 a 20');
    await expect(cell(bodyRows(page).first(), 0)).toHaveText('11');

    // Sort by estatus: ascending, back to page 1.
    await estatus.getByRole('button').click();
    await expect(page).toHaveURL(/sort_by=estatus/);
    await expect(page).toHaveURL(/sort_order=asc/);
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(estatus).toHaveAttribute('aria-sort', 'ascending');
    await expect(fecha).toHaveAttribute('aria-sort', 'none');
    const byStatus = await api<{ assignments: WireAssignment[] }>(
      page.request,
      token,
      '/cargas/active_assignments?sort_by=estatus&sort_order=asc',
    );
    await expect(cell(bodyRows(page).first(), 1)).toHaveText(String(byStatus.assignments[0]?.id_asignacion));

    // Reload keeps the sort.
    await page.reload();
    await expect(table(page).getByRole('columnheader', { name: /Estatus/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(cell(bodyRows(page).first(), 1)).toHaveText(String(byStatus.assignments[0]?.id_asignacion));

    // Page size 20 (page 1), then back to 10 with the browser's back button.
    await pager(page).getByRole('button', { name: 'Página 3' }).click();
    await expect(page).toHaveURL(/[?&]page=3\b/);
    await page.getByRole('combobox', { name: 'Por página' }).selectOption('20');
    await expect(page).toHaveURL(/page_size=20/);
    await expect(page).not.toHaveURL(/[?&]page=3\b/);
    await expect(bodyRows(page)).toHaveCount(20);
    await expect(pager(page)).toContainText('Mostrando 1 a 20');
    await page.goBack();
    await expect(page).not.toHaveURL(/page_size=20/);
    await expect(bodyRows(page)).toHaveCount(10);
    await expect(pager(page)).toContainText('Mostrando 21 a 30');

    // A shared link with bad values falls back to the defaults.
    await page.goto('/socioeconomico/cargas?page=abc&page_size=7&sort_by=folio');
    await expect(bodyRows(page)).toHaveCount(10);
    await expect(table(page).getByRole('columnheader', { name: /Fecha de asignación/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });

  test('a manual assignment is created, shown first, then scheduled, reassigned and cancelled', async ({
    page,
  }) => {
    const { token } = await signInAs(page, 'admin', '/socioeconomico/cargas');
    await expect(bodyRows(page)).toHaveCount(10);
    const { visitors } = await api<{ visitors: WireVisitor[] }>(
      page.request,
      token,
      '/cargas/active_visitors',
    );
    const nuevoLeon = visitors.filter((v) => v.region === 'Nuevo León');
    expect(nuevoLeon.length).toBeGreaterThanOrEqual(2);
    const [owner, other] = nuevoLeon as [WireVisitor, WireVisitor];
    const folio = `E2E-${Date.now().toString(36).toUpperCase()}`;

    // --- Create, keyboard and mouse mixed as a person would ---
    await page.getByRole('button', { name: 'Nueva Carga Manual' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva Carga Manual' });
    await expect(dialog.getByText('Complete los datos para crear una asignación manual')).toBeVisible();
    await dialog.getByRole('button', { name: 'Crear Asignación' }).click();
    await expect(dialog.getByText('Debe seleccionar un tipo de carga')).toBeVisible();
    await expect(dialog.getByText('Debe seleccionar un visitador')).toBeVisible();
    await dialog.getByLabel(/^Tipo de carga/).selectOption('TEC_MTY');
    await dialog.getByLabel(/^Folio/).fill(folio);
    await dialog.getByLabel(/^Nombre del alumno/).fill('Alumna de Prueba');
    await dialog.getByLabel(/^Campus de ingreso/).fill('Monterrey');
    await dialog.getByLabel(/^Correo del alumno/).fill('alumna@prueba.mx');
    await dialog.getByLabel(/^Calle/).fill('Av. Eugenio Garza Sada 2501');
    await dialog.getByLabel(/^Colonia/).fill('Tecnológico');
    await dialog.getByLabel(/^Ciudad/).fill('Monterrey');
    await dialog.getByLabel(/^Estado$/).selectOption('Nuevo León');
    await dialog.getByLabel(/^Código postal/).fill('64849');
    await dialog.getByLabel(/^Teléfono 1/).fill('8112345678');
    const picker = dialog.getByRole('combobox', { name: 'Visitador' });
    await picker.click();
    const filter = page.getByRole('combobox', { name: 'Filtrar visitadores' });
    if (await filter.isVisible()) await filter.fill(owner.name);
    await page.getByRole('option', { name: new RegExp(owner.name) }).click();
    await expect(picker).toContainText(owner.name);
    await dialog.getByRole('button', { name: 'Crear Asignación' }).click();
    const toast = page.getByText(/Asignación creada exitosamente \(ID \d+\)/);
    await expect(toast).toBeVisible();
    await expect(dialog).toBeHidden();
    const id = Number(/ID (\d+)/.exec((await toast.textContent()) ?? '')?.[1]);

    // Newest first: the new assignment is the first row.
    const row = rowOf(page, id);
    await expect(cell(bodyRows(page).first(), 1)).toHaveText(String(id));
    await expect(cell(row, 2)).toHaveText(String(owner.id_usuario));
    await expect(cell(row, 4)).toHaveText('Nuevo León');
    await expect(cell(row, 5)).toHaveText(
      'Av. Eugenio Garza Sada 2501, Tecnológico, Monterrey, Nuevo León, CP 64849',
    );
    await expect(cell(row, 6)).toHaveText('asignada');

    // --- Schedule (keyboard) ---
    await page.getByRole('button', { name: `Acciones de la asignación ${id}` }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitem', { name: 'Agendar' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByText(`Asignación ${id} agendada`)).toBeVisible();
    await expect(cell(row, 6)).toHaveText('agendada');

    // --- Reassign to another visitor of the same state ---
    let menu = await rowMenu(page, id);
    await menu.getByRole('menuitem', { name: 'Reasignar' }).click();
    const reassign = page.getByRole('dialog', { name: 'Reasignar asignación' });
    await reassign.getByRole('combobox', { name: 'Nuevo visitador' }).selectOption(String(other.id_usuario));
    await reassign.getByRole('button', { name: 'Reasignar' }).click();
    await expect(page.getByText(`Asignación ${id} reasignada a ${other.name}`)).toBeVisible();
    await expect(reassign).toBeHidden();
    await expect(cell(row, 2)).toHaveText(String(other.id_usuario));

    // --- Cancel, after confirming ---
    menu = await rowMenu(page, id);
    await menu.getByRole('menuitem', { name: 'Cancelar asignación' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancelar asignación' });
    await confirm.getByRole('button', { name: 'Cancelar asignación' }).click();
    await expect(page.getByText(`Asignación ${id} cancelada`)).toBeVisible();
    await expect(cell(row, 6)).toHaveText('cancelada');
    await expect(page.getByRole('button', { name: `Acciones de la asignación ${id}` })).toHaveCount(0);

    // The server is the authority: a bad payload is refused with a Spanish detail (never a 500).
    const again = await page.request.post('/api/cargas/save_manual_assignment', {
      headers: { Authorization: `Bearer ${token}` },
      data: { loadType: 'TEC_MTY', visitor_id: owner.id_usuario, folio: '', nombre_alumno: '' },
    });
    expect(again.status()).toBeGreaterThanOrEqual(400);
    expect(again.status()).toBeLessThan(500);
    expect(JSON.stringify(await again.json())).toContain('Campo requerido');
  });
});

test.describe('Cargas in a browser set to English (issue 19.11)', () => {
  test.use({ locale: 'en-US' });

  test("'Día que Agendó en CRM' is written dd/mm/aaaa and reaches the server as an ISO date", async ({
    page,
  }) => {
    const { token } = await signInAs(page, 'admin', '/socioeconomico/cargas');
    const { visitors } = await api<{ visitors: WireVisitor[] }>(
      page.request,
      token,
      '/cargas/active_visitors',
    );
    const visitor = visitors[0] as WireVisitor;
    await page.getByRole('button', { name: 'Nueva Carga Manual' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva Carga Manual' });
    await dialog.getByLabel(/^Tipo de carga/).selectOption('TEC_MTY');
    await dialog.getByLabel(/^Folio/).fill(`E2E-D-${Date.now().toString(36).toUpperCase()}`);
    await dialog.getByLabel(/^Nombre del alumno/).fill('Alumna de Prueba');
    await dialog.getByLabel(/^Campus de ingreso/).fill('Monterrey');
    await dialog.getByLabel(/^Correo del alumno/).fill('alumna@prueba.mx');
    await dialog.getByLabel(/^Teléfono 1/).fill('8112345678');
    // An English browser's date input would show mm/dd/yyyy; this field keeps the Mexican order.
    const day = dialog.getByRole('textbox', { name: 'Día que Agendó en CRM' });
    await expect(day).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    await day.pressSequentially('05032026');
    await expect(day).toHaveValue('05/03/2026');
    const picker = dialog.getByRole('combobox', { name: 'Visitador' });
    await picker.click();
    const filter = page.getByRole('combobox', { name: 'Filtrar visitadores' });
    if (await filter.isVisible()) await filter.fill(visitor.name);
    await page.getByRole('option', { name: new RegExp(visitor.name) }).click();
    const saving = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith('/cargas/save_manual_assignment'),
    );
    await dialog.getByRole('button', { name: 'Crear Asignación' }).click();
    expect((await saving).postDataJSON()).toMatchObject({ dia_agendo_crm: '2026-03-05' });
    await expect(page.getByText(/Asignación creada exitosamente \(ID \d+\)/)).toBeVisible();
  });
});

test.describe('Cargas (Visitador)', () => {
  test('sees only their own assignments, no Nueva Carga buttons, and can schedule then complete', async ({
    page,
  }) => {
    const admin = await apiLogin(page.request, accounts.admin);
    const me = await apiLogin(page.request, accounts.visitador);
    const folio = `E2E-V-${Date.now().toString(36).toUpperCase()}`;
    const id = await createAssignment(page.request, admin.token, me.id_usuario, folio);

    await signInAs(page, 'visitador', '/socioeconomico/cargas');
    await expect(page.getByRole('heading', { level: 1, name: 'Cargas' })).toBeVisible();
    await expect(bodyRows(page).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Nueva Carga Manual' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Nueva Carga$/ })).toHaveCount(0);
    const count = await bodyRows(page).count();
    for (let index = 0; index < count; index += 1) {
      await expect(cell(bodyRows(page).nth(index), 2)).toHaveText(String(me.id_usuario));
    }

    const row = rowOf(page, id);
    await expect(cell(row, 6)).toHaveText('asignada');
    let menu = await rowMenu(page, id);
    await expect(menu.getByRole('menuitem')).toHaveText(['Agendar']);
    await menu.getByRole('menuitem', { name: 'Agendar' }).click();
    await expect(cell(row, 6)).toHaveText('agendada');
    menu = await rowMenu(page, id);
    await expect(menu.getByRole('menuitem')).toHaveText(['Completar']);
    await menu.getByRole('menuitem', { name: 'Completar' }).click();
    await expect(cell(row, 6)).toHaveText('completada');
  });
});
