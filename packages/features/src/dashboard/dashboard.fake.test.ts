import { createFakeDashboardPort } from './dashboard.fake';
import { dashboardPortScenarios } from './dashboard.scenarios';

// The same scenarios run on the real API in apps/backoffice/src/adapters/http/dashboard.http.test.ts.
const fake = createFakeDashboardPort();
dashboardPortScenarios(() => fake);
