/**
 * The read-only catalogues every feature shares: the 32 states and the clients. One port, so the users form,
 * the manual assignment form and the reportes screen read them through one call each (and one cache entry).
 * The app injects the HTTP adapter (`apps/backoffice/src/adapters/http/catalogos.ts`); stories and tests inject
 * the in-memory fake from `@socio/features/testing`.
 */
import type { Cliente, Estado } from '@socio/contracts';

export interface CatalogosCallOptions {
  signal?: AbortSignal;
}

export interface CatalogosPort {
  /** `GET /catalogos/estados` → the 32 states, `id_estado` being the INEGI key. */
  estados(o?: CatalogosCallOptions): Promise<Estado[]>;
  /** `GET /catalogos/clientes` → the clients, by id. */
  clientes(o?: CatalogosCallOptions): Promise<Cliente[]>;
}
