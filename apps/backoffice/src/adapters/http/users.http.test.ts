import { usersPortScenarios } from '../../../../../packages/features/src/users/users.scenarios';
import { createHttpCatalogosPort } from './catalogos';
import { startRealApi } from './real-api.test-util';
import { createHttpUsersPort } from './users';

// The same scenarios run on the fake in packages/features/src/users/users.fake.test.ts.
const api = startRealApi('Administrador');
usersPortScenarios(
  () => createHttpUsersPort(api().http),
  () => createHttpCatalogosPort(api().http),
);
