import { DEFAULT_VIEWER_LAYOUT } from '@socio/features/reportes';
import { afterEach, describe, expect, it } from 'vitest';
import { createViewerLayoutStore, VIEWER_LAYOUT_KEY } from './viewer-layout-store';

afterEach(() => window.localStorage.clear());

describe('createViewerLayoutStore', () => {
  it('reads the default before anything is kept', () => {
    expect(createViewerLayoutStore().read()).toEqual(DEFAULT_VIEWER_LAYOUT);
  });

  it('keeps the layout in localStorage for the next visit', () => {
    createViewerLayoutStore().write({ listPercent: 70, collapsed: true });
    expect(JSON.parse(window.localStorage.getItem(VIEWER_LAYOUT_KEY) ?? '')).toEqual({
      listPercent: 70,
      collapsed: true,
    });
    expect(createViewerLayoutStore().read()).toEqual({ listPercent: 70, collapsed: true });
  });

  it('reads foreign or out-of-range data as the default or the nearest limit', () => {
    const store = createViewerLayoutStore();
    window.localStorage.setItem(VIEWER_LAYOUT_KEY, '{no es json');
    expect(store.read()).toEqual(DEFAULT_VIEWER_LAYOUT);
    window.localStorage.setItem(VIEWER_LAYOUT_KEY, JSON.stringify({ listPercent: 5, collapsed: 'sí' }));
    expect(store.read()).toEqual({ listPercent: 40, collapsed: false });
    window.localStorage.setItem(VIEWER_LAYOUT_KEY, JSON.stringify([1, 2]));
    expect(store.read().listPercent).toBe(60);
  });

  it('a storage that refuses writes only forgets the choice', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('lleno', 'QuotaExceededError');
      },
    } as unknown as Storage;
    const store = createViewerLayoutStore(refusing);
    expect(() => store.write({ listPercent: 50, collapsed: false })).not.toThrow();
    expect(store.read()).toEqual(DEFAULT_VIEWER_LAYOUT);
  });
});
