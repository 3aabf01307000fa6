import { ComingSoon } from '@socio/features/shell';
import { appMessages } from '../messages.es';

/** /socioeconomico/cargas — every role (a Visitador sees their own assignments). Screen: a later issue. */
export function Component() {
  return <ComingSoon section={appMessages.cargas} />;
}
