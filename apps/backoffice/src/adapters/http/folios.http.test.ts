import { foliosPortScenarios } from '../../../../../packages/features/src/folios/folios.scenarios';
import { createHttpFoliosPort } from './folios';
import { startRealApi } from './real-api.test-util';

// The same scenarios run on the fake in packages/features/src/folios/folios.fake.test.ts.
const api = startRealApi('Supervisor');
foliosPortScenarios(() => createHttpFoliosPort(api().http));
