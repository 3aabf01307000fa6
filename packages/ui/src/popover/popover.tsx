import { Popover as PopoverPrimitive } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from '../lib/cn';

/**
 * A non-modal popup anchored to a trigger, as compound parts on Radix Popover:
 *
 * ```tsx
 * <Popover>
 *   <PopoverTrigger asChild><IconButton label="Ayuda"><CircleQuestionMark /></IconButton></PopoverTrigger>
 *   <PopoverContent aria-label="¿Necesitas ayuda?">…</PopoverContent>
 * </Popover>
 * ```
 *
 * Radix closes it on Escape and on a click outside, returns the focus to the trigger, and keeps it
 * inside the screen (it flips and shifts, `collisionPadding` from the edges) even at 390 px.
 */
export function Popover(props: ComponentProps<typeof PopoverPrimitive.Root>) {
  return <PopoverPrimitive.Root data-slot="popover" {...props} />;
}

/** The element that opens and closes the popover. Use `asChild` around a button. */
export function PopoverTrigger(props: ComponentProps<typeof PopoverPrimitive.Trigger>) {
  return <PopoverPrimitive.Trigger data-slot="popover-trigger" {...props} />;
}

/** Closes the popover. Use `asChild` around a button. */
export function PopoverClose(props: ComponentProps<typeof PopoverPrimitive.Close>) {
  return <PopoverPrimitive.Close data-slot="popover-close" {...props} />;
}

/** The popup, in a portal, never wider than the screen minus its margins. */
export function PopoverContent({
  className,
  align = 'end',
  sideOffset = 8,
  collisionPadding = 16,
  ...props
}: ComponentProps<typeof PopoverPrimitive.Content>) {
  return (
    <PopoverPrimitive.Portal>
      <PopoverPrimitive.Content
        data-slot="popover-content"
        align={align}
        sideOffset={sideOffset}
        collisionPadding={collisionPadding}
        className={cn(
          'z-40 w-80 max-w-[calc(100vw-2rem)] rounded-xl border border-line bg-surface p-4 text-ink shadow-lg outline-none',
          className,
        )}
        {...props}
      />
    </PopoverPrimitive.Portal>
  );
}
