import { createFakeCatalogosPort } from '../catalogos/catalogos.fake';
import { createFakeReportesPort } from './reportes.fake';
import { reportesPortScenarios } from './reportes.scenarios';

// The same scenarios run on the real API in apps/backoffice/src/adapters/http/reportes.http.test.ts.
const fake = createFakeReportesPort();
const catalogos = createFakeCatalogosPort();
reportesPortScenarios(
  () => fake,
  () => catalogos,
);
