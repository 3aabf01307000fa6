/**
 * What the folio lookups (the ficha del folio and the top-bar suggestions) need from outside. The app injects
 * the HTTP adapter (`apps/backoffice/src/adapters/http/folios.ts`); stories inject `createFakeFoliosPort`.
 */
import type { FolioFicha, FolioSuggestion } from '@socio/contracts';

export interface FoliosCallOptions {
  signal?: AbortSignal;
}

export interface FoliosPort {
  /** `GET /folios/sugerencias?q=`: up to 8 folios starting with `prefix` (any client). */
  suggest(prefix: string, o?: FoliosCallOptions): Promise<FolioSuggestion[]>;
  /** `GET /folios/{folio}`: the folio's whole life (404 when unknown or, for a Visitador, not theirs). */
  ficha(folio: string, o?: FoliosCallOptions): Promise<FolioFicha>;
}
