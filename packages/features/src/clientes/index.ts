export { sameList } from './clientes.model';
export type { ClientesCallOptions, ClientesPort } from './clientes.port';
export { ClientesScreen } from './clientes-screen';
export { clientesMessages } from './messages.es';
export { clientesKeys } from './use-clientes';
