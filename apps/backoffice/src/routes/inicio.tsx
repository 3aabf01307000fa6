import { DashboardScreen } from '@socio/features/dashboard';

/** /socioeconomico/inicio */
export function Component() {
  return <DashboardScreen />;
}
