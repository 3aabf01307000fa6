import type { Page } from '@playwright/test';
import { expect, signInAs, test } from './fixtures';

interface Resumen {
  indicadores: {
    estudios_activos: number;
    completados_semana: number;
    nuevas_semana: number;
    porcentaje_completado_30d: number;
  };
  por_cliente: { cliente: string; activos: number }[];
  semanal_completados: { semana_inicio: string; total: number }[];
  semanal_nuevas: { semana_inicio: string; total: number }[];
  anual: { anio: number; recibidos: number; asignados: number; completados: number; cancelados: number }[];
}

const count = (n: number) => n.toLocaleString('es-MX');
const percent = (n: number) => `${n.toLocaleString('es-MX', { maximumFractionDigits: 1 })}%`;

async function resumenFor(page: Page, token: string): Promise<Resumen> {
  const response = await page.request.get('/api/dashboard/resumen', {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as Resumen;
}

function card(page: Page, label: string) {
  return page
    .locator('[data-slot="stat-card"]')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('[data-slot="stat-card-value"]');
}

test.describe('Dashboard (Inicio)', () => {
  test('shows the numbers of the database', async ({ page }) => {
    const { token } = await signInAs(page, 'admin', '/socioeconomico/inicio');
    const resumen = await resumenFor(page, token);
    // Demo data is seeded: the dashboard is not empty.
    expect(resumen.indicadores.estudios_activos).toBeGreaterThan(0);

    await expect(card(page, 'Estudios activos')).toHaveText(count(resumen.indicadores.estudios_activos));
    await expect(card(page, 'Completados esta semana')).toHaveText(
      count(resumen.indicadores.completados_semana),
    );
    await expect(card(page, 'Nuevas solicitudes esta semana')).toHaveText(
      count(resumen.indicadores.nuevas_semana),
    );
    await expect(card(page, 'Completado (últimos 30 días)')).toHaveText(
      percent(resumen.indicadores.porcentaje_completado_30d),
    );

    // Charts (lazy chunk) with the 8 weeks labelled dd/mm, and the yearly summary.
    const line = page.getByRole('figure', { name: 'Estudios completados por semana' });
    await expect(line).toBeVisible();
    const lastWeek = resumen.semanal_completados.at(-1)?.semana_inicio ?? '';
    const [, month, day] = lastWeek.split('-');
    await expect(line.getByRole('rowheader', { name: `${day}/${month}` })).toBeAttached();
    await expect(page.getByRole('figure', { name: 'Nuevas solicitudes por semana' })).toBeVisible();
    const doughnut = page.getByRole('figure', { name: 'Estudios activos por cliente' });
    for (const client of resumen.por_cliente.filter((c) => c.activos > 0)) {
      await expect(doughnut.getByRole('rowheader', { name: client.cliente })).toBeAttached();
    }

    const yearly = page.getByRole('table', { name: 'Resumen anual por estatus' });
    const current = resumen.anual[0];
    if (!current) throw new Error('sin resumen anual');
    await expect(yearly.getByRole('columnheader', { name: String(current.anio) })).toBeVisible();
    await expect(yearly.getByRole('row', { name: /Recibidos/ })).toContainText(count(current.recibidos));
    await expect(page.getByRole('heading', { name: 'Nueva plataforma' })).toBeVisible();
  });

  test('a Visitador sees only their own numbers', async ({ page }) => {
    const admin = await signInAs(page, 'admin', '/socioeconomico/inicio');
    const all = await resumenFor(page, admin.token);
    const { token } = await signInAs(page, 'visitador', '/socioeconomico/inicio');
    const own = await resumenFor(page, token);
    expect(own.indicadores.estudios_activos).toBeLessThan(all.indicadores.estudios_activos);
    await expect(card(page, 'Estudios activos')).toHaveText(count(own.indicadores.estudios_activos));
  });

  test('at 390 px nothing scrolls sideways: the yearly summary shows every year whole', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInAs(page, 'admin', '/socioeconomico/inicio');
    const yearly = page.getByRole('table', { name: 'Resumen anual por estatus' });
    await yearly.scrollIntoViewIfNeeded();
    await expect(yearly.getByRole('columnheader')).toHaveCount(3);
    // Containers that would scroll sideways (screen-reader-only text is clipped on purpose: not counted).
    const overflowing = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main, main *')]
        .filter(
          (el) => el.scrollWidth > el.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(el).overflowX),
        )
        .map((el) => el.dataset.slot ?? el.tagName),
    );
    expect(overflowing).toEqual([]);
    // The last column ends inside the card, not under its edge.
    const table = await yearly.boundingBox();
    const cardBox = await page.locator('[data-slot="dashboard-yearly"]').boundingBox();
    expect(table && cardBox && table.x + table.width <= cardBox.x + cardBox.width).toBe(true);
  });

  test('the login page does not download the chart code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => /nivo|charts/i.test(url))).toEqual([]);

    await signInAs(page, 'admin', '/socioeconomico/inicio');
    await expect(page.getByRole('figure', { name: 'Estudios completados por semana' })).toBeVisible();
    expect(scripts.some((url) => /dashboard-charts/i.test(url))).toBe(true);
  });
});
