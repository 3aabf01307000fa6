/**
 * The behaviour every `UsersPort` shows, written once and run against both implementations: the in-memory
 * fake (`users.fake.test.ts`) and the HTTP adapter on the real API (`apps/backoffice/src/adapters/http/
 * users.http.test.ts`). When they disagree the server is right and the fake is fixed, so stories cannot show
 * what the product never does.
 *
 * Scenarios only use what they read through the ports (supervisors, users they create, the catalogue's estados), never a
 * seed's ids or names, and give every user they create a name of its own, so they run on any seeded data.
 */
import { USER_MESSAGES } from '@socio/contracts';
import { describe, expect, it } from 'vitest';
import type { CatalogosPort } from '../catalogos/catalogos.port';
import { failure } from '../testing/port-scenarios';
import type { UsersPort } from './users.port';
import type { NewUserRequest, UsuarioDTO } from './users.wire';

let created = 0;
/** A lowercase tag no other scenario run uses. */
function tag(): string {
  created += 1;
  return `esc${created}${Math.random().toString(36).slice(2, 8)}`;
}

function newVisitor(id: string, overrides: Partial<NewUserRequest> = {}): NewUserRequest {
  return {
    nombres: 'Ana',
    apellido_paterno: 'Prueba',
    apellido_materno: 'Escenario',
    username: id.toUpperCase(),
    email: `${id.toUpperCase()}@Example.com`,
    password: 'Secreta2026!',
    role: 'Visitador',
    supervisor: null,
    estado: null,
    status: 'Activo',
    avatar: '',
    ...overrides,
  };
}

async function create(port: UsersPort, body: NewUserRequest): Promise<UsuarioDTO> {
  const { usuario } = await port.createUser(body);
  if (!usuario) throw new Error('sin usuario en la respuesta');
  return usuario;
}

/**
 * Registers the scenarios; `port()` gives the implementation under test (called inside each test) and
 * `catalogos()` the catalogue of the same world (the states a user's region comes from; their own scenarios
 * are in `catalogos.scenarios.ts`).
 */
