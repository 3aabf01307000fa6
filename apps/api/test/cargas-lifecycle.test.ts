/**
 * The assignment lifecycle beyond staff: a Visitador schedules and completes only their own assignments, and
 * staff reassign an open assignment to another active Visitador of its state (one at a time, audited).
 * Also: malformed manual assignments and spreadsheet cells get a 4xx with a Spanish detail, never a 500.
 */
import type { Assignment } from '@socio/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestContext,
  dbKinds,
  manualAssignmentPayload,
  type TestContext,
  userIdByEmail,
} from './helpers';

describe.each(dbKinds())('assignment lifecycle (%s)', (kind) => {
  let ctx: TestContext;
  /** id_usuario of visitador1…visitador20 (7, 8 and 9 work in Ciudad de México; 1 in Nuevo León). */
  const visitador: Record<number, number> = {};
  const as = (n: number) => `visitador${n}@socioeconomico.mx`;

  beforeAll(async () => {
    ctx = await createTestContext(kind, { demoOperations: false });
    for (let n = 1; n <= 20; n++) visitador[n] = await userIdByEmail(ctx.db, as(n));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  let folioCount = 0;
  /** A new open assignment of Ciudad de México for `visitorNumber` (7 by default); its id. */
  const newAssignment = async (visitorNumber = 7, overrides: Record<string, unknown> = {}) => {
    folioCount += 1;
    const folio = `L-${folioCount}`;
    const res = await ctx.request(
      {
        method: 'POST',
        url: '/api/cargas/save_manual_assignment',
        payload: manual({ folio, visitor_id: visitador[visitorNumber], ...overrides }),
      },
      'Supervisor',
    );
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id_asignacion: number }).id_asignacion;
  };
  const patch = (id: number, estatus: string, who: string) =>
    ctx.request({ method: 'PATCH', url: `/api/cargas/asignaciones/${id}`, payload: { estatus } }, who);
  const reassign = (id: number, visitorId: unknown, who = 'Supervisor') =>
    ctx.request(
      { method: 'PUT', url: `/api/cargas/asignaciones/${id}/visitador`, payload: { visitor_id: visitorId } },
      who,
    );
  const auditOf = async (id: number, action: string) =>
    (
      await ctx.db
        .selectFrom('audit_log')
        .select(['change', 'actor_id'])
        .where('action', '=', action)
        .where('target_id', '=', String(id))
        .orderBy('id')
        .execute()
    ).map((r) => r.change);

  describe('PATCH asignaciones/{id} as a Visitador', () => {
    it('schedules and completes their own assignment', async () => {
      const id = await newAssignment(7);
      const scheduled = await patch(id, 'agendada', as(7));
      expect(scheduled.statusCode, scheduled.body).toBe(200);
      expect((scheduled.json() as { asignacion: Assignment }).asignacion.estatus).toBe('agendada');
      const completed = await patch(id, 'completada', as(7));
      expect(completed.statusCode, completed.body).toBe(200);
      expect((completed.json() as { asignacion: Assignment }).asignacion.estatus).toBe('completada');
      expect(await auditOf(id, 'asignacion.estatus')).toEqual([
        { estatus: { from: 'asignada', to: 'agendada' } },
        { estatus: { from: 'agendada', to: 'completada' } },
      ]);
    });

    it("refuses someone else's assignment (403) and changes nothing", async () => {
      const id = await newAssignment(8);
      const res = await patch(id, 'agendada', as(7));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        detail: 'Solo puedes cambiar tus propias asignaciones',
        code: 'not_your_assignment',
      });
      const row = await ctx.db
        .selectFrom('asignaciones')
        .select('estatus')
        .where('id_asignacion', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.estatus).toBe('asignada');
    });

    it('refuses cancelling, even their own (403); staff still cancel', async () => {
      const id = await newAssignment(7);
      const res = await patch(id, 'cancelada', as(7));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        detail: 'Un visitador solo puede agendar o completar sus asignaciones',
        code: 'visitor_transition',
      });
      expect((await patch(id, 'cancelada', 'Supervisor')).statusCode).toBe(200);
    });

    it('still follows the transitions (409) and answers 404 for an unknown id', async () => {
      const id = await newAssignment(7);
      const res = await patch(id, 'completada', as(7));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        detail: 'Transición no permitida: de "asignada" a "completada"',
        code: 'transition_not_allowed',
      });
      const missing = await patch(999_999, 'agendada', as(7));
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Asignación no encontrada', code: 'assignment_not_found' });
    });

    it('needs a token (401)', async () => {
      const res = await ctx.request({
        method: 'PATCH',
        url: '/api/cargas/asignaciones/1',
        payload: { estatus: 'agendada' },
      });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ detail: 'No autenticado', code: 'not_authenticated' });
    });
  });

  describe('PUT asignaciones/{id}/visitador', () => {
    it('gives an open assignment to another active visitor of its state, audited', async () => {
      const id = await newAssignment(7);
      const res = await reassign(id, visitador[8]);
      expect(res.statusCode, res.body).toBe(200);
      const { asignacion } = res.json() as { asignacion: Assignment };
      expect(asignacion).toMatchObject({
        id_asignacion: id,
        id_usuario: visitador[8],
        visitador: 'Ricardo Sánchez Morales',
        estatus: 'asignada',
      });
      expect(await auditOf(id, 'asignacion.reasignar')).toEqual([
        { id_usuario: { from: visitador[7], to: visitador[8] } },
      ]);
      // The statistics follow the assignment to its new visitor.
      const stats8 = (await ctx.request({ url: '/api/cargas/assignment_stats' }, as(8))).json();
      const rows8 = await ctx.db
        .selectFrom('asignaciones')
        .select('id_asignacion')
        .where('id_usuario', '=', visitador[8]!)
        .execute();
      expect(stats8.total).toBe(rows8.length);
      // A scheduled assignment may move too, and keeps its status.
      expect((await patch(id, 'agendada', as(8))).statusCode).toBe(200);
      const again = await reassign(id, visitador[9], 'Administrador');
      expect(again.statusCode, again.body).toBe(200);
      expect((again.json() as { asignacion: Assignment }).asignacion).toMatchObject({
        id_usuario: visitador[9],
        estatus: 'agendada',
      });
    });

    it('refuses a closed assignment or the same visitor (409)', async () => {
      const id = await newAssignment(7);
      const same = await reassign(id, visitador[7]);
      expect(same.statusCode).toBe(409);
      expect(same.json()).toEqual({
        detail: 'La asignación ya pertenece a ese visitador',
        code: 'same_visitor',
      });
      expect((await patch(id, 'cancelada', 'Supervisor')).statusCode).toBe(200);
      const closed = await reassign(id, visitador[8]);
      expect(closed.statusCode).toBe(409);
      expect(closed.json()).toEqual({
        detail: 'Solo se puede reasignar una asignación abierta (asignada o agendada); esta está "cancelada"',
        code: 'assignment_closed',
      });
    });

    it('refuses a visitor of another state, an inactive one or someone who is not a Visitador (422)', async () => {
      const id = await newAssignment(7);
      const otherState = await reassign(id, visitador[1]);
      expect(otherState.statusCode).toBe(422);
      expect(otherState.json()).toEqual({
        detail: 'El visitador debe ser del estado de la asignación (Ciudad de México)',
        code: 'visitor_other_state',
      });
      const adminId = await userIdByEmail(ctx.db, 'admin@socioeconomico.mx');
      const notVisitor = await reassign(id, adminId);
      expect(notVisitor.statusCode).toBe(422);
      expect(notVisitor.json()).toEqual({
        detail: `El visitador "${adminId}" no es un Visitador activo`,
        code: 'invalid_visitor',
      });
      await ctx.db
        .updateTable('usuarios')
        .set({ estatus: 'inactivo' })
        .where('id_usuario', '=', visitador[9]!)
        .execute();
      try {
        const inactive = await reassign(id, visitador[9]);
        expect(inactive.statusCode).toBe(422);
        expect(inactive.json()).toEqual({
          detail: `El visitador "${visitador[9]}" no es un Visitador activo`,
          code: 'invalid_visitor',
        });
      } finally {
        await ctx.db
          .updateTable('usuarios')
          .set({ estatus: 'activo' })
          .where('id_usuario', '=', visitador[9]!)
          .execute();
      }
      const row = await ctx.db
        .selectFrom('asignaciones')
        .select('id_usuario')
        .where('id_asignacion', '=', id)
        .executeTakeFirstOrThrow();
      expect(row.id_usuario).toBe(visitador[7]);
    });

    it('answers 404 for an unknown id and 422 for a bad body or id, with Spanish details', async () => {
      const missing = await reassign(999_999, visitador[8]);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ detail: 'Asignación no encontrada', code: 'assignment_not_found' });
      for (const bad of [undefined, null, '', 'x', -1, 1.5, { id: 1 }, [1, 2]]) {
        const res = await reassign(1, bad);
        expect(res.statusCode, JSON.stringify(bad)).toBe(422);
        expect(res.json().detail[0]).toMatchObject({
          loc: ['body', 'visitor_id'],
          msg: 'Debe seleccionar un visitador',
        });
      }
      const badId = await ctx.request(
        {
          method: 'PUT',
          url: '/api/cargas/asignaciones/abc/visitador',
          payload: { visitor_id: visitador[8] },
        },
        'Supervisor',
      );
      expect(badId.statusCode).toBe(422);
      expect(badId.json().detail[0].loc).toEqual(['path', 'id']);
    });

    it('is for staff: 401 without a token, 403 for a Visitador', async () => {
      const id = await newAssignment(7);
      const anon = await ctx.request({
        method: 'PUT',
        url: `/api/cargas/asignaciones/${id}/visitador`,
        payload: { visitor_id: visitador[8] },
      });
      expect(anon.statusCode).toBe(401);
      const visitor = await reassign(id, visitador[8], as(7));
      expect(visitor.statusCode).toBe(403);
      expect(visitor.json()).toEqual({
        detail: 'No tienes permiso para realizar esta acción',
        code: 'forbidden',
      });
    });

    it('two concurrent reassignments and a cancellation never interleave', async () => {
      for (let round = 0; round < 3; round++) {
        const id = await newAssignment(7);
        const [a, b, c] = await Promise.all([
          reassign(id, visitador[8]),
          reassign(id, visitador[9], 'Administrador'),
          patch(id, 'cancelada', 'Administrador'),
        ]);
        for (const res of [a, b, c]) expect([200, 409], res.body).toContain(res.statusCode);
        const row = await ctx.db
          .selectFrom('asignaciones')
          .select(['id_usuario', 'estatus'])
          .where('id_asignacion', '=', id)
          .executeTakeFirstOrThrow();
        // What the audit log says happened is exactly the final row.
        const moves = (await auditOf(id, 'asignacion.reasignar')) as Array<{
          id_usuario: { from: number; to: number };
        }>;
        let owner = visitador[7];
        for (const m of moves) {
          expect(m.id_usuario.from).toBe(owner);
          owner = m.id_usuario.to;
        }
        expect(row.id_usuario).toBe(owner);
        const stats = await ctx.db
          .selectFrom('asignacion_conteos')
          .select(['id_usuario', 'estatus', 'total'])
          .where('id_usuario', 'in', [visitador[7]!, visitador[8]!, visitador[9]!])
          .execute();
        for (const s of stats) {
          const real = await ctx.db
            .selectFrom('asignaciones')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('id_usuario', '=', s.id_usuario)
            .where('estatus', '=', s.estatus)
            .executeTakeFirstOrThrow();
          expect(Number(s.total)).toBe(Number(real.n));
        }
      }
    });
  });

  describe('malformed input gets a 4xx with a Spanish detail, never a 500', () => {
    it('a bad manual assignment payload', async () => {
      const payloads: unknown[] = [
        {},
        [],
        'texto',
        manual({ folio: { a: 1 } }),
        manual({ folio: ['x'] }),
        manual({ visitor_id: { id: 1 } }),
        manual({ dia_agendo_crm: '2026-13-45' }),
        manual({ tel1: { numero: 1 } }),
        manual({ nombre_alumno: 'x'.repeat(600) }),
        manual({ estado: ['Jalisco'] }),
        manual({ folio: 'M-ñ', estado: 'Atlantis', state_of_folio: 'Atlantis' }),
        manual({ folio: 'M-big', visitor_id: 2_147_483_648 }),
      ];
      for (const payload of payloads) {
        const res = await ctx.request(
          { method: 'POST', url: '/api/cargas/save_manual_assignment', payload: payload as object },
          'Supervisor',
        );
        expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body).toBeLessThan(500);
        const { detail } = res.json() as { detail: string | Array<{ msg: string }> };
        const texts = typeof detail === 'string' ? [detail] : detail.map((d) => d.msg);
        expect(texts.length).toBeGreaterThan(0);
        for (const text of texts) expect(text, text).toMatch(SPANISH);
      }
    });

    it('an object or array cell in process_carga', async () => {
      const rows = [
        { row_index: 2, Folio: { a: 1 }, Estado: 'Jalisco' },
        { row_index: 3, Folio: 'C-1', Estado: ['Jalisco'], Calle: { x: [1, 2] } },
        { row_index: 4, Folio: ['C-2'], 'Codigo Postal': { cp: 1 } },
      ];
      const res = await ctx.request(
        { method: 'POST', url: '/api/cargas/process_carga', payload: { rows, loadType: 'TEC_MTY' } },
        'Supervisor',
      );
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      const { detail } = res.json() as { detail: string | Array<{ msg: string }> };
      const texts = typeof detail === 'string' ? [detail] : detail.map((d) => d.msg);
      for (const text of texts) expect(text, text).toMatch(SPANISH);
    });
  });

  function manual(overrides: Record<string, unknown> = {}) {
    return manualAssignmentPayload(visitador[7], overrides);
  }
});

/** Spanish text: not an English library message ("Invalid input", "Expected string, received object"). */
const SPANISH = /^(?!.*\b(Invalid|Expected|received|Required|must be|should)\b).*[a-záéíóúñ]/i;
