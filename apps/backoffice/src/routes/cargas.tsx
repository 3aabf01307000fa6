import { appMessages } from '../messages.es';
import { ComingSoon } from '@socio/features/shell';

/** /socioeconomico/cargas — every role (a Visitador sees their own assignments). Screen: a later issue. */
export function Component() {
  return <ComingSoon section={appMessages.cargas} />;
}
