import { ComingSoon } from '@socio/features/shell';
import { appMessages } from '../messages.es';
import { RoleGuard } from './role-guard';

/** /socioeconomico/reportes — Administrador and Supervisor. The screen arrives with issue 5. */
export function Component() {
  return (
    <RoleGuard roles={['Administrador', 'Supervisor']}>
      <ComingSoon section={appMessages.reportes} />
    </RoleGuard>
  );
}
