import type { Locator, Page } from '@playwright/test';
import { accounts, apiLogin, expect, signInAs, test } from './fixtures';

interface WireReport {
  id: string;
  id_reporte: number;
  estatus: 'Pendiente' | 'Enviado';
}

const bodyRows = (page: Page): Locator =>
  page.getByRole('table', { name: 'Lista de reportes' }).locator('tbody tr[data-slot="data-table-row"]');
const rowOf = (page: Page, folio: string): Locator =>
  bodyRows(page).filter({ has: page.getByRole('cell', { name: folio, exact: true }) });

test.describe('Entrega de reportes por correo', () => {
  test('an Administrador sets the recipients; Enviar reportes delivers (a .eml without SMTP_URL) and the history says so', async ({
    page,
  }) => {
    const { token } = await signInAs(page, 'admin');
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await nav.getByRole('link', { name: 'Clientes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
    const udem = page.getByRole('group', { name: 'UDEM' });
    const input = udem.getByRole('textbox', { name: 'Agregar correo' });
    await input.fill('no-es-correo');
    await input.press('Enter');
    await expect(udem.getByText('Ingresa un correo electrónico válido')).toBeVisible();
    await input.fill('Reportes.E2E@UDEM.example');
    await input.press('Enter');
    await udem.getByRole('button', { name: 'Guardar cambios' }).click();
    await expect(page.getByText('Destinatarios actualizados')).toBeVisible();

    const headers = { Authorization: `Bearer ${token}` };
    const clientes = (await (await page.request.get('/api/clientes/destinatarios', { headers })).json()) as {
      clientes: Array<{ id_cliente: number; nombre: string; destinatarios: string[] }>;
    };
    const saved = clientes.clientes.find((c) => c.nombre === 'UDEM');
    expect(saved?.destinatarios).toContain('reportes.e2e@udem.example');

    const list = (await (
      await page.request.get(`/api/reportes?cliente=${saved?.id_cliente}`, { headers })
    ).json()) as { reportes: WireReport[] };
    const pending = list.reportes.find((r) => r.estatus === 'Pendiente');
    expect(pending, 'a pending UDEM report').toBeDefined();
    await page.goto(`/socioeconomico/reportes?cliente=${saved?.id_cliente}`);
    await page.getByRole('searchbox', { name: 'Buscar por folio' }).fill(pending!.id);
    const row = rowOf(page, pending!.id);
    await row.click();
    await page.getByRole('button', { name: 'Enviar reportes' }).click();
    await expect(page.getByText('Reporte enviado exitosamente')).toBeVisible();
    await expect(row).toContainText('Enviado');

    const panel = page.getByRole('region', { name: 'Entregas por correo' });
    await expect(panel.getByText(/los mensajes se guardan como archivos \.eml/)).toBeVisible();
    await expect(panel.getByText(/^Para: .*reportes\.e2e@udem\.example/)).toBeVisible();
    // The worker (started with the server) delivers within seconds; the panel reads it again meanwhile.
    await expect(row.locator('[data-slot="entrega-badge"]')).toHaveText('Entregado', { timeout: 30_000 });
    await expect(panel.getByText(/^Intento 1 · /)).toBeVisible();
    await expect(panel.getByText(/Guardado en outbox\/.+\.eml/)).toBeVisible();
  });

  test('a Supervisor has no Clientes entry, is sent to Inicio, and the API refuses', async ({ page }) => {
    await signInAs(page, 'supervisor');
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav.getByRole('link')).toHaveText(['Inicio', 'Usuarios', 'Reportes', 'Cargas']);
    await page.goto('/socioeconomico/clientes');
    await expect(page).toHaveURL(/\/socioeconomico\/inicio$/);
    const { token } = await apiLogin(page.request, accounts.supervisor);
    const res = await page.request.get('/api/clientes/destinatarios', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(403);
  });
});
