import { describe, expect, it } from 'vitest';
import { demoResumen, emptyResumen } from '../testing';
import {
  clientPoints,
  formatPercent,
  isEmptyResumen,
  weekLabel,
  weeklyPoints,
  yDomain,
} from './dashboard.model';

describe('dashboard model', () => {
  it('labels a week as dd/mm without a time-zone shift', () => {
    expect(weekLabel('2026-03-02')).toBe('02/03');
    expect(weekLabel('2025-12-29')).toBe('29/12');
  });

  it('keeps the 8 weeks oldest first', () => {
    const points = weeklyPoints(demoResumen.semanal_completados);
    expect(points).toHaveLength(8);
    expect(points[0]).toEqual({ label: '12/01', value: 22 });
    expect(points[7]).toEqual({ label: '02/03', value: 37 });
  });

  it('the y axis runs from 0 to at least 100', () => {
    expect(yDomain([3, 7])).toEqual([0, 100]);
    expect(yDomain([])).toEqual([0, 100]);
    expect(yDomain([40, 250])).toEqual([0, 250]);
  });

  it('the doughnut leaves out clients without active studies', () => {
    const points = clientPoints({
      ...demoResumen,
      por_cliente: [...demoResumen.por_cliente, { cliente: 'Otro', activos: 0 }],
    });
    expect(points.map((p) => p.label)).toEqual(['Tec de Monterrey', 'UANL', 'UDEM']);
  });

  it('detects a database without data yet', () => {
    expect(isEmptyResumen(emptyResumen)).toBe(true);
    expect(isEmptyResumen(demoResumen)).toBe(false);
    expect(
      isEmptyResumen({
        ...emptyResumen,
        anual: [{ anio: 2026, recibidos: 1, asignados: 0, completados: 0, cancelados: 0 }],
      }),
    ).toBe(false);
  });

  it('formats a percentage in es-MX', () => {
    expect(formatPercent(71.44)).toBe('71.4%');
    expect(formatPercent(100)).toBe('100%');
  });
});
