import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures';

/**
 * Issue 19 item 5 on the real server: Cargas, 'Nueva Carga Manual' and Reportes at a 1366×768 laptop
 * and a 390×844 phone. `SAVE_SCREENSHOTS=1` refreshes their screenshots in docs/screenshots.
 */
const screenshotDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../docs/screenshots');
async function saveScreenshot(page: Page, name: string) {
  if (process.env.SAVE_SCREENSHOTS !== '1') return;
  await page.screenshot({ path: path.join(screenshotDir, name) });
}

/** Pixels the table's box would scroll sideways (0 when every column fits). */
function sidewaysOverflow(table: Locator) {
  return table.evaluate((element) => {
    const scroller = element.closest('[data-slot="data-table-scroll"]') as HTMLElement;
    return scroller.scrollWidth - scroller.clientWidth;
  });
}

/** Pixels the page itself would scroll sideways. */
function pageOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

const SIZES = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
] as const;

for (const size of SIZES) {
  test.describe(`${size.width}×${size.height}`, () => {
    test.use({ viewport: size });
    const laptop = size.width === 1366;

    test('Cargas and Nueva Carga Manual: nothing scrolls sideways', async ({ page }) => {
      await signInAs(page, 'admin', '/socioeconomico/cargas');
      const table = page.getByRole('table', { name: 'Asignaciones activas' });
      await expect(table.locator('tbody tr[data-slot="data-table-row"]').first()).toBeVisible();
      await expect(page.getByText(/registros totales/)).toBeVisible();
      if (laptop) expect(await sidewaysOverflow(table)).toBe(0);
      else await expect(table.locator('thead')).toBeHidden();
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await saveScreenshot(page, `cargas-${size.width}.png`);

      await page.getByRole('button', { name: 'Nueva Carga Manual' }).click();
      const dialog = page.getByRole('dialog', { name: 'Nueva Carga Manual' });
      await expect(dialog.getByText('Complete los datos para crear una asignación manual')).toBeVisible();
      const box = await dialog.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= size.width).toBe(true);
      await saveScreenshot(page, `nueva-carga-manual-${size.width}.png`);
    });

    test('Reportes: the list fits beside the viewer, or becomes cards on a phone', async ({ page }) => {
      await signInAs(page, 'admin', '/socioeconomico/reportes');
      const table = page.getByRole('table', { name: 'Lista de reportes' });
      const firstRow = table.locator('tbody tr[data-slot="data-table-row"]').first();
      await expect(firstRow).toBeVisible();
      const viewer = page.getByRole('region', { name: 'Vista previa del reporte' });
      await expect(viewer.getByRole('toolbar', { name: 'Controles del documento' })).toBeVisible({
        timeout: 30_000,
      });
      if (laptop) {
        expect(await sidewaysOverflow(table)).toBe(0);
        await expect(page.getByRole('separator', { name: 'Ancho de la lista de reportes' })).toBeVisible();
      } else {
        await expect(table.locator('thead')).toBeHidden();
        expect(await firstRow.evaluate((row) => getComputedStyle(row).display)).toBe('grid');
      }
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await saveScreenshot(page, `reportes-${size.width}.png`);
    });
  });
}

test.describe('Reportes viewer layout', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test("the splitter and 'Ocultar visor' are kept after a reload", async ({ page }) => {
    await signInAs(page, 'supervisor', '/socioeconomico/reportes');
    const viewer = page.getByRole('region', { name: 'Vista previa del reporte' });
    await expect(viewer).toBeVisible();
    const splitter = page.getByRole('separator', { name: 'Ancho de la lista de reportes' });
    await splitter.focus();
    await page.keyboard.press('ArrowRight');
    await expect(splitter).toHaveAttribute('aria-valuenow', '65');
    await page.reload();
    await expect(splitter).toHaveAttribute('aria-valuenow', '65');

    await page.getByRole('button', { name: 'Ocultar visor' }).click();
    await expect(viewer).toBeHidden();
    await saveScreenshot(page, 'reportes-visor-oculto-1366.png');
    await page.reload();
    await expect(page.getByRole('table', { name: 'Lista de reportes' })).toBeVisible();
    await expect(viewer).toBeHidden();
    await page.getByRole('button', { name: 'Mostrar visor' }).click();
    await expect(viewer).toBeVisible();
    await expect(splitter).toHaveAttribute('aria-valuenow', '65');
  });
});
