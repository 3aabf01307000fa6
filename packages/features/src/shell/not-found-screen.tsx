import { ErrorScreen } from '@socio/ui';
import type { ReactNode } from 'react';
import { DocumentTitle } from './document-title';
import { shellMessages } from './messages.es';

export interface NotFoundScreenProps {
  /**
   * The way back, a real link the app renders (features know no URLs), given its label
   * ('Volver al inicio').
   */
  renderBackLink: (label: string) => ReactNode;
}

/** 'Página no encontrada': an address that matches no page, with a link back. */
export function NotFoundScreen({ renderBackLink }: NotFoundScreenProps) {
  const m = shellMessages.notFound;
  return (
    <>
      <DocumentTitle page={m.title} />
      <ErrorScreen title={m.title} message={m.description} actions={renderBackLink(m.back)} />
    </>
  );
}
