import { IconButton } from '@socio/ui';
import { BookOpen, CircleQuestionMark, FileText, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { shellMessages } from './messages.es';

export interface HelpCardProps {
  /** Initially revealed (stories). */
  defaultOpen?: boolean;
}

/** Spec §2: a hidden help card about manuals and documentation, revealed by a '?' button. */
export function HelpCard({ defaultOpen = false }: HelpCardProps) {
  const m = shellMessages.help;
  const [open, setOpen] = useState(defaultOpen);
  const cardId = useId();
  const titleId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };

  // Escape hides the card wherever the focus is (on the toggle or inside the card).
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);

  return (
    <div className="relative">
      <IconButton
        ref={toggleRef}
        label={m.toggle}
        aria-expanded={open}
        aria-controls={cardId}
        onClick={() => setOpen((value) => !value)}
      >
        <CircleQuestionMark />
      </IconButton>
      <section
        id={cardId}
        hidden={!open}
        aria-labelledby={titleId}
        data-slot="help-card"
        className="absolute end-0 top-12 z-40 w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-line bg-surface p-4 text-ink shadow-lg"
      >
        <div className="flex items-start gap-2">
          <h2 id={titleId} className="font-semibold text-base">
            {m.title}
          </h2>
          <IconButton label={m.close} size="sm" className="-mt-1 -me-1 ms-auto" onClick={close}>
            <X />
          </IconButton>
        </div>
        <p className="mt-1 text-ink-muted text-sm">{m.body}</p>
        <ul className="mt-3 grid gap-2 text-sm">
          <li className="flex items-center gap-2">
            <BookOpen aria-hidden="true" className="size-4 text-brand-700" />
            {m.manuals}
          </li>
          <li className="flex items-center gap-2">
            <FileText aria-hidden="true" className="size-4 text-brand-700" />
            {m.docs}
          </li>
        </ul>
      </section>
    </div>
  );
}
