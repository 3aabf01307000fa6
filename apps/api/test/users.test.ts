import type { UsuarioDTO } from '@socio/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  DEMO_PASSWORD,
  dbKinds,
  type TestContext,
  userIdByEmail,
  useTwoServers,
} from './helpers';

const newUser = (overrides: Record<string, unknown> = {}) => ({
  nombres: 'Lucía',
  apellido_paterno: 'Garza',
  apellido_materno: 'Ibarra',
  username: 'Lucia Garza',
  email: 'Lucia.Garza@Example.MX',
  password: 'Segura2026!',
  role: 'visitador',
  supervisor: null,
  estado: 19,
  status: 'Activo',
  avatar: '/img/avatar-default.png',
  ...overrides,
});

const editBody = (u: UsuarioDTO, overrides: Record<string, unknown> = {}) => ({
  nombres: u.nombres,
  apellido_paterno: u.apellido_paterno,
  apellido_materno: u.apellido_materno,
  email: u.email,
  role: u.rol,
  supervisor: u.supervisor,
  status: u.estatus,
  ...overrides,
});

describe.each(dbKinds())('users (%s)', (kind) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(kind, { demoOperations: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const allUsers = async (): Promise<UsuarioDTO[]> =>
    (await ctx.request({ url: '/api/users/all_users' }, 'Administrador')).json().usuarios;
  const create = (body: unknown, who = 'Administrador') =>
    ctx.request({ method: 'POST', url: '/api/users/new_user', payload: body as object }, who);
  const edit = (id: string | number, body: unknown, who = 'Administrador') =>
    ctx.request({ method: 'PUT', url: `/api/users/edit_user/${id}`, payload: body as object }, who);

  describe('GET /api/users/all_users', () => {
    it('lists every user with capitalised rol/estatus, supervisor name and region', async () => {
      const res = await ctx.request({ url: '/api/users/all_users' }, 'Supervisor');
      expect(res.statusCode).toBe(200);
      const usuarios: UsuarioDTO[] = res.json().usuarios;
      expect(usuarios).toHaveLength(24);
      const v1 = usuarios.find((u) => u.email === 'visitador1@socioeconomico.mx');
      expect(v1).toMatchObject({
        username: 'maria.hernandez',
        name: 'María Fernanda Hernández Salinas',
        rol: 'Visitador',
        estatus: 'Activo',
        supervisor_nombre: 'Rocío Garza Treviño',
        estado: 19,
        region: 'Nuevo León',
      });
      expect(usuarios.find((u) => u.username === 'admin')).toMatchObject({
        rol: 'Administrador',
        supervisor: null,
      });
      expect(JSON.stringify(usuarios)).not.toContain('scrypt');
    });

    it('spreads the 20 demo visitors over at least 8 states, each with a supervisor', async () => {
      const visitors = (await allUsers()).filter((u) => u.rol === 'Visitador');
      expect(visitors).toHaveLength(20);
      expect(new Set(visitors.map((v) => v.estado)).size).toBeGreaterThanOrEqual(8);
      expect(visitors.every((v) => v.supervisor !== null && v.region !== null)).toBe(true);
    });
  });

  describe('POST /api/users/new_user', () => {
    it('creates a user: normalised username, lowercase e-mail, capitalised role; stored lowercase', async () => {
      const res = await create(newUser());
      expect(res.statusCode).toBe(201);
      const { usuario } = res.json();
      expect(usuario).toMatchObject({
        username: 'luciagarza',
        email: 'lucia.garza@example.mx',
        rol: 'Visitador',
        estatus: 'Activo',
        name: 'Lucía Garza Ibarra',
        estado: 19,
        region: 'Nuevo León',
        foto_path: '/img/avatar-default.png',
        supervisor: null,
      });
      const row = await ctx.db
        .selectFrom('usuarios')
        .selectAll()
        .where('id_usuario', '=', usuario.id_usuario)
        .executeTakeFirstOrThrow();
      expect(row.rol).toBe('visitador');
      expect(row.estatus).toBe('activo');
      expect(row.password_hash).toMatch(/^scrypt\$/);
      expect(row.password_hash).not.toContain('Segura2026!');
      // The new user can sign in.
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'LUCIA.GARZA@example.mx', password: 'Segura2026!' },
      });
      expect(login.statusCode).toBe(200);
      // The write is audited, without the password.
      const entry = await ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'user.create')
        .where('target_id', '=', String(usuario.id_usuario))
        .executeTakeFirstOrThrow();
      expect(entry.actor_id).toBe(await userIdByEmail(ctx.db, 'admin@socioeconomico.mx'));
      expect(entry.change).toMatchObject({ username: 'luciagarza', rol: 'visitador' });
      expect(JSON.stringify(entry.change)).not.toMatch(/Segura2026|password/);
    });

    it('answers 409 "El usuario ya existe" for a taken username (after normalising)', async () => {
      const res = await create(newUser({ username: ' LUCIA garza ', email: 'otra@example.mx' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: 'El usuario ya existe', code: 'username_taken' });
      expect(res.json().detail).toContain('usuario ya existe');
    });

    it('answers 409 "El email ya está registrado" for a taken e-mail in any case', async () => {
      const res = await create(newUser({ username: 'otra.persona', email: 'VISITADOR1@socioeconomico.mx' }));
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toContain('email ya está registrado');
      expect(res.json().code).toBe('email_taken');
    });

    it.each([
      ['username', { username: 'ab' }, 'El usuario debe tener al menos 3 caracteres'],
      ['username', { username: 'juan_perez' }, 'Solo letras minúsculas, números y puntos, sin espacios'],
      ['password', { password: 'corta' }, 'Mínimo 8 caracteres'],
      ['email', { email: 'no-es-correo' }, 'Por favor, ingresa un correo electrónico válido'],
      ['role', { role: 'Gestor' }, 'Rol inválido: usa Administrador, Supervisor o Visitador'],
      ['nombres', { nombres: '   ' }, 'Campo obligatorio'],
      ['status', { status: 'Suspendido' }, 'Estatus inválido: usa Activo o Inactivo'],
      ['supervisor', { supervisor: 'uno' }, expect.any(String)],
    ])('answers 422 on %s for %j', async (field, overrides, msg) => {
      const res = await create(newUser({ username: 'valido.123', email: 'valido@example.mx', ...overrides }));
      expect(res.statusCode).toBe(422);
      const detail = res.json().detail as Array<{ loc: string[]; msg: string }>;
      expect(detail).toContainEqual(expect.objectContaining({ loc: ['body', field], msg }));
    });

    it('requires the supervisor to be an active Supervisor', async () => {
      const adminId = await userIdByEmail(ctx.db, 'admin@socioeconomico.mx');
      const visitorId = await userIdByEmail(ctx.db, 'visitador2@socioeconomico.mx');
      for (const supervisor of [adminId, visitorId, 999999]) {
        const res = await create(
          newUser({ username: 'sup.check', email: 'sup.check@example.mx', supervisor }),
        );
        expect(res.statusCode).toBe(422);
        expect(res.json().detail[0]).toMatchObject({
          loc: ['body', 'supervisor'],
          msg: 'El supervisor debe ser un Supervisor activo',
        });
      }
      const supervisorId = await userIdByEmail(ctx.db, 'supervisor2@socioeconomico.mx');
      const ok = await create(
        newUser({ username: 'sup.check', email: 'sup.check@example.mx', supervisor: String(supervisorId) }),
      );
      expect(ok.statusCode).toBe(201);
      expect(ok.json().usuario).toMatchObject({
        supervisor: supervisorId,
        supervisor_nombre: 'Alejandro Mendoza Ríos',
      });
    });

    it('rejects an unknown estado', async () => {
      const res = await create(
        newUser({ username: 'estado.malo', email: 'estado.malo@example.mx', estado: 40 }),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0].loc).toEqual(['body', 'estado']);
    });

    it('defaults the status to Activo and keeps a supervisor only for visitors', async () => {
      const supervisorId = await userIdByEmail(ctx.db, 'supervisor1@socioeconomico.mx');
      const { status, ...body } = newUser({
        username: 'nuevo.supervisor',
        email: 'nuevo.supervisor@example.mx',
        role: 'SUPERVISOR',
        supervisor: supervisorId,
      });
      const res = await create(body);
      expect(res.statusCode).toBe(201);
      expect(res.json().usuario).toMatchObject({ rol: 'Supervisor', estatus: 'Activo', supervisor: null });
    });
  });

  describe('PUT /api/users/edit_user/{id}', () => {
    it('edits by id_usuario; the username never changes', async () => {
      const target = (await allUsers()).find((u) => u.email === 'visitador3@socioeconomico.mx')!;
      const res = await edit(
        target.id_usuario,
        editBody(target, {
          nombres: '  Ana Karina ',
          email: 'ANA.KARINA@Example.mx',
          username: 'otro.nombre',
        }),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json().usuario).toMatchObject({
        id_usuario: target.id_usuario,
        username: target.username,
        nombres: 'Ana Karina',
        email: 'ana.karina@example.mx',
      });
      const entry = await ctx.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'user.update')
        .where('target_id', '=', String(target.id_usuario))
        .executeTakeFirstOrThrow();
      expect(entry.change).toMatchObject({
        nombres: { from: 'Ana Karen', to: 'Ana Karina' },
        email: { from: 'visitador3@socioeconomico.mx', to: 'ana.karina@example.mx' },
      });
    });

    it('edits by username when the id is not all digits', async () => {
      const target = (await allUsers()).find((u) => u.username === 'jorge.elizondo')!;
      const res = await edit('Jorge.Elizondo', editBody(target, { apellido_materno: 'Zambrano Leal' }));
      expect(res.statusCode).toBe(200);
      expect(res.json().usuario.apellido_materno).toBe('Zambrano Leal');
    });

    it('answers 404 "Usuario no encontrado" for an unknown id or username', async () => {
      const target = (await allUsers())[0]!;
      for (const id of ['999999', 'no.existe', '99999999999999']) {
        const res = await edit(id, editBody(target));
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ detail: 'Usuario no encontrado', code: 'user_not_found' });
      }
    });

    it('answers 409 when the e-mail belongs to another user', async () => {
      const target = (await allUsers()).find((u) => u.email === 'visitador4@socioeconomico.mx')!;
      const res = await edit(target.id_usuario, editBody(target, { email: 'Visitador5@socioeconomico.mx' }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: 'El email ya está registrado', code: 'email_taken' });
    });

    it('answers 422 with a detail array for missing or malformed fields', async () => {
      const target = (await allUsers()).find((u) => u.email === 'visitador4@socioeconomico.mx')!;
      const { nombres, ...missing } = editBody(target);
      const res = await edit(target.id_usuario, { ...missing, role: 'Jefe' });
      expect(res.statusCode).toBe(422);
      const locs = res.json().detail.map((d: { loc: string[] }) => d.loc.join('.'));
      expect(locs).toEqual(expect.arrayContaining(['body.nombres', 'body.role']));
    });

    it('rejects a supervisor that is not an active Supervisor, or the user itself', async () => {
      const users = await allUsers();
      const target = users.find((u) => u.email === 'visitador6@socioeconomico.mx')!;
      const other = users.find((u) => u.email === 'visitador7@socioeconomico.mx')!;
      const bad = await edit(target.id_usuario, editBody(target, { supervisor: other.id_usuario }));
      expect(bad.statusCode).toBe(422);
      expect(bad.json().detail[0].loc).toEqual(['body', 'supervisor']);
      const sup = users.find((u) => u.email === 'supervisor1@socioeconomico.mx')!;
      const self = await edit(
        sup.id_usuario,
        editBody(sup, { role: 'Visitador', supervisor: sup.id_usuario }),
      );
      expect(self.statusCode).toBe(422);
    });

    it('does not let an administrator deactivate or demote themselves', async () => {
      const admin = (await allUsers()).find((u) => u.username === 'admin')!;
      const off = await edit(admin.id_usuario, editBody(admin, { status: 'Inactivo' }));
      expect(off.statusCode).toBe(422);
      expect(off.json()).toEqual({
        detail: 'No puedes desactivar tu propia cuenta',
        code: 'cannot_deactivate_self',
      });
      const demote = await edit(admin.id_usuario, editBody(admin, { role: 'Supervisor' }));
      expect(demote.statusCode).toBe(422);
    });

    it('invalidates the tokens of a user made inactive, even after reactivation', async () => {
      const email = 'visitador8@socioeconomico.mx';
      const token = await ctx.tokenFor(email);
      const headers = { authorization: `Bearer ${token}` };
      expect((await ctx.app.inject({ url: '/api/auth/me', headers })).statusCode).toBe(200);
      const target = (await allUsers()).find((u) => u.email === email)!;
      const off = await edit(target.id_usuario, editBody(target, { status: 'inactivo' }));
      expect(off.statusCode).toBe(200);
      expect(off.json().usuario.estatus).toBe('Inactivo');
      const rejected = await ctx.app.inject({ url: '/api/auth/me', headers });
      expect(rejected.statusCode).toBe(401);
      expect(rejected.json()).toEqual({ detail: 'Token inválido o expirado', code: 'invalid_token' });
      const on = await edit(target.id_usuario, editBody(target, { status: 'Activo' }));
      expect(on.statusCode).toBe(200);
      expect((await ctx.app.inject({ url: '/api/auth/me', headers })).statusCode).toBe(401);
      const login = await ctx.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: DEMO_PASSWORD },
      });
      expect(login.statusCode).toBe(200);
      const fresh = { authorization: `Bearer ${login.json().token}` };
      expect((await ctx.app.inject({ url: '/api/auth/me', headers: fresh })).statusCode).toBe(200);
    });

    it('applies a role change to the next request of that user', async () => {
      const email = 'visitador9@socioeconomico.mx';
      const headers = await ctx.authHeaders(email);
      expect((await ctx.app.inject({ url: '/api/users/all_users', headers })).statusCode).toBe(403);
      const target = (await allUsers()).find((u) => u.email === email)!;
      expect(
        (await edit(target.id_usuario, editBody(target, { role: 'Supervisor', supervisor: null })))
          .statusCode,
      ).toBe(200);
      expect((await ctx.app.inject({ url: '/api/users/all_users', headers })).statusCode).toBe(200);
      expect((await edit(target.id_usuario, editBody(target))).statusCode).toBe(200);
    });
  });

  describe('GET /api/users/check_username/{username}', () => {
    it('normalises the username and tells whether it is free', async () => {
      const taken = await ctx.request(
        { url: `/api/users/check_username/${encodeURIComponent(' Maria.Hernandez ')}` },
        'Supervisor',
      );
      expect(taken.statusCode).toBe(200);
      expect(taken.json()).toEqual({ username: 'maria.hernandez', available: false });
      const free = await ctx.request({ url: '/api/users/check_username/Nuevo%20Usuario' }, 'Administrador');
      expect(free.json()).toEqual({ username: 'nuevousuario', available: true });
    });

    it('reports usernames that break the rules as unavailable', async () => {
      for (const raw of ['ab', 'con_guion', 'ñandú']) {
        const res = await ctx.request(
          { url: `/api/users/check_username/${encodeURIComponent(raw)}` },
          'Administrador',
        );
        expect(res.statusCode).toBe(200);
        expect(res.json().available).toBe(false);
      }
    });
  });

  describe('lists', () => {
    it('supervisors_list returns the active supervisors only', async () => {
      const res = await ctx.request({ url: '/api/users/supervisors_list' }, 'Administrador');
      expect(res.statusCode).toBe(200);
      const names = res.json().supervisors.map((s: { name: string }) => s.name);
      expect(names).toContain('Rocío Garza Treviño');
      expect(names).toContain('Claudia Navarro Orozco');
      await ctx.db
        .updateTable('usuarios')
        .set({ estatus: 'inactivo' })
        .where('email', '=', 'supervisor3@socioeconomico.mx')
        .execute();
      const after = await ctx.request({ url: '/api/users/supervisors_list' }, 'Administrador');
      expect(after.json().supervisors.map((s: { name: string }) => s.name)).not.toContain(
        'Claudia Navarro Orozco',
      );
      await ctx.db
        .updateTable('usuarios')
        .set({ estatus: 'activo' })
        .where('email', '=', 'supervisor3@socioeconomico.mx')
        .execute();
    });

    it('regions_available returns the states with an active visitor', async () => {
      const res = await ctx.request({ url: '/api/users/regions_available' }, 'Supervisor');
      expect(res.statusCode).toBe(200);
      const { regions } = res.json();
      expect(regions).toEqual(
        expect.arrayContaining(['Nuevo León', 'Jalisco', 'Ciudad de México', 'Yucatán']),
      );
      expect(regions).not.toContain('Sonora');
      await ctx.db
        .updateTable('usuarios')
        .set({ estatus: 'inactivo' })
        .where('email', '=', 'visitador14@socioeconomico.mx')
        .execute();
      const after = (await ctx.request({ url: '/api/users/regions_available' }, 'Supervisor')).json().regions;
      expect(after).not.toContain('Yucatán');
      await ctx.db
        .updateTable('usuarios')
        .set({ estatus: 'activo' })
        .where('email', '=', 'visitador14@socioeconomico.mx')
        .execute();
    });
  });

  describe('statistics from asignaciones', () => {
    const day = 24 * 60 * 60 * 1000;
    let statsVisitor: number;
    let idleVisitor: number;
    let oldWorkVisitor: number;
    let recentUndoneVisitor: number;

    beforeAll(async () => {
      statsVisitor = await userIdByEmail(ctx.db, 'visitador10@socioeconomico.mx');
      idleVisitor = await userIdByEmail(ctx.db, 'visitador11@socioeconomico.mx');
      oldWorkVisitor = await userIdByEmail(ctx.db, 'visitador12@socioeconomico.mx');
      recentUndoneVisitor = await userIdByEmail(ctx.db, 'visitador13@socioeconomico.mx');
      const now = Date.now();
      // [visitor, estatus, assigned days ago, completed days ago]
      const rows: Array<[number, string, number, number | null]> = [
        [statsVisitor, 'completada', 10, 8], // 2 days
        [statsVisitor, 'completada', 20, 16], // 4 days
        [statsVisitor, 'completada', 40, 38], // old assignment, completed 38 days ago: outside both windows
        [statsVisitor, 'asignada', 5, null],
        [statsVisitor, 'agendada', 3, null],
        [statsVisitor, 'cancelada', 2, null],
        // Only old work, and a recent assignment that was cancelled: nothing to measure in 30 days.
        [oldWorkVisitor, 'completada', 45, 40],
        [oldWorkVisitor, 'asignada', 35, null],
        [oldWorkVisitor, 'cancelada', 4, null],
        // Recent work with nothing completed yet: a real 0 %.
        [recentUndoneVisitor, 'asignada', 6, null],
      ];
      let n = 0;
      for (const [visitor, estatus, assignedAgo, completedAgo] of rows) {
        n += 1;
        const folio = `STATS-${kind}-${n}`;
        const { id_folio } = await ctx.db
          .insertInto('folios')
          .values({ folio, id_estado: 15, estado: 'México', direccion: 'Calle 1' })
          .returning('id_folio')
          .executeTakeFirstOrThrow();
        await ctx.db
          .insertInto('asignaciones')
          .values({
            folio,
            id_folio,
            id_usuario: visitor,
            id_estado: 15,
            estado: 'México',
            direccion: 'Calle 1',
            estatus,
            fecha_asignacion: new Date(now - assignedAgo * day),
            fecha_completada: completedAgo === null ? null : new Date(now - completedAgo * day),
          })
          .execute();
      }
    });

    it('competitiviness_stats computes each active visitor from their assignments', async () => {
      const res = await ctx.request({ url: '/api/users/competitiviness_stats' }, 'Supervisor');
      expect(res.statusCode).toBe(200);
      const rows = res.json() as Array<Record<string, unknown>>;
      expect(rows.length).toBe(
        (await allUsers()).filter((u) => u.rol === 'Visitador' && u.estatus === 'Activo').length,
      );
      const row = rows.find((r) => r.id === statsVisitor);
      // All time: 5 not cancelled, 3 completed. Last 30 days: 4 assigned (not cancelled), 2 completed → 50 %.
      // Completed in the last 30 days took 2 and 4 days → 3.
      expect(row).toEqual({
        id: statsVisitor,
        name: 'Miguel Ángel Pérez Luna',
        avatar: null,
        assignments: 5,
        studiesCompleted: 3,
        averageResponseDays: 3,
        completionPercentage: 50,
      });
    });

    it('competitiviness_stats gives a null completion (not 0) to a visitor without assignments in 30 days', async () => {
      const rows = (
        await ctx.request({ url: '/api/users/competitiviness_stats' }, 'Administrador')
      ).json() as Array<Record<string, unknown>>;
      // No assignments at all.
      expect(rows.find((r) => r.id === idleVisitor)).toMatchObject({
        assignments: 0,
        studiesCompleted: 0,
        averageResponseDays: null,
        completionPercentage: null,
      });
      // Only work older than 30 days (plus a cancelled recent one): still nothing to measure.
      expect(rows.find((r) => r.id === oldWorkVisitor)).toMatchObject({
        assignments: 2,
        studiesCompleted: 1,
        averageResponseDays: null,
        completionPercentage: null,
      });
      // Some assignments in the last 30 days, none completed: a number, 0.
      expect(rows.find((r) => r.id === recentUndoneVisitor)).toMatchObject({
        assignments: 1,
        studiesCompleted: 0,
        completionPercentage: 0,
      });
      // And the visitor with completed recent work: 50.
      expect(rows.find((r) => r.id === statsVisitor)?.completionPercentage).toBe(50);
      // Without demo operations, the other visitors have no assignments: all null.
      const others = rows.filter((r) => ![statsVisitor, recentUndoneVisitor].includes(r.id as number));
      expect(others.length).toBeGreaterThan(0);
      expect(others.every((r) => r.completionPercentage === null)).toBe(true);
    });

    it('percentage_completion_last_30_days uses the assignments of the last 30 days', async () => {
      const res = await ctx.request(
        { url: '/api/users/percentage_completion_last_30_days' },
        'Administrador',
      );
      expect(res.statusCode).toBe(200);
      const expected = await sql<{ total: number; done: number }>`
        SELECT count(*) FILTER (WHERE estatus <> 'cancelada')::int AS total,
               count(*) FILTER (WHERE estatus = 'completada')::int AS done
        FROM asignaciones WHERE fecha_asignacion >= now() - interval '30 days'`.execute(ctx.db);
      const { total, done } = expected.rows[0]!;
      expect(total).toBeGreaterThan(0);
      expect(res.json()).toEqual({ percentage_completion: Math.round((1000 * done) / total) / 10 });
      // Only this suite's rows exist (no demo operations): 2 of 5 not cancelled in the last 30 days
      // (visitador10: 4, of them 2 completed; visitador13: 1; visitador12: only a cancelled one).
      expect(res.json().percentage_completion).toBe(40);
    });
  });

  describe('all_users answered from memory while the list is unchanged (0007)', () => {
    const version = async () =>
      Number(
        (
          await sql<{
            v: string;
          }>`SELECT version AS v FROM versiones_datos WHERE nombre = 'usuarios'`.execute(ctx.db)
        ).rows[0]?.v,
      );
    const nameOf = async (email: string) => (await allUsers()).find((u) => u.email === email)?.name;

    it('shows a change written straight to the database, and its region renamed', async () => {
      const email = 'visitador2@socioeconomico.mx';
      const before = await nameOf(email);
      await sql`UPDATE usuarios SET nombres = 'Renombrada' WHERE email = ${email}`.execute(ctx.db);
      expect(await nameOf(email)).toMatch(/^Renombrada /);
      await sql`UPDATE usuarios SET nombres = ${before?.split(' ')[0] ?? ''} WHERE email = ${email}`.execute(
        ctx.db,
      );

      const region = (await allUsers()).find((u) => u.email === email)?.region ?? '';
      await sql`UPDATE estados SET estado = 'Región de prueba' WHERE estado = ${region}`.execute(ctx.db);
      try {
        expect((await allUsers()).find((u) => u.email === email)?.region).toBe('Región de prueba');
      } finally {
        await sql`UPDATE estados SET estado = ${region} WHERE estado = 'Región de prueba'`.execute(ctx.db);
      }
      expect((await allUsers()).find((u) => u.email === email)?.region).toBe(region);
    });

    it('moves the version once per committed transaction, not on a rollback nor on reads', async () => {
      await allUsers();
      const v0 = await version();
      await allUsers();
      expect(await version()).toBe(v0);
      await ctx.db.transaction().execute(async (trx) => {
        await sql`UPDATE usuarios SET updated_at = now() WHERE rol = 'visitador'`.execute(trx);
        await sql`UPDATE usuarios SET updated_at = now() WHERE rol = 'supervisor'`.execute(trx);
      });
      expect(await version()).toBe(v0 + 1);
      await expect(
        ctx.db.transaction().execute(async (trx) => {
          await sql`UPDATE usuarios SET nombres = 'Nunca' WHERE rol = 'visitador'`.execute(trx);
          throw new Error('rollback');
        }),
      ).rejects.toThrow('rollback');
      expect(await version()).toBe(v0 + 1);
      expect((await allUsers()).some((u) => u.nombres === 'Nunca')).toBe(false);
    });

    it('a user created or edited through the API is in the next list', async () => {
      await allUsers();
      const res = await create(
        newUser({ username: 'Cache Nueva', role: 'Administrador', email: 'cache.nueva@example.mx' }),
      );
      expect(res.statusCode).toBe(201);
      const created = (await allUsers()).find((u) => u.email === 'cache.nueva@example.mx');
      expect(created?.username).toBe('cachenueva');
      expect((await edit(created!.id_usuario, editBody(created!, { nombres: 'Editada' }))).statusCode).toBe(
        200,
      );
      expect((await allUsers()).find((u) => u.id_usuario === created!.id_usuario)?.nombres).toBe('Editada');
    });
  });
});

describe.runIf(process.env.TEST_PG_URL)('all_users on two servers on one PostgreSQL', () => {
  const servers = useTwoServers({ demoOperations: false });

  it('a user edited on one server is in the next list of the other server', async () => {
    const headers = await servers.ctx.authHeaders('Administrador');
    const listOn = async (app: FastifyInstance): Promise<UsuarioDTO[]> =>
      (await app.inject({ url: '/api/users/all_users', headers })).json().usuarios;
    const email = 'visitador5@socioeconomico.mx';
    const before = (await listOn(servers.app2)).find((u) => u.email === email)!;
    const res = await servers.ctx.request(
      {
        method: 'PUT',
        url: `/api/users/edit_user/${before.id_usuario}`,
        payload: {
          nombres: 'Otro Nombre',
          apellido_paterno: before.apellido_paterno,
          apellido_materno: before.apellido_materno,
          email: before.email,
          role: before.rol,
          supervisor: before.supervisor,
          status: 'Inactivo',
        },
      },
      'Administrador',
    );
    expect(res.statusCode).toBe(200);
    expect((await listOn(servers.app2)).find((u) => u.email === email)).toMatchObject({
      nombres: 'Otro Nombre',
      estatus: 'Inactivo',
    });
  });
});
