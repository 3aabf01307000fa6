import { cargasPortScenarios } from '../../../../../packages/features/src/cargas/cargas.scenarios';
import { createHttpCargasPort } from './cargas';
import { startRealApi } from './real-api.test-util';

// The same scenarios run on the fake in packages/features/src/cargas/cargas.fake.test.ts.
const api = startRealApi('Supervisor');
cargasPortScenarios(() => createHttpCargasPort(api().http));
