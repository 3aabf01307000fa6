import { createFakeCatalogosPort } from '../catalogos/catalogos.fake';
import { createFakeUsersPort } from './users.fake';
import { usersPortScenarios } from './users.scenarios';

// The same scenarios run on the real API in apps/backoffice/src/adapters/http/users.http.test.ts.
const fake = createFakeUsersPort();
const catalogos = createFakeCatalogosPort();
usersPortScenarios(
  () => fake,
  () => catalogos,
);
