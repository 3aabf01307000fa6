/**
 * In-memory catalogues port for stories and tests (exported only from `@socio/features/testing`), with the
 * data the API's migrations insert. The users and reportes fakes check their requests against the same data.
 * `stubCatalogosPort` throws for every method not overridden.
 */
import { type Cliente, ESTADOS_MX, type Estado } from '@socio/contracts';
import { fakeDelay as wait } from '../testing/fake-delay';
import type { CatalogosPort } from './catalogos.port';

/** The 32 states as the API serves them: `id_estado` is the INEGI key (the order of `ESTADOS_MX`). */
export const demoEstados: Estado[] = ESTADOS_MX.map((e) => ({
  id_estado: Number(e.clave),
  estado: e.estado,
}));

/** The clients the API's first migration inserts. */
export const demoClientes: Cliente[] = [
  { id_cliente: 1, nombre: 'Tec de Monterrey' },
  { id_cliente: 2, nombre: 'UANL' },
  { id_cliente: 3, nombre: 'UDEM' },
];

export interface CatalogosSeed {
  estados?: Estado[];
  clientes?: Cliente[];
}

export interface FakeCatalogosOptions {
  /** Milliseconds every call waits (default 0). */
  delay?: number;
}

export function createFakeCatalogosPort(
  seed: CatalogosSeed = {},
  { delay = 0 }: FakeCatalogosOptions = {},
): CatalogosPort {
  const estados = structuredClone(seed.estados ?? demoEstados);
  const clientes = structuredClone(seed.clientes ?? demoClientes);
  return {
    async estados(o) {
      await wait(delay, o?.signal);
      return structuredClone(estados);
    },
    async clientes(o) {
      await wait(delay, o?.signal);
      return structuredClone(clientes);
    },
  };
}

/** A port whose every method rejects with 'no implementado' unless overridden. */
export function stubCatalogosPort(overrides: Partial<CatalogosPort> = {}): CatalogosPort {
  const missing = (name: string) => () => Promise.reject(new Error(`no implementado: catalogos.${name}`));
  return { estados: missing('estados'), clientes: missing('clientes'), ...overrides };
}
