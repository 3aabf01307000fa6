import { apiRoutes } from '@socio/contracts';
import type { FoliosPort } from '@socio/features/folios';
import type { HttpClient } from './client';

const { folios } = apiRoutes;

/** FoliosPort over the API (`apiRoutes.folios`). */
export function createHttpFoliosPort(http: HttpClient): FoliosPort {
  return {
    suggest: async (prefix, o) =>
      (await http.call(folios.suggest, { query: { q: prefix }, signal: o?.signal })).folios,
    ficha: (folio, o) => http.call(folios.ficha, { params: { folio }, signal: o?.signal }),
  };
}
