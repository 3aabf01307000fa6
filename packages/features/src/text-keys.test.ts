import { describe, expect, it } from 'vitest';
import { TextMap, TextSet, textHash } from './text-keys';

/** Two different texts with the same `textHash` (found by trying folio-like texts: a 30-bit hash collides soon). */
function collidingPair(): [string, string] {
  const seen = new Map<number, string>();
  for (let i = 0; ; i++) {
    const text = `F-${i}`;
    const other = seen.get(textHash(text));
    if (other !== undefined) return [other, text];
    seen.set(textHash(text), text);
  }
}

describe('textHash', () => {
  it('is a small non-negative integer, the same for equal texts however they were made', () => {
    for (const text of ['', 'B-1', 'Ñandú', '😀', 'x'.repeat(1000)]) {
      const hash = textHash(text);
      expect(Number.isInteger(hash)).toBe(true);
      expect(hash).toBeGreaterThanOrEqual(0);
      expect(hash).toBeLessThan(2 ** 30);
      expect(textHash(`${text.slice(0, 1)}${text.slice(1)}`)).toBe(hash);
    }
    expect(textHash('B-1')).not.toBe(textHash('B-2'));
  });
});

describe('TextSet', () => {
  it('answers as a Set of strings: each text once, equal texts are the same text', () => {
    const set = new TextSet(['B-1', 'B-2']);
    expect(set.size).toBe(2);
    expect(set.add('B-3')).toBe(true);
    expect(set.add(['B', '3'].join('-'))).toBe(false);
    expect(set.has('B-1')).toBe(true);
    expect(set.has('B-4')).toBe(false);
    expect(set.has('')).toBe(false);
    expect(set.add('')).toBe(true);
    expect(set.has('')).toBe(true);
    expect(set.size).toBe(4);
  });

  it('keeps texts whose hashes collide apart', () => {
    const [a, b] = collidingPair();
    expect(a).not.toBe(b);
    expect(textHash(a)).toBe(textHash(b));
    const set = new TextSet();
    expect(set.add(a)).toBe(true);
    expect(set.has(b)).toBe(false);
    expect(set.add(b)).toBe(true);
    expect(set.add(a)).toBe(false);
    expect(set.add(b)).toBe(false);
    expect(set.size).toBe(2);
  });

  it('keeps every text of one bucket apart (a hash that always collides)', () => {
    const set = new TextSet([], () => 7);
    const texts = ['a', 'b', 'c', 'd'];
    for (const text of texts) expect(set.add(text)).toBe(true);
    for (const text of texts) expect(set.add(text)).toBe(false);
    expect(texts.every((text) => set.has(text))).toBe(true);
    expect(set.has('e')).toBe(false);
    expect(set.size).toBe(4);
  });
});

describe('TextMap', () => {
  it('answers as a Map with string keys: get, has, set replacing a value, size', () => {
    const map = new TextMap<number>();
    map.set('B-1', 1).set('B-2', 2);
    expect(map.get('B-1')).toBe(1);
    expect(map.get('B-3')).toBeUndefined();
    expect(map.has('B-2')).toBe(true);
    map.set(['B', '1'].join('-'), 10);
    expect(map.get('B-1')).toBe(10);
    expect(map.size).toBe(2);
  });

  it('keeps keys whose hashes collide apart', () => {
    const [a, b] = collidingPair();
    const map = new TextMap<string>();
    map.set(a, 'a');
    expect(map.get(b)).toBeUndefined();
    map.set(b, 'b');
    expect([map.get(a), map.get(b), map.size]).toEqual(['a', 'b', 2]);
    const one = new TextMap<number>(() => 0);
    for (const [i, key] of ['x', 'y', 'z'].entries()) one.set(key, i);
    one.set('y', 9);
    expect([one.get('x'), one.get('y'), one.get('z'), one.get('w'), one.size]).toEqual([
      0,
      9,
      2,
      undefined,
      3,
    ]);
  });
});
