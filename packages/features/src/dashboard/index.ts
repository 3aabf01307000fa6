export {
  type ChartPoint,
  clientPoints,
  isEmptyResumen,
  weekLabel,
  weeklyPoints,
  yDomain,
} from './dashboard.model';
export type { DashboardPort, DashboardResumen, ResumenAnual, SemanaPunto } from './dashboard.port';
export { DashboardScreen, type DashboardScreenProps } from './dashboard-screen';
export { dashboardMessages } from './messages.es';
