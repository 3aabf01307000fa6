import { IconButton, Popover, PopoverClose, PopoverContent, PopoverTrigger } from '@socio/ui';
import { BookOpen, CircleQuestionMark, ExternalLink, FileText, X } from 'lucide-react';
import { useId } from 'react';
import { shellMessages } from './messages.es';

/** Where the help card's links go: the product's docs pages, served by the app. */
export interface HelpLinks {
  /** 'Manuales de usuario'. */
  manuals: string;
  /** 'Documentación'. */
  docs: string;
}

export interface HelpCardProps {
  /** Addresses of the manuals and of the documentation (the app knows them). */
  links: HelpLinks;
  /** Initially revealed (stories). */
  defaultOpen?: boolean;
}

const linkClasses =
  'inline-flex items-center gap-2 rounded-sm font-medium text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600 focus-visible:outline-offset-2';

/**
 * A hidden help card about manuals and documentation, revealed by a '?' button. A Radix popover:
 * Escape and a click outside close it, the focus returns to '?', and it stays inside the screen.
 */
export function HelpCard({ links, defaultOpen = false }: HelpCardProps) {
  const m = shellMessages.help;
  const titleId = useId();
  return (
    <Popover defaultOpen={defaultOpen}>
      <PopoverTrigger asChild>
        <IconButton label={m.toggle}>
          <CircleQuestionMark />
        </IconButton>
      </PopoverTrigger>
      <PopoverContent data-slot="help-card" aria-labelledby={titleId}>
        <div className="flex items-start gap-2">
          <h2 id={titleId} className="font-semibold text-base">
            {m.title}
          </h2>
          <PopoverClose asChild>
            <IconButton label={m.close} size="sm" className="-mt-1 -me-1 ms-auto">
              <X />
            </IconButton>
          </PopoverClose>
        </div>
        <p className="mt-1 text-ink-muted text-sm">{m.body}</p>
        <ul className="mt-3 grid gap-2 text-sm">
          <li>
            <a href={links.manuals} target="_blank" rel="noopener" className={linkClasses}>
              <BookOpen aria-hidden="true" className="size-4" />
              {m.manuals}
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{m.newTab}</span>
            </a>
          </li>
          <li>
            <a href={links.docs} target="_blank" rel="noopener" className={linkClasses}>
              <FileText aria-hidden="true" className="size-4" />
              {m.docs}
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{m.newTab}</span>
            </a>
          </li>
        </ul>
      </PopoverContent>
    </Popover>
  );
}
