export { FolioFichaScreen, type FolioFichaScreenProps } from './folio-ficha-screen';
export {
  FOLIO_SUGGEST_DEBOUNCE_MS,
  FolioSearch,
  type FolioSearchProps,
  FolioSuggestionsList,
  type FolioSuggestionsListProps,
} from './folio-search';
export type { FoliosCallOptions, FoliosPort } from './folios.port';
export { foliosMessages } from './messages.es';
export { foliosKeys, useFolioFicha, useFolioSuggestions } from './use-folios';
