import type { Locator, Page } from '@playwright/test';
import { accounts, expect, loginThroughUi, signInAs, test } from './fixtures';

interface WireUser {
  username: string;
  name: string;
}

const collator = new Intl.Collator('es-MX', { sensitivity: 'base', numeric: true });

function usersTable(page: Page) {
  return page.getByRole('table', { name: 'Lista de usuarios' });
}

/** The name shown in every body row (the avatar's initials left out). */
async function shownNames(table: Locator): Promise<string[]> {
  const rows = table.getByRole('row');
  const count = await rows.count();
  const names: string[] = [];
  for (let index = 1; index < count; index += 1) {
    names.push(((await rows.nth(index).locator('[data-slot="user-name"]').textContent()) ?? '').trim());
  }
  return names;
}

async function allUsers(page: Page, token: string): Promise<WireUser[]> {
  const response = await page.request.get('/api/users/all_users', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { usuarios: WireUser[] }).usuarios;
}

function field(scope: Locator, label: string) {
  return scope.getByLabel(new RegExp(`^${label}\\*?$`));
}

test.describe('Usuarios (Administrador)', () => {
  test('create → search → sort → page → edit → deactivate; the deactivated user cannot sign in', async ({
    page,
  }) => {
    const { token } = await signInAs(page, 'admin', '/socioeconomico/usuarios');
    const table = usersTable(page);
    await expect(table.getByRole('row')).toHaveCount(6);

    // --- Create ---
    const suffix = Date.now().toString(36);
    const username = `e2e${suffix}`;
    const email = `${username}@prueba.mx`;
    const password = 'Inicial2026!';
    await page.getByRole('button', { name: 'Añadir nuevo usuario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Añadir Nuevo Usuario' });
    await expect(dialog.getByText('Los campos marcados con * son obligatorios.')).toBeVisible();
    await field(dialog, 'Nombres').fill('Prueba');
    await field(dialog, 'Apellido paterno').fill('Automatizada');
    await field(dialog, 'Apellido materno').fill(`Zeta ${suffix}`);
    // Normalised as typed: upper case and spaces go away.
    await field(dialog, 'Usuario').pressSequentially(`E2E ${suffix.toUpperCase()}`);
    await expect(field(dialog, 'Usuario')).toHaveValue(username);
    await expect(dialog.getByText('Usuario disponible')).toBeVisible();
    await field(dialog, 'Correo electrónico').fill(email.toUpperCase());
    await field(dialog, 'Contraseña').fill(password);
    await field(dialog, 'Rol').selectOption('Visitador');
    const supervisor = field(dialog, 'Supervisor');
    await expect(supervisor).toBeEnabled();
    await supervisor.selectOption({ index: 1 });
    await field(dialog, 'Estado \\(región\\)').selectOption('Nuevo León');
    await dialog.getByRole('button', { name: 'Crear usuario' }).click();
    await expect(page.getByText('Usuario creado exitosamente!')).toBeVisible();
    await expect(
      page.getByText(`Usuario: ${username} · Nombre: Prueba Automatizada Zeta ${suffix}`),
    ).toBeVisible();
    await expect(dialog).toBeHidden();

    const created = (await allUsers(page, token)).find((u) => u.username === username);
    expect(created).toMatchObject({ email, rol: 'Visitador', estatus: 'Activo', region: 'Nuevo León' });

    // --- Search ---
    const search = page.getByRole('searchbox', { name: 'Buscar usuarios' });
    await search.fill(username.toUpperCase());
    await expect(table.getByRole('row')).toHaveCount(2);
    await expect(table.getByRole('row').nth(1)).toContainText(email);
    await search.fill('');

    // --- Sort (by name, with the database's rows) ---
    const everyone = await allUsers(page, token);
    const byName = [...everyone].sort(
      (a, b) => collator.compare(a.name, b.name) || collator.compare(a.username, b.username),
    );
    const nameHeader = table.getByRole('columnheader', { name: /Nombre/ });
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(() => shownNames(table)).toEqual(byName.slice(0, 5).map((u) => u.name));
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    const descending = [...everyone].sort(
      (a, b) => collator.compare(b.name, a.name) || collator.compare(a.username, b.username),
    );
    await expect.poll(() => shownNames(table)).toEqual(descending.slice(0, 5).map((u) => u.name));

    // --- Page ---
    const pager = page.getByRole('navigation', { name: 'Paginación de usuarios' });
    await pager.getByRole('button', { name: /Siguiente/ }).click();
    await expect(pager).toContainText(`Mostrando 6 a 10 de ${everyone.length} resultados`);
    await expect.poll(() => shownNames(table)).toEqual(descending.slice(5, 10).map((u) => u.name));
    // Another column: ascending again, back on page 1.
    const emailHeader = table.getByRole('columnheader', { name: /Correo electrónico/ });
    await emailHeader.getByRole('button').click();
    await expect(emailHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(pager.getByRole('button', { name: 'Página 1' })).toHaveAttribute('aria-current', 'page');

    // --- Edit ---
    await search.fill(username);
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('button', { name: /^Editar a Prueba Automatizada/ }).click();
    const edit = page.getByRole('dialog', { name: 'Editar usuario' });
    await expect(field(edit, 'Usuario')).toHaveValue(username);
    await expect(field(edit, 'Usuario')).not.toBeEditable();
    await field(edit, 'Nombres').fill('  Probado ');
    // Enter in a field saves: 'Guardar cambios' sits in the modal's footer, tied to the form.
    await field(edit, 'Nombres').press('Enter');
    await expect(page.getByText('Usuario actualizado exitosamente')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(table.getByRole('row').nth(1)).toContainText(`Probado Automatizada Zeta ${suffix}`);

    // The new user can sign in while active.
    const active = await page.request.post('/api/auth/login', { data: { email, password } });
    expect(active.status()).toBe(200);

    // --- Deactivate ---
    await table.getByRole('button', { name: /^Editar a Probado/ }).click();
    await field(edit, 'Estatus').selectOption('Inactivo');
    await edit.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(edit).toBeHidden();
    await expect(table.getByRole('row').nth(1)).toContainText('Inactivo');

    // --- The deactivated user can no longer sign in ---
    const refused = await page.request.post('/api/auth/login', { data: { email, password } });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toEqual({
      detail: 'Tu cuenta está inactiva. Contacta a un administrador.',
      code: 'account_inactive',
    });
    await page.evaluate(() => {
      window.localStorage.clear();
      window.sessionStorage.clear();
    });
    await loginThroughUi(page, { email, password });
    await expect(page.getByText('Tu cuenta está inactiva. Contacta a un administrador.')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('username availability: checking, available, taken; creation refused for a taken e-mail', async ({
    page,
  }) => {
    await signInAs(page, 'admin', '/socioeconomico/usuarios');
    await page.getByRole('button', { name: 'Añadir nuevo usuario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Añadir Nuevo Usuario' });
    const username = field(dialog, 'Usuario');

    await username.pressSequentially('ad');
    await username.blur();
    await expect(dialog.getByText('El usuario debe tener al menos 3 caracteres')).toBeVisible();
    await expect(dialog.getByText('Verificando disponibilidad...')).toHaveCount(0);

    await username.fill('admin');
    await expect(dialog.getByText('Este usuario ya está en uso')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Crear usuario' })).toBeDisabled();

    await username.fill('');
    await username.pressSequentially(`Libre ${Date.now().toString(36)}`);
    await expect(dialog.getByText('Verificando disponibilidad...')).toBeVisible();
    await expect(dialog.getByText('Usuario disponible')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Crear usuario' })).toBeEnabled();

    // A taken e-mail is refused by the server with the spec's message.
    await field(dialog, 'Nombres').fill('Repetido');
    await field(dialog, 'Apellido paterno').fill('Correo');
    await field(dialog, 'Apellido materno').fill('Prueba');
    await field(dialog, 'Correo electrónico').fill(accounts.supervisor.email);
    await field(dialog, 'Contraseña').fill('Inicial2026!');
    await field(dialog, 'Rol').selectOption('Supervisor');
    await dialog.getByRole('button', { name: 'Crear usuario' }).click();
    await expect(
      page.getByText('Error: El correo electrónico ya está registrado. Por favor, usa otro.'),
    ).toBeVisible();
    await expect(dialog).toBeVisible();

    // Closing clears the form.
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('button', { name: 'Añadir nuevo usuario' }).click();
    await expect(field(dialog, 'Nombres')).toHaveValue('');
    await expect(field(dialog, 'Usuario')).toHaveValue('');
  });

  test('the competitiveness table lists the active visitors of the database', async ({ page }) => {
    const { token } = await signInAs(page, 'admin', '/socioeconomico/usuarios');
    const response = await page.request.get('/api/users/competitiviness_stats', {
      headers: { Authorization: `Bearer ${token}` },
    });
    const stats = (await response.json()) as { name: string; completionPercentage: number | null }[];
    expect(stats.length).toBeGreaterThan(0);
    const table = page.getByRole('table', { name: 'Competitividad por visitador' });
    await expect(table.getByRole('row')).toHaveCount(Math.min(5, stats.length) + 1);
    await expect(table.getByRole('row').nth(1)).toContainText(stats[0]?.name ?? '');
    await expect(table.getByRole('columnheader', { name: /% completado \(últimos 30 días\)/ })).toBeVisible();
    // No assignments in the last 30 days: 'N/A' without a colour band; otherwise a banded percentage.
    for (const [index, row] of stats.slice(0, 5).entries()) {
      const shown = table.getByRole('row').nth(index + 1);
      if (row.completionPercentage === null) {
        await expect(shown).toContainText('N/A');
        await expect(shown.locator('[data-band]')).toHaveCount(0);
      } else {
        await expect(shown.locator('[data-band]')).toHaveCount(1);
      }
    }
    await expect(page.getByText(/Completado \(últimos 30 días\):/)).toBeVisible();
  });
});
