import { Tooltip as TooltipPrimitive } from 'radix-ui';
import { type ComponentProps, type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { cn } from '../lib/cn';

/** Pause before a tooltip opens under the pointer (ms); the keyboard focus opens it at once. */
export const TOOLTIP_DELAY_MS = 300;

/**
 * A short text about an element, on hover and on keyboard focus, as compound parts on Radix Tooltip
 * (each Tooltip brings its own provider, so none is needed around the app):
 *
 * ```tsx
 * <Tooltip>
 *   <TooltipTrigger asChild><Button>Guardar</Button></TooltipTrigger>
 *   <TooltipContent>Guarda sin enviar</TooltipContent>
 * </Tooltip>
 * ```
 *
 * Radix gives the trigger `aria-describedby`, renders `role="tooltip"`, closes it on Escape and keeps
 * it inside the screen. A tooltip holds text only: never a control.
 */
export function Tooltip({
  delayDuration = TOOLTIP_DELAY_MS,
  ...props
}: ComponentProps<typeof TooltipPrimitive.Root>) {
  return (
    <TooltipPrimitive.Provider delayDuration={delayDuration}>
      <TooltipPrimitive.Root data-slot="tooltip" {...props} />
    </TooltipPrimitive.Provider>
  );
}

/** The element the tooltip is about. Use `asChild` around a focusable element. */
export function TooltipTrigger(props: ComponentProps<typeof TooltipPrimitive.Trigger>) {
  return <TooltipPrimitive.Trigger data-slot="tooltip-trigger" {...props} />;
}

/** The bubble, in a portal, never wider than 24rem nor the screen. */
export function TooltipContent({ className, ...props }: ComponentProps<typeof TooltipPrimitive.Content>) {
  return (
    <TooltipPrimitive.Portal>
      <TooltipPrimitive.Content
        data-slot="tooltip-content"
        sideOffset={6}
        collisionPadding={8}
        {...props}
        className={cn(
          'z-50 max-w-[min(24rem,calc(100vw-1rem))] whitespace-normal break-words rounded-md bg-ink px-3 py-1.5 text-start text-sm text-surface shadow-lg',
          className,
        )}
      />
    </TooltipPrimitive.Portal>
  );
}

/** Whether the element's text is cut (wider than its box). */
function isCut(element: HTMLElement): boolean {
  return element.scrollWidth > element.clientWidth;
}

export interface TruncatedTextProps extends Omit<ComponentProps<'span'>, 'children'> {
  /** The full text. Nothing is rendered when it is empty. */
  text: string;
  /** Extra content of the tooltip under the text (defaults to the text alone). */
  tooltip?: ReactNode;
}

/**
 * One line cut with an ellipsis. While the text is cut it takes the keyboard focus (Tab) and shows
 * the full text in a Tooltip on hover and on focus; when it fits it is plain text, out of the tab
 * order. Screen readers read the whole text either way. Give it a width limit (`max-w-*`, or a
 * table cell with `max-w-0`).
 */
export function TruncatedText({ text, tooltip, className, ...props }: TruncatedTextProps) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  const [open, setOpen] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    // A new text is measured again (its width changes).
    if (!element || !text) return;
    const measure = () => setCut(isCut(element));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [text]);
  // Checked again when it would open: the box may have changed since the last measure.
  const onOpenChange = useCallback((next: boolean) => {
    setOpen(next && ref.current !== null && isCut(ref.current));
  }, []);
  if (!text) return null;
  return (
    <Tooltip open={open} onOpenChange={onOpenChange}>
      <TooltipTrigger asChild>
        <span
          ref={ref}
          data-slot="truncated-text"
          data-cut={cut || undefined}
          // Focusable only while cut, so the keyboard reaches the full text.
          tabIndex={cut ? 0 : undefined}
          className={cn('block truncate', className)}
          {...props}
        >
          {text}
        </span>
      </TooltipTrigger>
      <TooltipContent>{tooltip ?? text}</TooltipContent>
    </Tooltip>
  );
}
