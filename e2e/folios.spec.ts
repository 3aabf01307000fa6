import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { accounts, apiLogin, expect, signInAs, test } from './fixtures';

// Issue 20: find any folio in one step (Cargas search and filters, the ficha del folio).
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const XLSX = createRequire(path.join(root, 'apps/backoffice/package.json'))(
  '@e965/xlsx',
) as typeof import('@e965/xlsx');

async function api<T>(page: Page, token: string, url: string): Promise<T> {
  const response = await page.request.get(`/api${url}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

test.describe('Folios (issue 20)', () => {
  test('a folio saved from a spreadsheet: searched in Cargas, one row, its ficha shows the visitor and asignada', async ({
    page,
  }) => {
    const { token } = await signInAs(page, 'admin', '/socioeconomico/cargas');
    const { visitors } = await api<{ visitors: Array<{ region: string | null }> }>(
      page,
      token,
      '/cargas/active_visitors',
    );
    const region = visitors.find((v) => v.region !== null)?.region as string;
    const folio = `FICHA-${Date.now().toString(36).toUpperCase()}`;
    const sheet = XLSX.utils.aoa_to_sheet([
      ['Folio', 'Calle', 'Colonia', 'Ciudad', 'Estado', 'Código Postal', 'Tel1'],
      [folio, 'Av. Juárez 1', 'Centro', 'Monterrey', region, 64000, 8112345678],
    ]);
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, sheet, 'Folios');
    const buffer = Buffer.from(XLSX.write(book, { type: 'array', bookType: 'xlsx' }) as ArrayBuffer);
    await page.getByRole('button', { name: 'Nueva Carga', exact: true }).click();
    await page.getByRole('menuitem', { name: 'TEC_MTY' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nueva Carga: TEC_MTY' });
    await dialog.getByLabel('Archivo a cargar').setInputFiles({
      name: 'ficha.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer,
    });
    await dialog.getByRole('button', { name: 'Aceptar y Continuar' }).click();
    await dialog.getByRole('button', { name: 'Confirmar Carga' }).click();
    await expect(dialog).toBeHidden({ timeout: 30_000 });

    await page.getByRole('searchbox', { name: 'Buscar por folio...' }).fill(folio.toLowerCase());
    await expect(page.getByText('Mostrando 1 a 1 de 1 resultados')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`folio=${folio.toLowerCase()}`));
    const table = page.getByRole('table', { name: 'Asignaciones activas' });
    await expect(table.locator('[data-slot="data-table-row"]')).toHaveCount(1);
    const { assignments } = await api<{ assignments: Array<{ visitador: string }> }>(
      page,
      token,
      `/cargas/active_assignments?folio=${folio}`,
    );
    await table.getByRole('link', { name: folio }).click();
    await expect(page).toHaveURL(new RegExp(`/socioeconomico/folios/${folio}$`));
    await expect(page.getByRole('heading', { level: 1, name: `Folio ${folio}` })).toBeVisible();
    const history = page.getByRole('table');
    await expect(history.getByText(assignments[0]?.visitador as string)).toBeVisible();
    await expect(history.getByText('asignada', { exact: true })).toBeVisible();
  });

  test('a combination of filters survives a reload', async ({ page }) => {
    await signInAs(page, 'supervisor', '/socioeconomico/cargas');
    await expect(page.getByText(/^Mostrando 1 a 10 de [\d,]+ resultados$/)).toBeVisible();
    await page.getByRole('combobox', { name: 'Estatus' }).click();
    await page.getByRole('option', { name: 'agendada' }).click();
    await page.getByLabel('Asignada desde').fill('01/01/2020');
    await expect(page).toHaveURL(/estatus=agendada/);
    await expect(page).toHaveURL(/fecha_desde=2020-01-01/);
    const summary = page.getByText(/^Mostrando \d+ a \d+ de [\d,]+ resultados$/);
    await expect(summary).toBeVisible();
    const before = await summary.textContent();
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Estatus' })).toHaveText('agendada');
    await expect(page.getByLabel('Asignada desde')).toHaveValue('01/01/2020');
    await expect(page.getByText(before as string)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Limpiar filtros' })).toBeVisible();
  });

  test("a Visitador cannot open another visitor's folio", async ({ page }) => {
    const admin = await apiLogin(page.request, accounts.admin);
    const me = await apiLogin(page.request, accounts.visitador);
    const { assignments } = await api<{ assignments: Array<{ folio: string; id_usuario: number }> }>(
      page,
      admin.token,
      '/cargas/active_assignments?page_size=100',
    );
    const theirs = assignments.find((a) => a.id_usuario !== me.id_usuario);
    expect(theirs, 'the demo data has folios of other visitors').toBeTruthy();
    const { assignments: mine } = await api<{ assignments: Array<{ folio: string }> }>(
      page,
      me.token,
      `/cargas/active_assignments?folio=${encodeURIComponent(theirs?.folio as string)}`,
    );
    expect(mine).toEqual([]);
    await signInAs(
      page,
      'visitador',
      `/socioeconomico/folios/${encodeURIComponent(theirs?.folio as string)}`,
    );
    await expect(page.getByRole('heading', { level: 2, name: 'Folio no encontrado' })).toBeVisible();
    const response = await page.request.get(`/api/folios/${encodeURIComponent(theirs?.folio as string)}`, {
      headers: { Authorization: `Bearer ${me.token}` },
    });
    expect(response.status()).toBe(404);
  });
});
