import { createFakeFoliosPort } from './folios.fake';
import { foliosPortScenarios } from './folios.scenarios';

// The same scenarios run on the real API in apps/backoffice/src/adapters/http/folios.http.test.ts.
const fake = createFakeFoliosPort();
foliosPortScenarios(() => fake);
