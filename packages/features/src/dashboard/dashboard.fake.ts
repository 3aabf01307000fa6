/** In-memory dashboard port for stories and tests. */
import { fakeDelay } from '../testing/fake-delay';
import type { DashboardPort } from './dashboard.port';
import type { DashboardResumen, SemanaPunto } from './dashboard.wire';

function weeks(totals: number[]): SemanaPunto[] {
  // Eight Mondays ending on 2026-03-02, oldest first.
  const last = Date.UTC(2026, 2, 2);
  return totals.map((total, index) => ({
    semana_inicio: new Date(last - (totals.length - 1 - index) * 7 * 86_400_000).toISOString().slice(0, 10),
    total,
  }));
}

/** A whole operation: three clients, 8 weeks of activity, two years. */
export const demoResumen: DashboardResumen = {
  indicadores: {
    estudios_activos: 148,
    completados_semana: 37,
    nuevas_semana: 42,
    porcentaje_completado_30d: 71.4,
  },
  por_cliente: [
    { cliente: 'Tec de Monterrey', activos: 86 },
    { cliente: 'UANL', activos: 39 },
    { cliente: 'UDEM', activos: 23 },
  ],
  semanal_completados: weeks([22, 31, 28, 35, 30, 41, 33, 37]),
  semanal_nuevas: weeks([40, 36, 45, 38, 50, 44, 39, 42]),
  anual: [
    { anio: 2026, recibidos: 412, asignados: 389, completados: 251, cancelados: 12 },
    { anio: 2025, recibidos: 1630, asignados: 1602, completados: 1544, cancelados: 58 },
  ],
};

/** What one Visitador sees: only their own assignments. */
export const visitadorResumen: DashboardResumen = {
  indicadores: {
    estudios_activos: 7,
    completados_semana: 3,
    nuevas_semana: 4,
    porcentaje_completado_30d: 82.5,
  },
  por_cliente: [
    { cliente: 'Tec de Monterrey', activos: 5 },
    { cliente: 'UANL', activos: 2 },
  ],
  semanal_completados: weeks([1, 2, 0, 3, 2, 4, 1, 3]),
  semanal_nuevas: weeks([2, 3, 1, 4, 3, 2, 5, 4]),
  anual: [
    { anio: 2026, recibidos: 21, asignados: 21, completados: 14, cancelados: 1 },
    { anio: 2025, recibidos: 88, asignados: 88, completados: 85, cancelados: 3 },
  ],
};

/** A fresh database: nothing happened yet. */
export const emptyResumen: DashboardResumen = {
  indicadores: { estudios_activos: 0, completados_semana: 0, nuevas_semana: 0, porcentaje_completado_30d: 0 },
  por_cliente: [],
  semanal_completados: weeks([0, 0, 0, 0, 0, 0, 0, 0]),
  semanal_nuevas: weeks([0, 0, 0, 0, 0, 0, 0, 0]),
  anual: [
    { anio: 2026, recibidos: 0, asignados: 0, completados: 0, cancelados: 0 },
    { anio: 2025, recibidos: 0, asignados: 0, completados: 0, cancelados: 0 },
  ],
};

export function createFakeDashboardPort(
  seed: DashboardResumen = demoResumen,
  { delay = 0 }: { delay?: number } = {},
): DashboardPort {
  return {
    async resumen(o) {
      await fakeDelay(delay, o?.signal);
      return structuredClone(seed);
    },
  };
}

/** A port whose every method throws 'no implementado' unless overridden. */
export function stubDashboardPort(overrides: Partial<DashboardPort> = {}): DashboardPort {
  return {
    resumen: () => Promise.reject(new Error('no implementado: dashboard.resumen')),
    ...overrides,
  };
}
