import { RouterErrorScreen } from '@socio/features/shell';
import { isRouteErrorResponse, useRouteError } from 'react-router';

/** A short text of a routing error, safe to show: the status, or the error's message. */
function routerErrorText(error: unknown): string | undefined {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  if (error instanceof Error) return error.message || error.name;
  return undefined;
}

/**
 * The root route's errorElement: a routing error (a page chunk that failed to load, a loader that
 * threw) shows 'Unexpected Application Error!' in the product's screen instead of react-router's
 * default page with its English developer hints.
 */
export function RouterError() {
  const error = useRouteError();
  console.error('Error de navegación:', error);
  return <RouterErrorScreen details={routerErrorText(error)} onReload={() => window.location.reload()} />;
}
