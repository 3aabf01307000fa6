import { createFakeCatalogosPort } from '../catalogos/catalogos.fake';
import { createFakeClientesPort } from './clientes.fake';
import { clientesPortScenarios } from './clientes.scenarios';

// The same scenarios run on the real API in apps/backoffice/src/adapters/http/clientes.http.test.ts.
const fake = createFakeClientesPort();
const catalogos = createFakeCatalogosPort();
clientesPortScenarios(
  () => fake,
  () => catalogos,
);
