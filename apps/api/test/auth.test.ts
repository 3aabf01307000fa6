import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../src/modules/auth/tokens';
import {
  ADMIN_PASSWORD,
  createTestContext,
  DEMO_PASSWORD,
  dbKinds,
  ROLE_EMAILS,
  type TestContext,
} from './helpers';

const login = (ctx: TestContext, body: unknown, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: body as object, remoteAddress });

describe.each(dbKinds())('auth (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { demoOperations: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('POST /api/auth/login', () => {
    it('signs in with a case-insensitive e-mail and returns the session user and a bearer token', async () => {
      const res = await login(ctx, { email: '  ADMIN@SocioEconomico.mx ', password: ADMIN_PASSWORD });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        token_type: 'bearer',
        email: 'admin@socioeconomico.mx',
        rol: 'Administrador',
        nombres: 'Administrador',
        foto_path: null,
      });
      expect(typeof body.id_usuario).toBe('number');
      expect(body.token.split('.')).toHaveLength(3);
      expect(body).not.toHaveProperty('password_hash');
      const me = await ctx.app.inject({
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${body.token}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json().id_usuario).toBe(body.id_usuario);
    });

    it('signs in supervisors and visitors with the demo password', async () => {
      for (const rol of ['Supervisor', 'Visitador'] as const) {
        const res = await login(ctx, { email: ROLE_EMAILS[rol], password: DEMO_PASSWORD });
        expect(res.statusCode).toBe(200);
        expect(res.json().rol).toBe(rol);
      }
    });

    it('answers the same 401 for an unknown e-mail and a wrong password', async () => {
      const unknown = await login(
        ctx,
        { email: 'nadie@socioeconomico.mx', password: 'Cualquiera1' },
        '10.1.0.1',
      );
      const wrong = await login(ctx, { email: ROLE_EMAILS.Supervisor, password: 'Incorrecta1' }, '10.1.0.1');
      expect(unknown.statusCode).toBe(401);
      expect(wrong.statusCode).toBe(401);
      expect(unknown.json()).toEqual({
        detail: 'Correo o contraseña incorrectos',
        code: 'invalid_credentials',
      });
      expect(wrong.json()).toEqual(unknown.json());
    });

    it('answers 403 to an inactive user with the right password', async () => {
      await ctx.db
        .updateTable('usuarios')
        .set({ estatus: 'inactivo' })
        .where('email', '=', 'visitador20@socioeconomico.mx')
        .execute();
      const res = await login(ctx, { email: 'visitador20@socioeconomico.mx', password: DEMO_PASSWORD });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        detail: 'Tu cuenta está inactiva. Contacta a un administrador.',
        code: 'account_inactive',
      });
      const wrong = await login(ctx, { email: 'visitador20@socioeconomico.mx', password: 'otra-cosa' });
      expect(wrong.statusCode).toBe(401);
      await ctx.db
        .updateTable('usuarios')
        .set({ estatus: 'activo' })
        .where('email', '=', 'visitador20@socioeconomico.mx')
        .execute();
    });

    it.each([
      [{ email: 5, password: 'x' }, ['body', 'email']],
      [{ password: 'x' }, ['body', 'email']],
      [{ email: 'admin@socioeconomico.mx' }, ['body', 'password']],
      [{ email: 'sin-arroba', password: 'x' }, ['body', 'email']],
      [{ email: 'admin@socioeconomico.mx', password: ['a'] }, ['body', 'password']],
      [[], ['body']],
    ])('answers 422 with a detail array for %j', async (body, loc) => {
      const res = await login(ctx, body, '10.1.0.2');
      expect(res.statusCode).toBe(422);
      const detail = res.json().detail;
      expect(Array.isArray(detail)).toBe(true);
      expect(detail[0]).toMatchObject({ loc, msg: expect.any(String), type: expect.any(String) });
    });

    it('answers 422 (not 500) to broken JSON and to an empty JSON body', async () => {
      for (const payload of ['{"email":', '']) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          headers: { 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode).toBe(422);
        expect(res.json().detail[0]).toMatchObject({ loc: ['body'], type: 'json_invalid' });
      }
    });

    it('locks an e-mail + IP for 15 minutes after 10 failed attempts (429)', async () => {
      const email = ROLE_EMAILS.Supervisor;
      const ip = '10.9.9.9';
      for (let i = 0; i < 10; i++) {
        const res = await login(ctx, { email, password: `mala-${i}` }, ip);
        expect(res.statusCode).toBe(401);
      }
      const locked = await login(ctx, { email, password: DEMO_PASSWORD }, ip);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        detail: 'Demasiados intentos fallidos. Intenta de nuevo en 15 minutos.',
        code: 'too_many_attempts',
      });
      // Same e-mail from another address, and another e-mail from the same address, still work.
      expect((await login(ctx, { email, password: DEMO_PASSWORD }, '10.9.9.10')).statusCode).toBe(200);
      expect(
        (await login(ctx, { email: ROLE_EMAILS.Visitador, password: DEMO_PASSWORD }, ip)).statusCode,
      ).toBe(200);
      // The lock lifts when the failures are older than the window.
      await ctx.db
        .updateTable('login_throttle')
        .set({ window_start: new Date(Date.now() - 16 * 60 * 1000) })
        .where('key', '=', `e:${email}|${ip}`)
        .execute();
      expect((await login(ctx, { email, password: DEMO_PASSWORD }, ip)).statusCode).toBe(200);
    });

    it('counts failures again from zero after a successful sign-in', async () => {
      const email = 'supervisor2@socioeconomico.mx';
      const ip = '10.8.8.8';
      for (let i = 0; i < 9; i++)
        expect((await login(ctx, { email, password: 'mala' }, ip)).statusCode).toBe(401);
      expect((await login(ctx, { email, password: DEMO_PASSWORD }, ip)).statusCode).toBe(200);
      for (let i = 0; i < 9; i++)
        expect((await login(ctx, { email, password: 'mala' }, ip)).statusCode).toBe(401);
      expect((await login(ctx, { email, password: DEMO_PASSWORD }, ip)).statusCode).toBe(200);
    });
  });

  describe('GET /api/auth/me', () => {
    it('returns the session user without a token', async () => {
      const res = await ctx.request({ url: '/api/auth/me' }, 'Visitador');
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        email: ROLE_EMAILS.Visitador,
        rol: 'Visitador',
        nombres: 'María Fernanda',
      });
      expect(body).not.toHaveProperty('token');
    });

    it.each([
      ['no header', undefined, 'No autenticado', 'not_authenticated'],
      ['not bearer', 'Basic YWRtaW46YWRtaW4=', 'No autenticado', 'not_authenticated'],
      ['garbage', 'Bearer abc.def.ghi', 'Token inválido o expirado', 'invalid_token'],
      ['empty bearer', 'Bearer ', 'No autenticado', 'not_authenticated'],
    ])('answers 401 with %s', async (_name, authorization, detail, code) => {
      const res = await ctx.app.inject({
        url: '/api/auth/me',
        headers: authorization === undefined ? {} : { authorization },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail, code });
    });

    it('rejects a token signed with another secret and an expired token', async () => {
      const admin = await ctx.db
        .selectFrom('usuarios')
        .select(['id_usuario', 'token_version'])
        .where('username', '=', 'admin')
        .executeTakeFirstOrThrow();
      const claims = { sub: admin.id_usuario, rol: 'Administrador' as const, tv: admin.token_version };
      const forged = await createTokenService('otro-secreto-de-al-menos-32-caracteres!!', 3600).sign(claims);
      const expired = await createTokenService(ctx.config.jwtSecret, -60).sign(claims);
      const valid = await createTokenService(ctx.config.jwtSecret, 60).sign(claims);
      for (const token of [forged, expired]) {
        const res = await ctx.app.inject({
          url: '/api/auth/me',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ detail: 'Token inválido o expirado', code: 'invalid_token' });
      }
      const ok = await ctx.app.inject({ url: '/api/auth/me', headers: { authorization: `bearer ${valid}` } });
      expect(ok.statusCode).toBe(200);
    });
  });

  describe('PUT /api/auth/me/change-password', () => {
    const change = (body: unknown, who = 'supervisor3@socioeconomico.mx') =>
      ctx.request({ method: 'PUT', url: '/api/auth/me/change-password', payload: body as object }, who);

    it('requires a token', async () => {
      const res = await ctx.app.inject({
        method: 'PUT',
        url: '/api/auth/me/change-password',
        payload: { current_password: DEMO_PASSWORD, new_password: 'NuevaClave2026' },
      });
      expect(res.statusCode).toBe(401);
    });

    it('rejects a new password shorter than 8 characters (422 string detail)', async () => {
      const res = await change({ current_password: DEMO_PASSWORD, new_password: 'corta' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        detail: 'La nueva contraseña debe tener al menos 8 caracteres',
        code: 'invalid_new_password',
      });
    });

    it('rejects a new password equal to the current one (422 string detail)', async () => {
      const res = await change({ current_password: DEMO_PASSWORD, new_password: DEMO_PASSWORD });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        detail: 'La nueva contraseña debe ser diferente a la actual',
        code: 'invalid_new_password',
      });
    });

    it('rejects a wrong current password (400)', async () => {
      const res = await change({ current_password: 'NoEsLaActual1', new_password: 'NuevaClave2026' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        detail: 'La contraseña actual es incorrecta',
        code: 'current_password_wrong',
      });
    });

    it('answers 422 with a detail array to wrong types', async () => {
      const res = await change({ current_password: 1, new_password: null });
      expect(res.statusCode).toBe(422);
      expect(res.json().detail.map((d: { loc: string[] }) => d.loc.join('.'))).toEqual([
        'body.current_password',
        'body.new_password',
      ]);
    });

    it('changes the password: the new one signs in, the old one no longer does, the log has no secret', async () => {
      const res = await change({ current_password: DEMO_PASSWORD, new_password: 'NuevaClave2026' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ detail: 'Contraseña actualizada exitosamente' });
      const email = 'supervisor3@socioeconomico.mx';
      expect((await login(ctx, { email, password: DEMO_PASSWORD }, '10.7.7.7')).statusCode).toBe(401);
      expect((await login(ctx, { email, password: 'NuevaClave2026' }, '10.7.7.7')).statusCode).toBe(200);
      const entry = await ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'auth.change_password')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      const text = JSON.stringify(entry);
      expect(text).not.toContain('NuevaClave2026');
      expect(text).not.toContain(DEMO_PASSWORD);
      expect(text).not.toContain('scrypt$');
    });
  });
});
