// Issue 21 (5): /login is in the HTML (login.html, prerendered from the real LoginScreen at build time),
// so the form shows before the app's JavaScript has arrived; React then hydrates that markup. These tests
// hold the entry chunk back (a release promise, no timers) to act in the window before hydration.
import type { Page } from '@playwright/test';
import { accounts, expect, SESSION_KEY, test } from './fixtures';

/** Holds every request for the entry chunk (/assets/index-*.js) until `release()`. */
async function holdEntryChunk(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/index-[^/]*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Console errors and uncaught exceptions (a hydration mismatch shows up as one of them). */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('/login antes de que cargue la aplicación', () => {
  test('el formulario se ve sin JavaScript; lo tecleado sobrevive a la hidratación y entra', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    const release = await holdEntryChunk(page);
    await page.goto('/login', { waitUntil: 'commit' });

    const email = page.getByLabel('Correo electrónico');
    const password = page.getByLabel('Contraseña', { exact: true });
    const submit = page.getByRole('button', { name: 'Iniciar sesión' });
    await expect(page.getByRole('heading', { level: 1, name: 'Iniciar Sesión' })).toBeVisible();
    await expect(page).toHaveTitle('Iniciar sesión · Socioeconómico');
    // Until the app runs: fields take typing; what needs the app is visibly disabled.
    await expect(submit).toBeDisabled();
    await expect(page.getByRole('checkbox', { name: 'Recordarme' })).toBeDisabled();

    await email.fill(accounts.admin.email);
    await password.click();
    await page.keyboard.type(accounts.admin.password);
    // Enter with the default button disabled: no native submit (it would put the password in the URL).
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/login$/);

    release();
    await expect(submit).toBeEnabled();
    await expect(page.getByRole('checkbox', { name: 'Recordarme' })).toBeEnabled();
    await expect(email).toHaveValue(accounts.admin.email);
    await expect(password).toHaveValue(accounts.admin.password);
    await expect(password).toBeFocused();
    await expect(page.locator('form')).toHaveCount(1);
    await expect(page.locator('title')).toHaveCount(1);

    await submit.click();
    await expect(page).toHaveURL(/\/socioeconomico\/inicio$/);
    expect(errors).toEqual([]);
  });

  test('otra pantalla recargada no muestra el formulario de inicio de sesión', async ({ page }) => {
    const release = await holdEntryChunk(page);
    await page.goto('/socioeconomico/inicio', { waitUntil: 'commit' });
    // The <noscript> after #root is parsed, so #root is whole (DOMContentLoaded waits for the held module).
    await page.locator('noscript').waitFor({ state: 'attached' });
    await expect(page.locator('#root')).toBeEmpty();
    release();
    // Without a session the app itself sends the visitor to /login.
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeEnabled();
  });

  test('con sesión guardada, /login pasa al shell sin errores de hidratación', async ({ page }) => {
    const errors = collectErrors(page);
    const login = await page.request.post('/api/auth/login', {
      data: { email: accounts.admin.email, password: accounts.admin.password },
    });
    const { token, ...user } = await login.json();
    await page.goto('/login');
    await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
      SESSION_KEY,
      JSON.stringify({ token, user, remember: true }),
    ] as const);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/socioeconomico\/inicio$/);
    await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toHaveCount(0);
    expect(errors).toEqual([]);
  });
});
