import { STORY_VIEWPORTS } from '@socio/ui/testing';
import type { Decorator } from '@storybook/react-vite';
import { createElement } from 'react';

export type StoryViewport = keyof typeof STORY_VIEWPORTS;

/** `parameters` and `globals` of a story that runs at `size` (one of the toolbar's `STORY_VIEWPORTS`): spread them into the story. */
export function atViewport(size: StoryViewport) {
  return {
    parameters: { viewport: { options: STORY_VIEWPORTS } },
    globals: { viewport: { value: size, isRotated: false } },
  };
}

/** Whether `element` is on screen and not covered or clipped: the element at its centre is it or inside it. */
export function isInView(element: Element): boolean {
  const box = element.getBoundingClientRect();
  const x = box.left + box.width / 2;
  const y = box.top + Math.min(box.height / 2, 12);
  if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
  const hit = document.elementFromPoint(x, y);
  return hit !== null && (hit === element || element.contains(hit));
}

/** The app's nav rail (4rem) and its main area's scrollbar take this much of the width beside a screen. */
export const besideNavRail: Decorator = (Story) =>
  createElement(
    'div',
    { className: 'flex' },
    createElement('div', { 'aria-hidden': true, className: 'w-20 shrink-0' }),
    createElement('div', { className: 'min-w-0 flex-1' }, createElement(Story)),
  );

/** Whether a run of visible text inside `element` breaks onto a second line (badges stacked on purpose do not count). */
function textWraps(element: Element): boolean {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(node);
    // Visually hidden text is 1 px wide; a line's boxes share their top.
    const tops = new Set(
      Array.from(range.getClientRects())
        .filter((box) => box.width > 1 && box.height > 1)
        .map((box) => Math.round(box.top)),
    );
    if (tops.size > 1) return true;
  }
  return false;
}

/**
 * How a DataTable fits its box: `overflow` is the px it would scroll sideways (0 when it fits), `cut`
 * the headers wider than their cell, `outOfView` the headers not on screen (hidden columns left out),
 * `wrapped` the body cells (as `header: text`) with a run of text broken onto a second line.
 */
export function tableFit(table: HTMLElement): {
  overflow: number;
  cut: string[];
  outOfView: string[];
  wrapped: string[];
} {
  const scroller = table.closest('[data-slot="data-table-scroll"]');
  if (!scroller) throw new Error('sin contenedor de la tabla');
  const headers = Array.from(table.querySelectorAll<HTMLElement>('thead th')).filter(
    (th) => getComputedStyle(th).display !== 'none',
  );
  const name = (th: HTMLElement) => th.textContent?.trim() || '(sin texto)';
  const wrapped: string[] = [];
  const headerAt = new Map(headers.map((th) => [(th as HTMLTableCellElement).cellIndex, th]));
  for (const row of Array.from(table.querySelectorAll('tbody tr'))) {
    for (const cell of Array.from((row as HTMLTableRowElement).cells)) {
      if (getComputedStyle(cell).display === 'none' || !textWraps(cell)) continue;
      const header = headerAt.get(cell.cellIndex);
      wrapped.push(`${header ? name(header) : cell.cellIndex}: ${cell.textContent?.trim()}`);
    }
  }
  return {
    wrapped,
    overflow: Math.max(0, scroller.scrollWidth - scroller.clientWidth),
    cut: headers.filter((th) => th.scrollWidth > th.clientWidth).map(name),
    outOfView: headers.filter((th) => !isInView(th)).map(name),
  };
}
