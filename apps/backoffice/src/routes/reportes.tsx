import { ComingSoon, shellMessages } from '@socio/features/shell';
import { RoleGuard } from './role-guard';

/** /socioeconomico/reportes — Administrador and Supervisor. The screen arrives with issue 5. */
export function Component() {
  return (
    <RoleGuard roles={['Administrador', 'Supervisor']}>
      <ComingSoon section={shellMessages.nav.reportes} />
    </RoleGuard>
  );
}
