import { apiRoutes } from '@socio/contracts';
import type { CatalogosPort } from '@socio/features/catalogos';
import type { HttpClient } from './client';

const { catalogos } = apiRoutes;

/** CatalogosPort over the API (`apiRoutes.catalogos`). */
export function createHttpCatalogosPort(http: HttpClient): CatalogosPort {
  return {
    estados: (o) => http.call(catalogos.estados, { signal: o?.signal }),
    clientes: (o) => http.call(catalogos.clientes, { signal: o?.signal }),
  };
}
