import { describe, expect, it } from 'vitest';
import { categoryTicks } from './chart-theme';

const weeks = ['28/09', '05/10', '12/10', '19/10', '26/10', '02/11', '09/11', '16/11'];

describe('categoryTicks', () => {
  it('keeps every label when they fit between two ticks', () => {
    expect(categoryTicks(weeks, 60)).toBeUndefined();
  });

  it('labels every other week, ending on the newest, when the labels would touch', () => {
    expect(categoryTicks(weeks, 38)).toEqual(['05/10', '19/10', '02/11', '16/11']);
  });

  it('thins further on a very narrow plot', () => {
    expect(categoryTicks(weeks, 14)).toEqual(['05/10', '26/10', '16/11']);
  });

  it('leaves a single category alone', () => {
    expect(categoryTicks(['28/09'], 5)).toBeUndefined();
  });
});
