/** In-memory FoliosPort for stories and tests (fenced behind `@socio/features/testing`). */
import {
  FOLIO_SUGGEST_LIMIT,
  FOLIOS_MESSAGES,
  type FolioFicha,
  type FolioSuggestion,
} from '@socio/contracts';
import { ApiError } from '../errors';
import { fakeDelay as wait } from '../testing/fake-delay';
import type { FoliosPort } from './folios.port';

/** A folio saved from a spreadsheet, assigned, scheduled, with a report sent by e-mail. */
export const demoFicha: FolioFicha = {
  datos: {
    folio: 'TEC-2026-00412',
    cliente: 'Tec de Monterrey',
    producto: 'TEC DE MTY',
    nombre_alumno: 'Mariana López Garza',
    campus_ingreso: 'Monterrey',
    correo_alumno: 'mariana.lopez@example.mx',
    tel1: '8112345678',
    tel2: null,
    tel3: null,
    tel4: null,
    nombre_padre: 'Jorge López',
    correo_padre: null,
    nombre_madre: 'Laura Garza',
    correo_madre: null,
    direccion: 'Av. Juárez 120, Centro, Monterrey, Nuevo León, CP 64000',
    estado: 'Nuevo León',
    codigo_postal: '64000',
    creado: '2026-03-02T16:00:00.000Z',
  },
  asignaciones: [
    {
      id_asignacion: 731,
      id_usuario: 14,
      visitador: 'Carlos Treviño Salinas',
      estatus: 'agendada',
      fecha_asignacion: '2026-03-02T16:00:00.000Z',
      fecha_agendada: '2026-03-04T15:30:00.000Z',
      fecha_completada: null,
      fecha_cancelada: null,
    },
  ],
  historial: [
    {
      id_asignacion: 731,
      fecha: '2026-03-02T16:00:00.000Z',
      accion: 'asignada',
      estatus: 'asignada',
      por: 'Sofía Ramírez',
      visitador: 'Carlos Treviño Salinas',
    },
    {
      id_asignacion: 731,
      fecha: '2026-03-04T15:30:00.000Z',
      accion: 'estatus',
      estatus: 'agendada',
      por: 'Carlos Treviño Salinas',
      visitador: null,
    },
  ],
  reportes: [
    { id_reporte: 55, cliente: 'Tec de Monterrey', estatus: 'Enviado', fecha_recibido: '2026-03-10' },
  ],
  entregas: [
    {
      id_entrega: 9,
      id_reporte: 55,
      estado: 'entregado',
      destinatarios: ['admisiones@example.mx'],
      creado: '2026-03-11T17:00:00.000Z',
      entregado: '2026-03-11T17:00:05.000Z',
    },
  ],
};

export interface FoliosSeed {
  fichas?: FolioFicha[];
}

export function createFakeFoliosPort(seed: FoliosSeed = {}, { delay = 0 } = {}): FoliosPort {
  const fichas = structuredClone(seed.fichas ?? [demoFicha]);
  return {
    async suggest(prefix, o) {
      await wait(delay, o?.signal);
      const p = prefix.trim().toUpperCase();
      return fichas
        .filter((f) => f.datos.folio.toUpperCase().startsWith(p))
        .sort((a, b) => a.datos.folio.localeCompare(b.datos.folio))
        .slice(0, FOLIO_SUGGEST_LIMIT)
        .map(
          (f): FolioSuggestion => ({
            folio: f.datos.folio,
            cliente: f.datos.cliente,
            estatus: f.asignaciones.at(-1)?.estatus ?? null,
          }),
        );
    },
    async ficha(folio, o) {
      await wait(delay, o?.signal);
      const found = fichas.find((f) => f.datos.folio.toUpperCase() === folio.toUpperCase());
      if (!found) throw new ApiError(404, FOLIOS_MESSAGES.notFound(folio), 'folio_not_found');
      return structuredClone(found);
    },
  };
}

/** A port whose calls not overridden throw 'no implementado'. */
export function stubFoliosPort(overrides: Partial<FoliosPort> = {}): FoliosPort {
  const missing = (name: string) => () => Promise.reject(new Error(`FoliosPort.${name}: no implementado`));
  return { suggest: missing('suggest'), ficha: missing('ficha'), ...overrides };
}
