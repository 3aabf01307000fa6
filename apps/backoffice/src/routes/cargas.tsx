import { ComingSoon, shellMessages } from '@socio/features/shell';

/** /socioeconomico/cargas — every role (a Visitador sees their own assignments). Screen: a later issue. */
export function Component() {
  return <ComingSoon section={shellMessages.nav.cargas} />;
}
