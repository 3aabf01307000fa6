export { FolioFichaScreen, type FolioFichaScreenProps } from './folio-ficha-screen';
export type { FoliosCallOptions, FoliosPort } from './folios.port';
export { foliosMessages } from './messages.es';
export { foliosKeys, useFolioFicha, useFolioSuggestions } from './use-folios';
