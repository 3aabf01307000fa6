import { clientesPortScenarios } from '../../../../../packages/features/src/clientes/clientes.scenarios';
import { createHttpCatalogosPort } from './catalogos';
import { createHttpClientesPort } from './clientes';
import { startRealApi } from './real-api.test-util';

// The same scenarios run on the fake in packages/features/src/clientes/clientes.fake.test.ts.
const api = startRealApi('Administrador');
clientesPortScenarios(
  () => createHttpClientesPort(api().http),
  () => createHttpCatalogosPort(api().http),
);
