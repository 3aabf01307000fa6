/**
 * `@socio/features/testing`: in-memory fakes of every port and the providers a story or test needs.
 * Stories and tests import fakes from here; the production barrels export none.
 */

export { makeSamplePdf, type SamplePdfOptions } from '@socio/contracts/testing';
export {
  createFakeAuthPort,
  demoAccounts,
  type FakeAccount,
  type FakeAuthSeed,
  stubAuthPort,
} from '../auth/auth.fake';
export { createMemorySessionStore, createTestSessionController } from '../auth/session.fake';
export {
  createFakeSpreadsheetParser,
  DEMO_HEADERS,
  type DemoSheetOptions,
  demoSheet,
  type FakeSpreadsheetOptions,
  type FakeSpreadsheetParser,
} from '../cargas/bulk-load/bulk-load.fake';
export {
  type CargasFakeOptions,
  type CargasSeed,
  createFakeCargasPort,
  demoAssignments,
  demoVisitors,
  stubCargasPort,
} from '../cargas/cargas.fake';
export {
  type CatalogosSeed,
  createFakeCatalogosPort,
  demoClientes,
  demoEstados,
  type FakeCatalogosOptions,
  stubCatalogosPort,
} from '../catalogos/catalogos.fake';
export {
  createFakeClientesPort,
  demoClientesDestinatarios,
  stubClientesPort,
} from '../clientes/clientes.fake';
export {
  createFakeDashboardPort,
  demoResumen,
  emptyResumen,
  stubDashboardPort,
  visitadorResumen,
} from '../dashboard/dashboard.fake';
export {
  createFakeFoliosPort,
  demoFicha,
  type FoliosSeed,
  stubFoliosPort,
} from '../folios/folios.fake';
export {
  createFakeReportesPort,
  demoEntrega,
  demoReporte,
  demoReportes,
  type FakeReportesOptions,
  type ReportesSeed,
  stubReportesPort,
} from '../reportes/reportes.fake';
export {
  createFakeUsersPort,
  demoCompetitiveness,
  demoIdleVisitorStats,
  demoUsers,
  stubUsersPort,
  type UsersSeed,
} from '../users/users.fake';
export { fakeDelay } from './fake-delay';
export { type Held, held } from './held';
export { failingFirst, invalidResponse, offline, pending } from './port-results';
export { FeatureProviders, type FeatureProvidersProps } from './story-providers';
export { atViewport, besideNavRail, isInView, type StoryViewport, tableFit } from './viewports';
