import { Button, ErrorScreen } from '@socio/ui';
import { RotateCw } from 'lucide-react';
import { DocumentTitle } from './document-title';
import { shellMessages } from './messages.es';

export interface RouterErrorScreenProps {
  /** A short, user-safe text of what failed (e.g. '503 Service Unavailable' or the error's message). */
  details?: string;
  /** 'Recargar página'. */
  onReload: () => void;
}

/**
 * The router's fallback page: the product's heading 'Unexpected Application Error!', a Spanish
 * explanation and a reload button, never the router's developer hints.
 */
export function RouterErrorScreen({ details, onReload }: RouterErrorScreenProps) {
  const m = shellMessages.routerError;
  return (
    <>
      <DocumentTitle page={m.title} />
      <ErrorScreen
        title={m.title}
        message={m.description}
        details={details}
        actions={
          <Button onClick={onReload}>
            <RotateCw aria-hidden="true" />
            {m.reload}
          </Button>
        }
      />
    </>
  );
}