export function usersPortScenarios(port: () => UsersPort, catalogos: () => CatalogosPort): void {
  describe('UsersPort scenarios', () => {
    it('creates a visitor: username and e-mail normalised, name, supervisor and region derived, listed', async () => {
      const [supervisor] = await port().supervisors();
      if (!supervisor) throw new Error('sin supervisores activos');
      const jalisco = (await catalogos().estados()).find((e) => e.estado === 'Jalisco')!;
      const id = tag();
      const usuario = await create(
        port(),
        newVisitor(id, { supervisor: supervisor.id, estado: jalisco.id_estado }),
      );
      expect(usuario).toMatchObject({
        username: id,
        nombres: 'Ana',
        apellido_paterno: 'Prueba',
        apellido_materno: 'Escenario',
        name: 'Ana Prueba Escenario',
        email: `${id}@example.com`,
        rol: 'Visitador',
        supervisor: supervisor.id,
        supervisor_nombre: supervisor.name,
        estatus: 'Activo',
        estado: jalisco.id_estado,
        region: 'Jalisco',
      });
      expect((await port().allUsers()).find((u) => u.id_usuario === usuario.id_usuario)).toEqual(usuario);
    });

    it('keeps a supervisor only for a Visitador', async () => {
      const [supervisor] = await port().supervisors();
      if (!supervisor) throw new Error('sin supervisores activos');
      const id = tag();
      const boss = await create(port(), newVisitor(id, { role: 'Supervisor', supervisor: supervisor.id }));
      expect(boss).toMatchObject({ rol: 'Supervisor', supervisor: null, supervisor_nombre: null });
      const { usuario } = await port().editUser(boss.id_usuario, {
        nombres: 'Ana',
        apellido_paterno: 'Prueba',
        apellido_materno: 'Escenario',
        email: boss.email,
        role: 'Administrador',
        supervisor: supervisor.id,
        status: 'Activo',
      });
      expect(usuario).toMatchObject({ rol: 'Administrador', supervisor: null, supervisor_nombre: null });
    });

    it('says a username is taken once used, whatever its case and spaces', async () => {
      const id = tag();
      expect(await port().checkUsername(id)).toEqual({ username: id, available: true });
      await create(port(), newVisitor(id));
      expect(await port().checkUsername(` ${id.toUpperCase()} `)).toEqual({ username: id, available: false });
    });

    it('refuses a second user with a taken username or e-mail (409)', async () => {
      const id = tag();
      await create(port(), newVisitor(id));
      const other = tag();
      expect(await failure(port().createUser(newVisitor(id, { email: `${other}@example.com` })))).toEqual({
        status: 409,
        detail: USER_MESSAGES.usernameTaken,
      });
      expect(await failure(port().createUser(newVisitor(other, { email: `${id}@EXAMPLE.com` })))).toEqual({
        status: 409,
        detail: USER_MESSAGES.emailTaken,
      });
    });

    it('refuses a supervisor that is not an active Supervisor, and a state that does not exist (422)', async () => {
      const visitor = await create(port(), newVisitor(tag()));
      expect(await failure(port().createUser(newVisitor(tag(), { supervisor: visitor.id_usuario })))).toEqual(
        {
          status: 422,
          detail: USER_MESSAGES.invalidSupervisor,
        },
      );
      expect(await failure(port().createUser(newVisitor(tag(), { estado: 99 })))).toEqual({
        status: 422,
        detail: USER_MESSAGES.invalidEstado,
      });
    });

    it('edits a user: profile replaced, an inactive supervisor leaves the supervisors list', async () => {
      const id = tag();
      const user = await create(port(), newVisitor(id));
      const promoted = await port().editUser(user.id_usuario, {
        nombres: 'Beatriz',
        apellido_paterno: 'Editada',
        apellido_materno: 'Escenario',
        email: `${id}.nuevo@EXAMPLE.com`,
        role: 'Supervisor',
        supervisor: null,
        status: 'Activo',
      });
      expect(promoted.usuario).toMatchObject({
        id_usuario: user.id_usuario,
        username: id,
        name: 'Beatriz Editada Escenario',
        email: `${id}.nuevo@example.com`,
        rol: 'Supervisor',
        estatus: 'Activo',
      });
      expect(await port().supervisors()).toContainEqual({
        id: user.id_usuario,
        name: 'Beatriz Editada Escenario',
      });

      await port().editUser(user.id_usuario, {
        nombres: 'Beatriz',
        apellido_paterno: 'Editada',
        apellido_materno: 'Escenario',
        email: `${id}.nuevo@example.com`,
        role: 'Supervisor',
        supervisor: null,
        status: 'Inactivo',
      });
      expect((await port().supervisors()).map((s) => s.id)).not.toContain(user.id_usuario);
    });

    it('refuses editing an unknown user (404), a taken e-mail (409) and a user as its own supervisor (422)', async () => {
      const first = await create(port(), newVisitor(tag()));
      const second = await create(port(), newVisitor(tag()));
      const edit = (supervisor: number | null, email: string) => ({
        nombres: 'Ana',
        apellido_paterno: 'Prueba',
        apellido_materno: 'Escenario',
        email,
        role: 'Visitador' as const,
        supervisor,
        status: 'Activo' as const,
      });
      expect(await failure(port().editUser(987_654, edit(null, `${tag()}@example.com`)))).toEqual({
        status: 404,
        detail: USER_MESSAGES.notFound,
      });
      expect(
        await failure(port().editUser(second.id_usuario, edit(null, first.email.toUpperCase()))),
      ).toEqual({
        status: 409,
        detail: USER_MESSAGES.emailTaken,
      });
      expect(
        await failure(port().editUser(second.id_usuario, edit(second.id_usuario, second.email))),
      ).toEqual({
        status: 422,
        detail: USER_MESSAGES.selfSupervisor,
      });
    });
  });
}
