import { createFakeCatalogosPort } from './catalogos.fake';
import { catalogosPortScenarios } from './catalogos.scenarios';

// The same scenarios run on the real API in apps/backoffice/src/adapters/http/catalogos.http.test.ts.
const fake = createFakeCatalogosPort();
catalogosPortScenarios(() => fake);
