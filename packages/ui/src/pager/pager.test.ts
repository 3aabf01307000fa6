import { describe, expect, it } from 'vitest';
import { getPageCount, getPageRange, getPageWindow } from './page-window';

describe('getPageWindow', () => {
  it('shows pages 1 to 5 on the first page of 20', () => {
    expect(getPageWindow(1, 20)).toEqual([1, 2, 3, 4, 5]);
  });

  it('centres the window on a middle page', () => {
    expect(getPageWindow(10, 20)).toEqual([8, 9, 10, 11, 12]);
  });

  it('clamps the window at the last pages', () => {
    expect(getPageWindow(20, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(getPageWindow(19, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(getPageWindow(18, 20)).toEqual([16, 17, 18, 19, 20]);
    expect(getPageWindow(17, 20)).toEqual([15, 16, 17, 18, 19]);
  });

  it('clamps the window at the first pages', () => {
    expect(getPageWindow(2, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(getPageWindow(3, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(getPageWindow(4, 20)).toEqual([2, 3, 4, 5, 6]);
  });

  it('shows every page when there are fewer than five', () => {
    expect(getPageWindow(1, 1)).toEqual([1]);
    expect(getPageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(getPageWindow(4, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('shows nothing when there are no pages', () => {
    expect(getPageWindow(1, 0)).toEqual([]);
  });

  it('clamps a page outside the range', () => {
    expect(getPageWindow(0, 20)).toEqual([1, 2, 3, 4, 5]);
    expect(getPageWindow(99, 20)).toEqual([16, 17, 18, 19, 20]);
  });

  it('honours another window size', () => {
    expect(getPageWindow(10, 20, 3)).toEqual([9, 10, 11]);
    expect(getPageWindow(10, 20, 4)).toEqual([9, 10, 11, 12]);
    expect(getPageWindow(10, 20, 1)).toEqual([10]);
  });
});

describe('getPageCount', () => {
  it('rounds up partial pages', () => {
    expect(getPageCount(200, 10)).toBe(20);
    expect(getPageCount(201, 10)).toBe(21);
    expect(getPageCount(1, 10)).toBe(1);
  });

  it('is 0 with no items', () => {
    expect(getPageCount(0, 10)).toBe(0);
  });
});

describe('getPageRange', () => {
  it('gives the range of the first, a middle and the last page', () => {
    expect(getPageRange(1, 10, 200)).toEqual({ from: 1, to: 10 });
    expect(getPageRange(10, 10, 200)).toEqual({ from: 91, to: 100 });
    expect(getPageRange(20, 10, 195)).toEqual({ from: 191, to: 195 });
  });

  it('is 0 to 0 with no items', () => {
    expect(getPageRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
  });
});
