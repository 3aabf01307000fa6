import { EmptyState } from '@socio/ui';
import { Construction } from 'lucide-react';
import { shellMessages } from './messages.es';

export interface ComingSoonProps {
  /** Section name, e.g. 'Reportes'. */
  section: string;
}

/** What a section shows until its screen ships: honest and in Spanish, never invented data. */
export function ComingSoon({ section }: ComingSoonProps) {
  return (
    <section aria-label={section} className="mx-auto max-w-3xl">
      <h1 className="sr-only">{section}</h1>
      <EmptyState
        icon={<Construction />}
        titleAs="h2"
        title={shellMessages.comingSoon.title}
        description={shellMessages.comingSoon.description(section)}
        className="rounded-xl border border-line bg-surface"
      />
    </section>
  );
}
