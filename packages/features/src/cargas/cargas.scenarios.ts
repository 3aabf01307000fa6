/**
 * The behaviour every `CargasPort` shows, written once and run against both implementations: the in-memory
 * fake (`cargas.fake.test.ts`) and the HTTP adapter on the real API (`apps/backoffice/src/adapters/http/
 * cargas.http.test.ts`), signed in as staff. When they disagree the server is right and the fake is fixed.
 *
 * Scenarios only use what they read through the port (the active visitors, assignments they create) and
 * give every folio they create a name of their own, so they run on any seeded data.
 */
import {
  type ActiveVisitor,
  type Assignment,
  CARGAS_MESSAGES,
  type ManualAssignmentRequest,
} from '@socio/contracts';
import { describe, expect, it } from 'vitest';
import { failure } from '../testing/port-scenarios';
import type { CargasPort } from './cargas.port';

let made = 0;
/** A folio no other scenario run uses. */
function newFolio(): string {
  made += 1;
  return `ESC-${made}-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
}

function manual(visitor: ActiveVisitor, folio: string, overrides: Partial<ManualAssignmentRequest> = {}) {
  return {
    loadType: 'TEC_MTY',
    visitor_id: visitor.id_usuario,
    folio,
    nombre_alumno: 'Ana López',
    campus_ingreso: 'Monterrey',
    correo_alumno: 'ana@example.mx',
    tel1: '81 1234 5678',
    estado: visitor.region ?? undefined,
    ...overrides,
  } satisfies ManualAssignmentRequest;
}

/** Two active visitors of one state, and one of another state. */
async function visitors(port: CargasPort) {
  const all = (await port.activeVisitors()).filter((v) => v.region !== null);
  for (const first of all) {
    const same = all.find((v) => v.region === first.region && v.id_usuario !== first.id_usuario);
    const other = all.find((v) => v.region !== first.region);
    if (same && other) return { first, same, other };
  }
  throw new Error('sin dos visitadores de un estado y uno de otro');
}

async function assignmentOf(port: CargasPort, id: number): Promise<Assignment | undefined> {
  const page = await port.activeAssignments({
    page: 1,
    page_size: 100,
    sort_by: 'fecha_asignacion',
    sort_order: 'desc',
  });
  return page.assignments.find((a) => a.id_asignacion === id);
}

/** Registers the scenarios; `port()` gives the implementation under test, as staff. */
export function cargasPortScenarios(port: () => CargasPort): void {
  describe('CargasPort scenarios', () => {
    it('a manual assignment is listed first, asignada, with its visitor and state, and counted', async () => {
      const { first } = await visitors(port());
      const before = await port().stats();
      const folio = newFolio();
      const { id_asignacion } = await port().saveManual(manual(first, folio));
      expect(await assignmentOf(port(), id_asignacion)).toMatchObject({
        folio,
        id_usuario: first.id_usuario,
        visitador: first.name,
        estado: first.region,
        estatus: 'asignada',
        fecha_agendada: null,
        fecha_completada: null,
        id_carga: null,
      });
      const after = await port().stats();
      expect(after.total - before.total).toBe(1);
      expect(after.asignada - before.asignada).toBe(1);
    });

    it('refuses a second open assignment of a folio (409), an unknown visitor and an unknown state (422)', async () => {
      const { first } = await visitors(port());
      const folio = newFolio();
      await port().saveManual(manual(first, folio));
      expect(await failure(port().saveManual(manual(first, folio)))).toEqual({
        status: 409,
        detail: CARGAS_MESSAGES.openAssignment(folio),
      });
      expect(await failure(port().saveManual(manual(first, newFolio(), { visitor_id: 987_654 })))).toEqual({
        status: 422,
        detail: CARGAS_MESSAGES.invalidVisitor('987654'),
      });
      expect(await failure(port().saveManual(manual(first, newFolio(), { estado: 'Atlantis' })))).toEqual({
        status: 422,
        detail: CARGAS_MESSAGES.unknownState('Atlantis'),
      });
      // A blank state is no state (the form sends '' for a field it leaves empty).
      await expect(port().saveManual(manual(first, newFolio(), { estado: ' ' }))).resolves.toHaveProperty(
        'id_asignacion',
      );
    });

    it('moves an assignment asignada → agendada → completada, dating each step; no way back (409)', async () => {
      const { first } = await visitors(port());
      const { id_asignacion } = await port().saveManual(manual(first, newFolio()));
      const agendada = await port().changeStatus(id_asignacion, 'agendada');
      expect(agendada).toMatchObject({ id_asignacion, estatus: 'agendada', fecha_completada: null });
      expect(agendada.fecha_agendada).not.toBeNull();
      const completada = await port().changeStatus(id_asignacion, 'completada');
      expect(completada).toMatchObject({ id_asignacion, estatus: 'completada' });
      expect(completada.fecha_completada).not.toBeNull();
      expect(await failure(port().changeStatus(id_asignacion, 'asignada'))).toEqual({
        status: 409,
        detail: CARGAS_MESSAGES.transition('completada', 'asignada'),
      });
      expect(await failure(port().changeStatus(987_654, 'agendada'))).toEqual({
        status: 404,
        detail: CARGAS_MESSAGES.assignmentNotFound,
      });
    });

    it('reassigns an open assignment within its state only, to another visitor, never a closed one', async () => {
      const { first, same, other } = await visitors(port());
      const { id_asignacion } = await port().saveManual(manual(first, newFolio()));
      const moved = await port().reassign(id_asignacion, same.id_usuario);
      expect(moved).toMatchObject({ id_asignacion, id_usuario: same.id_usuario, visitador: same.name });
      expect(await failure(port().reassign(id_asignacion, same.id_usuario))).toEqual({
        status: 409,
        detail: CARGAS_MESSAGES.reassignSameVisitor,
      });
      expect(await failure(port().reassign(id_asignacion, other.id_usuario))).toEqual({
        status: 422,
        detail: CARGAS_MESSAGES.reassignOtherState(first.region!),
      });
      await port().changeStatus(id_asignacion, 'cancelada');
      expect(await failure(port().reassign(id_asignacion, first.id_usuario))).toEqual({
        status: 409,
        detail: CARGAS_MESSAGES.reassignClosed('cancelada'),
      });
    });

    it('saves a file sent in parts once confirmed (a part sent again counts once); a discarded lote is gone (404)', async () => {
      const { first, other } = await visitors(port());
      const row = (visitor: ActiveVisitor, i: number) => {
        const folio = newFolio();
        return {
          row_index: i + 2,
          Folio: folio,
          id_folio: folio,
          Calle: `Calle ${i}`,
          Colonia: 'Centro',
          Ciudad: 'Ciudad',
          Estado: visitor.region,
          'Codigo Postal': '64000',
          Tel1: '8112345678',
          visitor_id: visitor.id_usuario,
          state_of_folio: visitor.region ?? '',
          state_of_visitor: visitor.region,
          address_complete_folio: `Calle ${i}, Centro, Ciudad`,
        };
      };
      const before = await port().stats();
      const { id } = await port().openSave({ fileName: 'partes.xlsx', loadType: 'TEC_MTY' });
      expect(await port().savePart(id, 0, [row(first, 0), row(other, 1)])).toEqual({ received: 2 });
      const last = [row(first, 2)];
      expect(await port().savePart(id, 1, last)).toEqual({ received: 3 });
      expect(await port().savePart(id, 1, last)).toEqual({ received: 3 });
      expect(await port().confirmSave(id)).toMatchObject({
        success: true,
        message: CARGAS_MESSAGES.saved(3),
        recordsProcessed: 3,
        recordsFailed: 0,
      });
      expect((await port().stats()).total - before.total).toBe(3);
      expect(await failure(port().confirmSave(id))).toEqual({
        status: 404,
        detail: CARGAS_MESSAGES.loteNotFound,
      });

      // Confirmed with the rows the wizard expects: another count is refused and the lote kept.
      const early = await port().openSave({ fileName: 'temprana.xlsx', loadType: 'TEC_MTY' });
      await port().savePart(early.id, 0, [row(first, 0)]);
      expect(
        await failure(port().confirmSave(early.id, { file: { validCount: 2, invalidCount: 1 } })),
      ).toEqual({
        status: 422,
        detail: CARGAS_MESSAGES.loteRowsMismatch(2, 1),
      });
      expect(await port().confirmSave(early.id, { file: { validCount: 1, invalidCount: 1 } })).toMatchObject({
        recordsProcessed: 1,
      });
      expect((await port().stats()).total - before.total).toBe(4);

      const dropped = await port().openSave({ fileName: 'descartada.xlsx', loadType: 'TEC_MTY' });
      await port().savePart(dropped.id, 0, [row(first, 0)]);
      await port().discardSave(dropped.id);
      expect(await failure(port().confirmSave(dropped.id))).toEqual({
        status: 404,
        detail: CARGAS_MESSAGES.loteNotFound,
      });
      expect((await port().stats()).total - before.total).toBe(4);
    });
  });
}
