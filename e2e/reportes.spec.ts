import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { makeSamplePdf } from '../packages/contracts/src/testing/index.js';
import { accounts, apiLogin, expect, signInAs, test } from './fixtures';

interface WireReport {
  id: string;
  id_reporte: number;
  cliente: string;
  estatus: 'Pendiente' | 'Enviado';
}
interface WireCliente {
  id_cliente: number;
  nombre: string;
}

async function api<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`/api${path}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as T;
}

const reportesOf = async (request: APIRequestContext, token: string, cliente: number) =>
  (await api<{ reportes: WireReport[] }>(request, token, `/reportes?cliente=${cliente}`)).reportes;

function table(page: Page) {
  return page.getByRole('table', { name: 'Lista de reportes' });
}
function bodyRows(page: Page): Locator {
  return table(page).locator('tbody tr[data-slot="data-table-row"]');
}
function rowOf(page: Page, folio: string): Locator {
  return bodyRows(page).filter({ has: page.getByText(folio, { exact: true }) });
}
function viewer(page: Page) {
  return page.getByRole('region', { name: 'Vista previa del reporte' });
}

/** Waits until the viewer's page canvas holds drawn (non-white) pixels. */
async function expectPdfDrawn(page: Page) {
  // The toolbar's page counter (the PDF's own footer text also reads 'Página 1 de N' in its text layer).
  await expect(
    viewer(page)
      .getByRole('toolbar', { name: 'Controles del documento' })
      .getByText(/^Página 1 de \d+$/),
  ).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(
      () =>
        viewer(page)
          .locator('canvas')
          .first()
          .evaluate((canvas: HTMLCanvasElement) => {
            const context = canvas.getContext('2d');
            if (!context || canvas.width === 0) return 0;
            const { data } = context.getImageData(0, 0, canvas.width, Math.min(canvas.height, 200));
            let inked = 0;
            for (let i = 0; i < data.length; i += 4) if (data[i]! < 200 || data[i + 2]! < 200) inked += 1;
            return inked;
          }),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(100);
}

/** The entries of a zip (stored or deflated) with the first bytes of each stored one. */
function zipEntries(bytes: Buffer): { name: string; head: string }[] {
  // Read the central directory, as unzip tools do: a streamed zip leaves the sizes in its local
  // headers at 0 (they follow each file in a data descriptor), so walking local headers stops early.
  let end = bytes.length - 22;
  while (end >= 0 && bytes.readUInt32LE(end) !== 0x06054b50) end -= 1;
  if (end < 0) return [];
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: { name: string; head: string }[] = [];
  for (let i = 0; i < count && bytes.readUInt32LE(at) === 0x02014b50; i += 1) {
    const method = bytes.readUInt16LE(at + 10);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const data = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    entries.push({ name, head: method === 0 ? bytes.subarray(data, data + 5).toString('latin1') : '' });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

test.describe('Reportes (Administrador)', () => {
  test('top-bar folio search lands here pre-filled and the PDF is drawn; the client survives a reload', async ({
    page,
  }) => {
    const { token } = await signInAs(page, 'admin');
    const clientes = await api<WireCliente[]>(page.request, token, '/catalogos/clientes');
    const [first] = await reportesOf(page.request, token, clientes[0]!.id_cliente);
    expect(first).toBeDefined();
    const folio = first!.id;

    await page.getByRole('searchbox', { name: 'Buscar info de folio' }).fill(folio);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/socioeconomico\/reportes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reportes' })).toBeVisible();
    await expect(page.getByRole('searchbox', { name: 'Buscar por folio' })).toHaveValue(folio);
    await expect(rowOf(page, folio).first()).toBeVisible();
    await expect(rowOf(page, folio).first()).toHaveAttribute('aria-current', 'true');
    await expectPdfDrawn(page);

    // Another client: in the URL, still chosen after a reload.
    const select = page.getByRole('combobox', { name: 'Cliente' });
    await select.selectOption(String(clientes[1]!.id_cliente));
    await expect(page).toHaveURL(new RegExp(`\\?cliente=${clientes[1]!.id_cliente}$`));
    await page.reload();
    await expect(page.getByRole('combobox', { name: 'Cliente' })).toHaveValue(
      String(clientes[1]!.id_cliente),
    );
    await expect(bodyRows(page).first()).toContainText(clientes[1]!.nombre);
  });

  test("top-bar folio search of another client's report moves the selector there (issue 19.3)", async ({
    page,
  }) => {
    const { token } = await signInAs(page, 'admin');
    const clientes = await api<WireCliente[]>(page.request, token, '/catalogos/clientes');
    const other = clientes[1]!;
    const [report] = await reportesOf(page.request, token, other.id_cliente);
    expect(report).toBeDefined();

    await page.getByRole('searchbox', { name: 'Buscar info de folio' }).fill(report!.id);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('combobox', { name: 'Cliente' })).toHaveValue(String(other.id_cliente));
    await expect(rowOf(page, report!.id).first()).toHaveAttribute('aria-current', 'true');

    await page.getByRole('searchbox', { name: 'Buscar info de folio' }).fill('NADA-2026-99999');
    await page.keyboard.press('Enter');
    await expect(page.getByText('No hay reporte para el folio NADA-2026-99999')).toBeVisible();
  });

  test('mark two as sent, send one, download the pending zip', async ({ page }) => {
    const { token } = await signInAs(page, 'admin');
    const clientes = await api<WireCliente[]>(page.request, token, '/catalogos/clientes');
    // The client with the most pending reports.
    let best = { cliente: clientes[0]!, pending: [] as WireReport[] };
    for (const cliente of clientes) {
      const pending = (await reportesOf(page.request, token, cliente.id_cliente)).filter(
        (r) => r.estatus === 'Pendiente',
      );
      if (pending.length > best.pending.length) best = { cliente, pending };
    }
    expect(best.pending.length).toBeGreaterThanOrEqual(4);
    const [a, b, c] = best.pending;
    await page.goto(`/socioeconomico/reportes?cliente=${best.cliente.id_cliente}`);
    await expect(bodyRows(page).first()).toBeVisible();

    // --- Mark two ---
    const search = page.getByRole('searchbox', { name: 'Buscar por folio' });
    for (const report of [a!, b!]) {
      await search.fill(report.id);
      await rowOf(page, report.id).getByRole('checkbox').check();
    }
    // A tick hidden by the search does not count: only the visible one.
    await expect(page.getByRole('button', { name: 'Marcar 1 como enviado' })).toBeVisible();
    await search.fill('');
    await rowOf(page, a!.id).getByRole('checkbox').check();
    await rowOf(page, b!.id).getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Marcar 2 como enviado' }).click();
    await expect(page.getByText('2 reporte(s) marcado(s) como enviado')).toBeVisible();
    await expect(rowOf(page, a!.id)).toContainText('Enviado');
    await expect(rowOf(page, b!.id)).toContainText('Enviado');
    await expect(page.getByRole('button', { name: /^Marcar/ })).toHaveCount(0);

    // --- Send one (row click selects it) ---
    await rowOf(page, c!.id).click();
    await expect(rowOf(page, c!.id)).toHaveAttribute('aria-current', 'true');
    await page.getByRole('button', { name: 'Enviar reportes' }).click();
    await expect(page.getByText('Reporte enviado exitosamente')).toBeVisible();
    await expect(rowOf(page, c!.id)).toContainText('Enviado');

    const after = await reportesOf(page.request, token, best.cliente.id_cliente);
    for (const report of [a!, b!, c!]) {
      expect(after.find((r) => r.id_reporte === report.id_reporte)?.estatus).toBe('Enviado');
    }
    const stillPending = after.filter((r) => r.estatus === 'Pendiente').length;
    expect(stillPending).toBe(best.pending.length - 3);

    // --- Download the pending ones: a zip holding their PDFs, under the server's name ---
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar reportes pendientes' }).click();
    await expect(page.getByText(`Descargando ${stillPending} reportes pendientes...`)).toBeVisible();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^reportes_pendientes_.+_\d{8}\.zip$/);
    const path = await download.path();
    const { readFileSync } = await import('node:fs');
    const entries = zipEntries(readFileSync(path));
    expect(entries).toHaveLength(stillPending);
    for (const entry of entries) {
      expect(entry.name).toMatch(/\.pdf$/);
      expect(entry.head).toBe('%PDF-');
    }
  });

  test('upload a report: it is stored, listed first, selected and shown', async ({ page }) => {
    const { token } = await signInAs(page, 'supervisor', '/socioeconomico/reportes');
    const clientes = await api<WireCliente[]>(page.request, token, '/catalogos/clientes');
    const target = clientes[2]!;
    const folio = `E2E-${Date.now().toString(36).toUpperCase()}`;
    await expect(bodyRows(page).first()).toBeVisible();

    await page.getByRole('button', { name: 'Subir reporte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Subir reporte' });
    await expect(dialog.getByText('Solo PDF, máximo 20 MB.')).toBeVisible();
    await dialog.getByRole('textbox', { name: /^Folio/ }).fill(folio);
    await dialog.getByRole('combobox', { name: /^Cliente/ }).selectOption(String(target.id_cliente));
    await dialog.getByRole('textbox', { name: /^Notas/ }).fill('Subido por la prueba e2e');
    await dialog.getByLabel('Archivo a cargar').setInputFiles({
      name: `${folio}.pdf`,
      mimeType: 'application/pdf',
      buffer: Buffer.from(await makeSamplePdf({ title: `Reporte ${folio}`, pages: 2 })),
    });
    await dialog.getByRole('button', { name: 'Subir reporte' }).click();
    await expect(page.getByText('Reporte guardado exitosamente')).toBeVisible();
    await expect(dialog).toBeHidden();

    await expect(page).toHaveURL(new RegExp(`\\?cliente=${target.id_cliente}$`));
    await expect(bodyRows(page).first()).toContainText(folio);
    await expect(rowOf(page, folio)).toHaveAttribute('aria-current', 'true');
    await expect(rowOf(page, folio)).toContainText('Pendiente');
    await expectPdfDrawn(page);
    await expect(viewer(page).getByText(`Reporte ${folio}`)).toBeAttached();

    const stored = (await reportesOf(page.request, token, target.id_cliente)).find((r) => r.id === folio);
    expect(stored).toMatchObject({ cliente: target.nombre, estatus: 'Pendiente' });

    // Not a PDF: the server's answer is shown as it comes.
    await page.getByRole('button', { name: 'Subir reporte' }).click();
    await dialog.getByRole('textbox', { name: /^Folio/ }).fill(`${folio}-B`);
    await dialog.getByLabel('Archivo a cargar').setInputFiles({
      name: 'falso.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('esto no es un PDF'),
    });
    await dialog.getByRole('button', { name: 'Subir reporte' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(
      'Error al subir reporte: El archivo debe ser un PDF válido',
    );
  });
});

test('a Visitador is kept out of Reportes (route and API)', async ({ page }) => {
  const { token } = await signInAs(page, 'visitador');
  await page.goto('/socioeconomico/reportes');
  await expect(page).toHaveURL(/\/socioeconomico\/inicio$/);
  const response = await page.request.get('/api/reportes', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(403);
  // The same person as staff would get in (sanity check of the token path).
  const admin = await apiLogin(page.request, accounts.admin);
  const ok = await page.request.get('/api/reportes', { headers: { Authorization: `Bearer ${admin.token}` } });
  expect(ok.status()).toBe(200);
});
