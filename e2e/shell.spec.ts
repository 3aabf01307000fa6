import { expect, signInAs, test } from './fixtures';

const rail = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Navegación principal' });

test.describe('Shell', () => {
  test('Administrador: Inicio, Usuarios, Reportes y Cargas; el nombre de la página sigue a la ruta', async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    await expect(rail(page).getByRole('link')).toHaveText([
      'Inicio',
      'Usuarios',
      'Reportes',
      'Cargas',
      'Clientes',
    ]);
    // Inicio (with its lazily loaded charts) renders without falling into the error screen.
    await expect(page.getByRole('heading', { level: 1, name: 'Inicio' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByText('Algo salió mal')).toHaveCount(0);
    await expect(page.getByRole('banner').getByText('Inicio', { exact: true })).toBeVisible();

    await rail(page).getByRole('link', { name: 'Usuarios' }).click();
    await expect(page).toHaveURL(/\/socioeconomico\/usuarios$/);
    await expect(page.getByRole('banner').getByText('Usuarios', { exact: true })).toBeVisible();
    await expect(rail(page).getByRole('link', { name: 'Usuarios' })).toHaveAttribute('aria-current', 'page');

    await rail(page).getByRole('link', { name: 'Reportes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Reportes' })).toBeVisible();
    await rail(page).getByRole('link', { name: 'Cargas' }).click();
    await expect(page).toHaveURL(/\/socioeconomico\/cargas$/);
  });

  test('Visitador: solo Inicio y Cargas; /usuarios y /reportes lo regresan a Inicio', async ({ page }) => {
    await signInAs(page, 'visitador');
    await expect(rail(page).getByRole('link')).toHaveText(['Inicio', 'Cargas']);
    await expect(page.getByRole('searchbox', { name: 'Buscar info de folio' })).toHaveCount(0);
    await page.goto('/socioeconomico/usuarios');
    await expect(page).toHaveURL(/\/socioeconomico\/inicio$/);
    await page.goto('/socioeconomico/reportes');
    await expect(page).toHaveURL(/\/socioeconomico\/inicio$/);
  });

  test('Supervisor ve Usuarios', async ({ page }) => {
    await signInAs(page, 'supervisor', '/socioeconomico/usuarios');
    await expect(page).toHaveURL(/\/socioeconomico\/usuarios$/);
    await expect(rail(page).getByRole('link', { name: 'Usuarios' })).toHaveAttribute('aria-current', 'page');
  });

  test('Enter en "Buscar info de folio" abre Reportes con searchFolio en el estado de navegación', async ({
    page,
  }) => {
    await signInAs(page, 'admin');
    await page.getByRole('searchbox', { name: 'Buscar info de folio' }).fill('FOL-0001');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/socioeconomico\/reportes$/);
    const state = await page.evaluate(() => window.history.state?.usr);
    expect(state).toEqual({ searchFolio: 'FOL-0001' });
  });

  test('la tarjeta de ayuda está oculta hasta pulsar "Ayuda"', async ({ page }) => {
    await signInAs(page, 'admin');
    const card = page.getByRole('dialog', { name: '¿Necesitas ayuda?' });
    await expect(card).toBeHidden();
    await page.getByRole('button', { name: 'Ayuda' }).click();
    await expect(card).toBeVisible();
    await expect(card).toContainText('manuales');
    await expect(card.getByRole('link', { name: /Manuales de usuario/ })).toBeVisible();
    await expect(card.getByRole('link', { name: /Documentación/ })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(card).toBeHidden();
    await expect(page.getByRole('button', { name: 'Ayuda' })).toBeFocused();
  });

  test('a 390 px el menú lateral deslizable tiene las mismas entradas y "Configuración"', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'admin');
    await expect(rail(page)).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    const sheet = page.getByRole('dialog');
    await expect(sheet.getByRole('link')).toHaveText([
      'Inicio',
      'Usuarios',
      'Reportes',
      'Cargas',
      'Clientes',
    ]);
    await expect(sheet.getByRole('button', { name: 'Configuración' })).toBeVisible();
    await sheet.getByRole('link', { name: 'Cargas' }).click();
    await expect(page).toHaveURL(/\/socioeconomico\/cargas(\?.*)?$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Cargas' })).toBeVisible();
    await expect(sheet).toBeHidden();

    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Configuración' }).click();
    await expect(page.getByRole('dialog', { name: 'Cambiar contraseña' })).toBeVisible();
  });
});
