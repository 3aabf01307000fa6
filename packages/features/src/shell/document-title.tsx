import { shellMessages } from './messages.es';

export interface DocumentTitleProps {
  /** The page's name, e.g. 'Usuarios'. */
  page: string;
}

/** Sets the browser tab's title to 'Usuarios · Socioeconómico' (React hoists `<title>` into `<head>`). */
export function DocumentTitle({ page }: DocumentTitleProps) {
  return <title>{shellMessages.documentTitle(page)}</title>;
}
