/**
 * Deterministic sample rows for DataTable and Pager stories (no randomness between runs).
 * They look like the back-office's assignments, but the design system does not depend on them.
 */
export interface SampleRow {
  id: string;
  /** 'Fila 1', 'Fila 2', … in creation order. */
  nombre: string;
  folio: string;
  visitador: string | null;
  estado: string;
  direccion: string | null;
  estatus: 'asignada' | 'agendada' | 'completada' | 'cancelada';
  /** ISO date (aaaa-mm-dd). */
  fecha: string;
  monto: number;
}

const ESTADOS = ['Nuevo León', 'Jalisco', 'Ciudad de México', 'Coahuila', 'Puebla', 'Yucatán', 'Querétaro'];
const CALLES = ['Av. Juárez', 'Calle Hidalgo', 'Av. Constitución', 'Calle Morelos', 'Blvd. Díaz Ordaz'];
const VISITADORES = ['vis.garcia', 'vis.lopez', 'vis.martinez', 'vis.hernandez', null];
const ESTATUS: SampleRow['estatus'][] = ['asignada', 'agendada', 'completada', 'cancelada'];

/** Small deterministic pseudo-random sequence (LCG), so every run shows the same rows. */
function sequence(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function pick<T>(items: readonly T[], next: () => number): T {
  return items[Math.floor(next() * items.length)] as T;
}

/** `count` sample rows; row `i` (1-based) is named `Fila i` and has id `R-i`. */
export function makeSampleRows(count: number, seed = 7): SampleRow[] {
  const next = sequence(seed);
  const base = Date.UTC(2025, 0, 1);
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    const day = new Date(base + Math.floor(next() * 365) * 86_400_000);
    const withAddress = next() > 0.15;
    return {
      id: `R-${n}`,
      nombre: `Fila ${n}`,
      folio: `RES-${String(10_000 + n).padStart(8, '0')}`,
      visitador: pick(VISITADORES, next),
      estado: pick(ESTADOS, next),
      direccion: withAddress ? `${pick(CALLES, next)} ${Math.floor(next() * 900) + 100}` : null,
      estatus: pick(ESTATUS, next),
      fecha: day.toISOString().slice(0, 10),
      monto: Math.round(next() * 5_000_000) / 100,
    };
  });
}
