import { type ComponentProps, type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { cn } from '../lib/cn';
import { useControllableState } from '../lib/use-controllable-state';

export interface SplitterProps
  extends Omit<ComponentProps<'div'>, 'defaultValue' | 'onChange' | 'children' | 'aria-label'> {
  /** Width of the pane before it, in percent of the container (controlled; pair with `onValueChange`). */
  value?: number;
  /** Initial width when uncontrolled. */
  defaultValue?: number;
  /** Called with the new width (whole percent) while dragging or on a key. */
  onValueChange?: (value: number) => void;
  /** Narrowest and widest the pane before it may be (percent). */
  min?: number;
  max?: number;
  /** How far an arrow key moves it (percent); Home and End go to `min` and `max`. */
  step?: number;
  /** Accessible name, e.g. 'Ancho de la lista'. Required. */
  label: string;
  /** Id of the pane it resizes (`aria-controls`). */
  controls?: string;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * A vertical splitter between two side-by-side panes (the WAI-ARIA window splitter): a focusable
 * `role="separator"` with `aria-valuenow` as the first pane's width in percent. Drag it with the
 * pointer, or focus it and use ArrowLeft/ArrowRight (ArrowDown/ArrowUp too), Home and End. The parent
 * lays out the panes from the value; the splitter measures its own parent to turn the pointer's
 * position into a percent.
 */
export function Splitter({
  value: valueProp,
  defaultValue = 50,
  onValueChange,
  min = 0,
  max = 100,
  step = 5,
  label,
  controls,
  className,
  ...props
}: SplitterProps) {
  const [value, setValue] = useControllableState({
    value: valueProp,
    defaultValue,
    onChange: onValueChange,
  });
  const ref = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const set = (next: number) => setValue(clamp(Math.round(next), min, max));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowLeft: value - step,
      ArrowDown: value - step,
      ArrowRight: value + step,
      ArrowUp: value + step,
      Home: min,
      End: max,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    set(next);
  };

  const fromPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = ref.current?.parentElement?.getBoundingClientRect();
    if (!box || box.width === 0) return;
    set(((event.clientX - box.left) / box.width) * 100);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable window splitter (WAI-ARIA) holds a handle; <hr> is void.
    <div
      ref={ref}
      role="separator"
      tabIndex={0}
      aria-label={label}
      aria-controls={controls}
      aria-orientation="vertical"
      aria-valuenow={value}
      aria-valuemin={min}
      aria-valuemax={max}
      data-slot="splitter"
      onKeyDown={onKeyDown}
      onPointerDown={(event) => {
        if (event.button !== 0) return;
        event.preventDefault();
        dragging.current = true;
        event.currentTarget.setPointerCapture?.(event.pointerId);
        event.currentTarget.focus();
      }}
      onPointerMove={(event) => {
        if (dragging.current) fromPointer(event);
      }}
      onPointerUp={(event) => {
        dragging.current = false;
        event.currentTarget.releasePointerCapture?.(event.pointerId);
      }}
      onPointerCancel={() => {
        dragging.current = false;
      }}
      className={cn(
        'group relative flex w-3 shrink-0 cursor-col-resize touch-none select-none justify-center rounded-full',
        className,
      )}
      {...props}
    >
      <span
        aria-hidden="true"
        className="h-full w-1 rounded-full bg-line transition-colors group-hover:bg-brand-500 group-focus-visible:bg-brand-500"
      />
    </div>
  );
}
