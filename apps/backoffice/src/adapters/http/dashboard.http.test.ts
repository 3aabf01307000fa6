import { dashboardPortScenarios } from '../../../../../packages/features/src/dashboard/dashboard.scenarios';
import { createHttpDashboardPort } from './dashboard';
import { startRealApi } from './real-api.test-util';

// The same scenarios run on the fake in packages/features/src/dashboard/dashboard.fake.test.ts.
const api = startRealApi('Administrador');
dashboardPortScenarios(() => createHttpDashboardPort(api().http));
