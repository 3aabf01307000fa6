import { catalogosPortScenarios } from '../../../../../packages/features/src/catalogos/catalogos.scenarios';
import { createHttpCatalogosPort } from './catalogos';
import { startRealApi } from './real-api.test-util';

// The same scenarios run on the fake in packages/features/src/catalogos/catalogos.fake.test.ts.
const api = startRealApi('Visitador');
catalogosPortScenarios(() => createHttpCatalogosPort(api().http));
