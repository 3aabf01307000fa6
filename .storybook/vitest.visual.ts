/**
 * Visual regression inside the stories run: after a story listed in `visual-stories.ts` has rendered and
 * passed its play function (and axe), the page is compared with its reference image in each theme.
 * Made to hold on a busy machine: animations and transitions are stopped, the caret hidden, the font
 * pinned when Inter is not installed, every chart's lazily loaded plot drawn (reduced motion, set in
 * vitest.config.ts, draws it without animation), and the screenshot is retaken until two in a row are
 * identical.
 */
import { afterEach, expect, vi } from 'vitest';
import { page } from 'vitest/browser';
import { VISUAL_STORIES } from './visual-stories';

const STILL = `
*, *::before, *::after {
  animation-duration: 0s !important;
  animation-delay: 0s !important;
  animation-iteration-count: 1 !important;
  transition-duration: 0s !important;
  transition-delay: 0s !important;
  caret-color: transparent !important;
}`;
/** Without Inter the stack falls to whatever `system-ui` is on the machine: name one font instead. */
const PINNED_FONT = `:root { --font-sans: "DejaVu Sans", sans-serif; }`;

/** Whether Inter is a loaded web font (`document.fonts.check` says true for fonts it does not know). */
const interLoaded = () =>
  Array.from(document.fonts).some(
    (face) => face.family.replace(/["']/g, '') === 'Inter' && face.status === 'loaded',
  );

/**
 * Every chart with data has drawn its plot: a chart's drawing is a lazily loaded module, so a story's play
 * function can end (its figure and hidden table are there) while the plot is still a skeleton.
 */
const chartsDrawn = () =>
  Array.from(document.querySelectorAll('[data-slot="chart"][data-state="ready"]')).every(
    (chart) => chart.querySelector('[data-slot="chart-plot"] svg') !== null,
  );

const frames = async (count = 2) => {
  for (let i = 0; i < count; i += 1) await new Promise((resolve) => requestAnimationFrame(resolve));
};

function setTheme(theme: 'light' | 'dark') {
  const root = document.documentElement;
  if (theme === 'dark') root.setAttribute('data-theme', 'dark');
  else root.removeAttribute('data-theme');
  root.style.colorScheme = theme;
}

afterEach(async (context) => {
  const story = (context as { story?: { id: string; globals?: { theme?: string } } }).story;
  const themes = story ? VISUAL_STORIES.get(story.id) : undefined;
  if (!story || !themes || (context.task.result?.errors?.length ?? 0) > 0) return;
  const style = document.createElement('style');
  style.textContent = STILL + (interLoaded() ? '' : PINNED_FONT);
  document.head.append(style);
  // What the viewport shows, portals (modals, menus, toasts) included: an element screenshot is the
  // page clipped to the element's box, so a transparent box over the whole viewport frames it.
  const frame = document.createElement('div');
  frame.setAttribute('aria-hidden', 'true');
  frame.style.cssText = 'position:fixed;inset:0;pointer-events:none;z-index:2147483647';
  document.body.append(frame);
  const before = document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light';
  try {
    await document.fonts.ready;
    await vi.waitFor(() => expect(chartsDrawn(), 'las gráficas no terminaron de dibujarse').toBe(true), {
      timeout: 30_000,
      interval: 50,
    });
    for (const theme of themes) {
      setTheme(theme);
      await frames();
      await expect.element(page.elementLocator(frame)).toMatchScreenshot(`${story.id}-${theme}`);
    }
  } finally {
    setTheme(before);
    frame.remove();
    style.remove();
  }
});
