import { ClientesScreen } from '@socio/features/clientes';
import { RoleGuard } from './role-guard';

/** /socioeconomico/clientes — the report recipients of each client; Administrador only. */
export function Component() {
  return (
    <RoleGuard screen="clientes">
      <ClientesScreen />
    </RoleGuard>
  );
}
