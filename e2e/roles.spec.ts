import { expect, signInAs, test } from './fixtures';

const newUserBody = {
  nombres: 'No',
  apellido_paterno: 'Permitido',
  apellido_materno: 'Nunca',
  username: 'nopermitido',
  email: 'nopermitido@prueba.mx',
  password: 'Inicial2026!',
  role: 'Visitador',
  supervisor: null,
  estado: null,
  status: 'Activo',
  avatar: '/avatars/default.png',
};

test.describe('Roles', () => {
  test('a Supervisor sees the users read-only', async ({ page }) => {
    const { token } = await signInAs(page, 'supervisor', '/socioeconomico/usuarios');
    const table = page.getByRole('table', { name: 'Lista de usuarios' });
    await expect(table.getByRole('row')).toHaveCount(6);
    await expect(page.getByText(/Solo lectura/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Añadir nuevo usuario' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Editar/ })).toHaveCount(0);
    await expect(page.getByRole('table', { name: 'Competitividad por visitador' })).toBeVisible();

    // The server agrees: a Supervisor cannot create users.
    const response = await page.request.post('/api/users/new_user', {
      headers: { Authorization: `Bearer ${token}` },
      data: newUserBody,
    });
    expect(response.status()).toBe(403);
  });

  test('a Visitador sees only Inicio and Cargas, and cannot open the users admin', async ({ page }) => {
    const { token } = await signInAs(page, 'visitador', '/socioeconomico/inicio');
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect(nav.getByRole('link')).toHaveText(['Inicio', 'Cargas']);
    await expect(nav.getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Reportes' })).toHaveCount(0);

    await page.goto('/socioeconomico/usuarios');
    await expect(page).toHaveURL(/\/socioeconomico\/inicio$/);
    await expect(page.getByRole('table', { name: 'Lista de usuarios' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Añadir nuevo usuario' })).toHaveCount(0);
    await expect(page.getByText('Estos números corresponden solo a tus asignaciones.')).toBeVisible();

    const response = await page.request.get('/api/users/all_users', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(403);
  });
});
