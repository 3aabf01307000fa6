/**
 * The shape every `DashboardPort` summary keeps, written once and run against both implementations: the
 * in-memory fake (`dashboard.fake.test.ts`) and the HTTP adapter on the real API (`apps/backoffice/src/adapters/
 * http/dashboard.http.test.ts`). The numbers differ (the fake's are seeded); the rules that tie them do not.
 */
import { DASHBOARD_WEEKS } from '@socio/contracts';
import { describe, expect, it } from 'vitest';
import type { DashboardPort } from './dashboard.port';

const DAY_MS = 86_400_000;

/** Registers the scenarios; `port()` gives the implementation under test (called inside each test). */
export function dashboardPortScenarios(port: () => DashboardPort): void {
  describe('DashboardPort scenarios', () => {
    it('two weekly series of the same consecutive Mondays, oldest first; this week is the last one', async () => {
      const r = await port().resumen();
      expect(r.semanal_completados).toHaveLength(DASHBOARD_WEEKS);
      expect(r.semanal_nuevas.map((w) => w.semana_inicio)).toEqual(
        r.semanal_completados.map((w) => w.semana_inicio),
      );
      const days = r.semanal_completados.map((w) => Date.parse(`${w.semana_inicio}T00:00:00Z`));
      for (const day of days) expect(new Date(day).getUTCDay()).toBe(1);
      for (let i = 1; i < days.length; i += 1) expect((days[i] ?? 0) - (days[i - 1] ?? 0)).toBe(7 * DAY_MS);
      expect(r.indicadores.completados_semana).toBe(r.semanal_completados.at(-1)?.total);
      expect(r.indicadores.nuevas_semana).toBe(r.semanal_nuevas.at(-1)?.total);
    });

    it('open studies add up by client; the 30-day completion is a percentage', async () => {
      const { indicadores, por_cliente } = await port().resumen();
      expect(por_cliente.reduce((sum, c) => sum + c.activos, 0)).toBe(indicadores.estudios_activos);
      expect(indicadores.porcentaje_completado_30d).toBeGreaterThanOrEqual(0);
      expect(indicadores.porcentaje_completado_30d).toBeLessThanOrEqual(100);
    });

    it('this year and the one before, each received ≥ assigned ≥ completed + cancelled', async () => {
      const { anual } = await port().resumen();
      expect(anual).toHaveLength(2);
      const [este, anterior] = anual;
      expect((este?.anio ?? 0) - (anterior?.anio ?? 0)).toBe(1);
      for (const y of anual) {
        expect(y.recibidos).toBeGreaterThanOrEqual(y.asignados);
        expect(y.asignados).toBeGreaterThanOrEqual(y.completados + y.cancelados);
      }
    });
  });
}
