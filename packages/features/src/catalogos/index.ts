export type { CatalogosCallOptions, CatalogosPort } from './catalogos.port';
export { catalogosKeys, useClientes, useEstados } from './use-catalogos';
