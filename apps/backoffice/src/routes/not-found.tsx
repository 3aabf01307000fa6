import { APP_PATHS } from '@socio/contracts';
import { NotFoundScreen } from '@socio/features/shell';
import { buttonVariants } from '@socio/ui';
import { Link } from 'react-router';

/** Any address that matches no page: 'Página no encontrada' with a link to '/' (login or the shell). */
export function Component() {
  return (
    <NotFoundScreen
      renderBackLink={(label) => (
        <Link to={APP_PATHS.root} className={buttonVariants()}>
          {label}
        </Link>
      )}
    />
  );
}
