import {
  accounts,
  apiLogin,
  createTempUser,
  expect,
  loginThroughUi,
  SESSION_KEY,
  storedSession,
  test,
} from './fixtures';

test.describe('Iniciar sesión', () => {
  test('/ lleva al inicio de sesión', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeVisible();
    await expect(page).toHaveTitle('Iniciar sesión · Socioeconómico');
  });

  test('sin "Recordarme" la sesión vive en sessionStorage y entra a /socioeconomico', async ({ page }) => {
    await loginThroughUi(page, accounts.admin);
    await expect(page).toHaveURL(/\/socioeconomico\/inicio$/);
    await expect(page.getByRole('button', { name: /Administrador|Admin/ }).first()).toBeVisible();
    const stored = await storedSession(page);
    expect(stored.local).toBeNull();
    expect(JSON.parse(stored.session ?? '{}')).toMatchObject({
      token: expect.any(String),
      user: { rol: 'Administrador' },
    });
  });

  test('con "Recordarme" la sesión vive en localStorage', async ({ page }) => {
    await loginThroughUi(page, accounts.supervisor, { remember: true });
    await expect(page).toHaveURL(/\/socioeconomico\/inicio$/);
    const stored = await storedSession(page);
    expect(stored.session).toBeNull();
    expect(JSON.parse(stored.local ?? '{}')).toMatchObject({ user: { rol: 'Supervisor' } });
  });

  test('contraseña incorrecta: mensaje del servidor', async ({ page }) => {
    await loginThroughUi(page, { email: 'supervisor2@socioeconomico.mx', password: 'NoEsLaClave1' });
    await expect(page.getByRole('alert')).toHaveText('Correo o contraseña incorrectos');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('correo sin "@": validación del cliente, sin petición', async ({ page }) => {
    let requests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/auth/login')) requests += 1;
    });
    await loginThroughUi(page, { email: 'admin.socioeconomico.mx', password: 'Admin2026!' });
    await expect(page.getByText('Por favor, ingresa un correo electrónico válido')).toBeVisible();
    expect(requests).toBe(0);
  });

  test('contraseña de menos de 3 caracteres: validación del cliente', async ({ page }) => {
    await loginThroughUi(page, { email: 'admin@socioeconomico.mx', password: 'ab' });
    await expect(page.getByText('Por favor, ingresa una contraseña válida')).toBeVisible();
  });

  test('sin conexión: "Error de conexión"', async ({ page }) => {
    await page.route('**/api/auth/login', (route) => route.abort('internetdisconnected'));
    await loginThroughUi(page, accounts.admin);
    await expect(page.getByRole('alert')).toHaveText('Error de conexión. Por favor, intenta de nuevo.');
  });

  test('cuenta inactiva: 403 con su mensaje', async ({ page, request }) => {
    const temp = await createTempUser(request, 'inactivo');
    const response = await request.put(`/api/users/edit_user/${temp.id}`, {
      headers: { Authorization: `Bearer ${temp.adminToken}` },
      data: {
        nombres: 'Prueba',
        apellido_paterno: 'Automática',
        apellido_materno: 'E2E',
        email: temp.email,
        role: 'Administrador',
        supervisor: null,
        status: 'Inactivo',
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    await loginThroughUi(page, temp);
    await expect(page.getByRole('alert')).toHaveText('Tu cuenta está inactiva. Contacta a un administrador.');
  });

  test('el enlace de contraseña olvidada no hace nada', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('Sesión', () => {
  test('recargar la página conserva la sesión (con y sin "Recordarme")', async ({ page }) => {
    await loginThroughUi(page, accounts.admin);
    await expect(page).toHaveURL(/\/socioeconomico\/inicio$/);
    await page.reload();
    await expect(page).toHaveURL(/\/socioeconomico\/inicio$/);
    await expect(page.getByRole('navigation', { name: 'Navegación principal' })).toBeVisible();

    await page.evaluate(() => window.sessionStorage.clear());
    await loginThroughUi(page, accounts.admin, { remember: true });
    await expect(page).toHaveURL(/\/socioeconomico\/inicio$/);
    await page.goto('/socioeconomico/cargas');
    await page.reload();
    await expect(page).toHaveURL(/\/socioeconomico\/cargas$/);
  });

  test('cerrar sesión borra ambos almacenamientos y protege el shell', async ({ page }) => {
    await loginThroughUi(page, accounts.admin, { remember: true });
    await expect(page).toHaveURL(/\/socioeconomico\/inicio$/);
    await page
      .getByRole('button', { name: /Martínez|Admin/ })
      .first()
      .click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Sesión expirada. Por favor, inicia sesión nuevamente.')).toHaveCount(0);
    expect(await storedSession(page)).toEqual({ local: null, session: null });
    await page.goto('/socioeconomico/usuarios');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('un token manipulado (401) vuelve a /login con "Sesión expirada"', async ({ page }) => {
    await loginThroughUi(page, accounts.admin, { remember: true });
    await expect(page).toHaveURL(/\/socioeconomico\/inicio$/);
    await page.evaluate((key) => {
      const stored = JSON.parse(window.localStorage.getItem(key) ?? '{}');
      window.localStorage.setItem(key, JSON.stringify({ ...stored, token: `${stored.token}manipulado` }));
    }, SESSION_KEY);
    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Sesión expirada. Por favor, inicia sesión nuevamente.')).toBeVisible();
    expect(await storedSession(page)).toEqual({ local: null, session: null });
  });

  test('datos de sesión ilegibles se descartan: se pide iniciar sesión, sin romper la app', async ({
    page,
  }) => {
    await page.goto('/login');
    await page.evaluate((key) => window.localStorage.setItem(key, '{esto no es json'), SESSION_KEY);
    await page.goto('/socioeconomico/inicio');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeVisible();
  });

  test('/Socioeconomico (con mayúscula) también es el shell', async ({ page }) => {
    await loginThroughUi(page, accounts.admin);
    await expect(page).toHaveURL(/\/socioeconomico\/inicio$/);
    await page.goto('/Socioeconomico/cargas');
    await expect(page.getByRole('heading', { level: 1, name: 'Cargas' })).toBeVisible();
  });

  test('una URL desconocida muestra «Página no encontrada» con un enlace de regreso (issue 14)', async ({
    page,
  }) => {
    await page.goto('/no-existe');
    await expect(page.getByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeVisible();
    await expect(page.getByText(/Hey developer/)).toHaveCount(0);
    await page.getByRole('link', { name: 'Volver al inicio' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeVisible();
  });
});

test.describe('Cambiar contraseña', () => {
  test('errores del formulario y del servidor, éxito, cierre automático y nuevo inicio de sesión', async ({
    page,
    request,
  }) => {
    const temp = await createTempUser(request, 'clave');
    await loginThroughUi(page, temp);
    await expect(page).toHaveURL(/\/socioeconomico\/inicio$/);

    await page.getByRole('button', { name: /Prueba Automática/ }).click();
    await page.getByRole('menuitem', { name: 'Cambiar contraseña' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cambiar contraseña' });
    await expect(dialog).toBeVisible();
    const submit = dialog.getByRole('button', { name: 'Cambiar contraseña' });

    await submit.click();
    await expect(dialog.getByRole('alert')).toHaveText('Por favor, completa todos los campos');

    await dialog.getByLabel('Contraseña actual', { exact: true }).fill('NoEsLaMia2026');
    await dialog.getByLabel('Nueva contraseña', { exact: true }).fill('Nueva2026!');
    await dialog.getByLabel('Confirmar nueva contraseña', { exact: true }).fill('Nueva2026!');
    await submit.click();
    await expect(dialog.getByRole('alert')).toHaveText('La contraseña actual es incorrecta');

    await dialog.getByLabel('Contraseña actual', { exact: true }).fill(temp.password);
    await submit.click();
    await expect(dialog.getByText('¡Contraseña actualizada exitosamente!')).toBeVisible();
    await expect(dialog).toBeHidden({ timeout: 5000 });

    // The old password no longer works; the new one does.
    const old = await request.post('/api/auth/login', {
      data: { email: temp.email, password: temp.password },
    });
    expect(old.status()).toBe(401);
    await page.getByRole('button', { name: /Prueba Automática/ }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await loginThroughUi(page, { email: temp.email, password: 'Nueva2026!' });
    await expect(page).toHaveURL(/\/socioeconomico\/inicio$/);
    await apiLogin(request, { email: temp.email, password: 'Nueva2026!' });
  });
});
