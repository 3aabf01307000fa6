/** Pure helpers of the dashboard: labels, axis domains, emptiness. No React, no I/O. */
import type { DashboardResumen, SemanaPunto } from './dashboard.wire';

export interface ChartPoint {
  label: string;
  value: number;
}

/** 'YYYY-MM-DD' → 'dd/mm' (es-MX), read as a calendar date so no time zone can shift it. */
export function weekLabel(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  return `${match[3]}/${match[2]}`;
}

export function weeklyPoints(weeks: readonly SemanaPunto[]): ChartPoint[] {
  return weeks.map((w) => ({ label: weekLabel(w.semana_inicio), value: w.total }));
}

/** Chart y axes run from 0 to at least 100, growing when a value is larger. */
export function yDomain(values: readonly number[]): [number, number] {
  return [0, Math.max(100, ...values.filter(Number.isFinite))];
}

export function clientPoints(resumen: DashboardResumen): ChartPoint[] {
  return resumen.por_cliente
    .filter((c) => c.activos > 0)
    .map((c) => ({ label: c.cliente, value: c.activos }));
}

/** True when the database has nothing to show yet (fresh install): every number is zero. */
export function isEmptyResumen(resumen: DashboardResumen): boolean {
  const { indicadores: i } = resumen;
  const numbers = [
    i.estudios_activos,
    i.completados_semana,
    i.nuevas_semana,
    i.porcentaje_completado_30d,
    ...resumen.por_cliente.map((c) => c.activos),
    ...resumen.semanal_completados.map((w) => w.total),
    ...resumen.semanal_nuevas.map((w) => w.total),
    ...resumen.anual.flatMap((y) => [y.recibidos, y.asignados, y.completados, y.cancelados]),
  ];
  return numbers.every((n) => n === 0);
}

const integer = new Intl.NumberFormat('es-MX');
const percent = new Intl.NumberFormat('es-MX', { maximumFractionDigits: 1 });

export function formatCount(value: number): string {
  return integer.format(value);
}

export function formatPercent(value: number): string {
  return `${percent.format(value)}%`;
}
