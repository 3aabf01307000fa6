import { reportesPortScenarios } from '../../../../../packages/features/src/reportes/reportes.scenarios';
import { createHttpCatalogosPort } from './catalogos';
import { startRealApi } from './real-api.test-util';
import { createHttpReportesPort } from './reportes';

// The same scenarios run on the fake in packages/features/src/reportes/reportes.fake.test.ts.
// Node has no XMLHttpRequest: uploads go through fetch (no upload progress, which the scenarios do not read).
const api = startRealApi('Administrador');
reportesPortScenarios(
  () => createHttpReportesPort(api().http, { uploadTransport: () => fetch }),
  () => createHttpCatalogosPort(api().http),
);
