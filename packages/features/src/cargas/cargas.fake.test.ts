import { createFakeCargasPort } from './cargas.fake';
import { cargasPortScenarios } from './cargas.scenarios';

// The same scenarios run on the real API in apps/backoffice/src/adapters/http/cargas.http.test.ts.
const fake = createFakeCargasPort();
cargasPortScenarios(() => fake);
