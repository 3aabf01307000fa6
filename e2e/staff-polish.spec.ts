import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures';

/** `SAVE_SCREENSHOTS=1` refreshes the committed 390 px screenshots in docs/screenshots. */
const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');
async function saveScreenshot(page: Page, name: string) {
  if (process.env.SAVE_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: path.join(screenshotDir, name) });
}

async function insideViewport(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

test.describe('Staff polish at 390 px (issue 14)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('Usuarios: each user is a card with Estatus and Editar on screen; the tab reads "Usuarios · Socioeconómico"', async ({
    page,
  }) => {
    await signInAs(page, 'admin', '/socioeconomico/usuarios');
    await expect(page).toHaveTitle('Usuarios · Socioeconómico');
    const table = page.getByRole('table', { name: 'Lista de usuarios' });
    const first = table.locator('[data-slot="data-table-row"]').first();
    await expect(first).toBeVisible();
    await insideViewport(page, first.getByRole('button', { name: /^Editar a / }));
    await insideViewport(page, first.locator('td[data-label="Estatus"]'));
    await table.scrollIntoViewIfNeeded();
    await saveScreenshot(page, 'usuarios-tarjetas-390.png');
  });

  test('the help card fits the screen, its links open the docs pages, an outside click closes it', async ({
    page,
  }) => {
    await signInAs(page, 'supervisor', '/socioeconomico/inicio');
    await page.getByRole('button', { name: 'Ayuda' }).click();
    const card = page.getByRole('dialog', { name: '¿Necesitas ayuda?' });
    await expect(card).toBeVisible();
    await insideViewport(page, card);
    await expect(card.getByText(/^Consulta los manuales/)).toBeVisible();
    await saveScreenshot(page, 'tarjeta-de-ayuda-390.png');

    const [manual] = await Promise.all([
      page.context().waitForEvent('page'),
      card.getByRole('link', { name: /Manuales de usuario/ }).click(),
    ]);
    await expect(manual.getByRole('heading', { level: 1, name: 'Manual de usuario' })).toBeVisible();
    await manual.close();
    const docs = await page.request.get(
      (await card.getByRole('link', { name: /Documentación/ }).getAttribute('href')) ?? '',
    );
    expect(docs.status()).toBe(200);
    expect(await docs.text()).toContain('Documentación del sistema');

    // A click on the page, below the card.
    await page.mouse.click(195, 780);
    await expect(card).toBeHidden();
  });
});

test.describe('Añadir Nuevo Usuario by keyboard (issue 14 item 1)', () => {
  test.use({ viewport: { width: 1366, height: 800 } });

  test('Tab follows the fields while an error replaces a hint', async ({ page }) => {
    await signInAs(page, 'admin', '/socioeconomico/usuarios');
    await page.getByRole('button', { name: 'Añadir nuevo usuario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Añadir Nuevo Usuario' });
    const field = (label: string) => dialog.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}\\*?$`));
    await field('Usuario').focus();
    await page.keyboard.press('Tab');
    await expect(dialog.getByText('Usuario es obligatorio')).toBeVisible();
    await expect(field('Correo electrónico')).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(field('Contraseña')).toBeFocused();
    await page.keyboard.type('abc');
    await page.keyboard.press('Tab');
    await expect(field('Contraseña')).toHaveAttribute('aria-invalid', 'true');
    await expect(dialog.getByRole('button', { name: 'Mostrar contraseña' })).toBeFocused();
    for (const next of ['Rol', 'Estado (región)', 'Estatus']) {
      await page.keyboard.press('Tab');
      await expect(field(next)).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Cancelar' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Crear usuario' })).toBeFocused();
  });
});
