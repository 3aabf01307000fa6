import type { DashboardResumen } from '@socio/contracts';
import { NetworkError } from '@socio/features/errors';
import { describe, expect, it } from 'vitest';
import { createHttpDashboardPort } from './dashboard';
import { createFakeHttp } from './fake-http.test-util';

const resumen: DashboardResumen = {
  indicadores: {
    estudios_activos: 5,
    completados_semana: 1,
    nuevas_semana: 2,
    porcentaje_completado_30d: 50,
  },
  por_cliente: [{ cliente: 'UANL', activos: 5 }],
  semanal_completados: [{ semana_inicio: '2026-03-02', total: 1 }],
  semanal_nuevas: [{ semana_inicio: '2026-03-02', total: 2 }],
  anual: [{ anio: 2026, recibidos: 7, asignados: 7, completados: 2, cancelados: 0 }],
};

describe('createHttpDashboardPort', () => {
  it('reads GET /dashboard/resumen with the abort signal', async () => {
    const { http, calls } = createFakeHttp(() => resumen);
    const signal = new AbortController().signal;
    await expect(createHttpDashboardPort(http).resumen({ signal })).resolves.toEqual(resumen);
    expect(calls).toEqual([{ method: 'GET', path: '/dashboard/resumen', init: { signal } }]);
  });

  it('propagates a network failure', async () => {
    const { http } = createFakeHttp(() => Promise.reject(new NetworkError()));
    await expect(createHttpDashboardPort(http).resumen()).rejects.toBeInstanceOf(NetworkError);
  });
});
