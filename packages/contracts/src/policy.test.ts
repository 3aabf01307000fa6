import { describe, expect, it } from 'vitest';
import type { AsignacionEstatus } from './cargas';
import { allowedTransitions, can, canMoveTo, ownAssignmentsOnly, POLICY, type PolicyAction } from './policy';
import { ROLES, type Rol } from './roles';

/**
 * The policy written out by hand, row by row (Administrador, Supervisor, Visitador), so a change to POLICY
 * must be made twice on purpose: here and in policy.ts.
 */
const EXPECTED: Record<PolicyAction, [boolean, boolean, boolean]> = {
  'usuarios.gestionar': [true, false, false],
  'usuarios.ver': [true, true, false],
  'clientes.gestionar': [true, false, false],
  'reportes.gestionar': [true, true, false],
  'cargas.gestionar': [true, true, false],
  'asignaciones.reasignar': [true, true, false],
  'asignaciones.agendar': [true, true, true],
  'asignaciones.completar': [true, true, true],
  'asignaciones.cancelar': [true, true, false],
  'tablero.ver_todo': [true, true, false],
};

const TRANSITIONS_BY_ROLE: Record<Rol, Record<AsignacionEstatus, AsignacionEstatus[]>> = {
  Administrador: {
    asignada: ['agendada', 'cancelada'],
    agendada: ['completada', 'cancelada'],
    completada: [],
    cancelada: [],
  },
  Supervisor: {
    asignada: ['agendada', 'cancelada'],
    agendada: ['completada', 'cancelada'],
    completada: [],
    cancelada: [],
  },
  Visitador: { asignada: ['agendada'], agendada: ['completada'], completada: [], cancelada: [] },
};

describe('policy', () => {
  it('every action has a hand-written row and no row is left over', () => {
    expect(Object.keys(POLICY).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(Object.entries(EXPECTED))('%s: Administrador, Supervisor, Visitador', (action, expected) => {
    expect(ROLES.map((rol) => can(rol, action as PolicyAction))).toEqual(expected);
  });

  it.each(ROLES)('allowedTransitions(%s, from)', (rol) => {
    for (const [from, to] of Object.entries(TRANSITIONS_BY_ROLE[rol])) {
      expect(allowedTransitions(rol, from as AsignacionEstatus), `${rol} ${from}`).toEqual(to);
    }
  });

  it('a Visitador may never cancel nor reopen; only a Visitador works only their own assignments', () => {
    expect(canMoveTo('Visitador', 'cancelada')).toBe(false);
    expect(ROLES.filter(ownAssignmentsOnly)).toEqual(['Visitador']);
  });
});
