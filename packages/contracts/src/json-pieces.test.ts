import { describe, expect, it } from 'vitest';
import { hasLongList, jsonPieces } from './json-pieces';

describe('jsonPieces', () => {
  it("joins to JSON.stringify's text, list items and odd members included", () => {
    const body = {
      a: 1,
      rows: [{ x: 'ñ "q" \\ \n' }, undefined, null, () => 1, [1, 2], 'texto'],
      skipped: undefined,
      fn: () => 2,
      empty: [],
      nested: { rows: [1, 2, 3] },
      last: [true, false],
    };
    const pieces = [...jsonPieces(body, 8)];
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.join('')).toBe(JSON.stringify(body));
    expect([...jsonPieces({})].join('')).toBe('{}');
    expect([...jsonPieces({ only: undefined, rows: [] })].join('')).toBe(JSON.stringify({ rows: [] }));
  });

  it('cuts a long list into pieces of about the size asked', () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => ({ folio: `TEC-${i}`, n: i }));
    const pieces = [...jsonPieces({ rows }, 4_096)];
    expect(pieces.length).toBeGreaterThan(20);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(4_096 + 100);
    expect(pieces.join('')).toBe(JSON.stringify({ rows }));
  });
});

describe('hasLongList', () => {
  it('looks for a member list longer than the limit in a plain object only', () => {
    expect(hasLongList({ rows: [1, 2, 3] }, 2)).toBe(true);
    expect(hasLongList({ rows: [1, 2] }, 2)).toBe(false);
    expect(hasLongList([1, 2, 3], 2)).toBe(false);
    expect(hasLongList({ toJSON: () => 1, rows: [1, 2, 3] }, 2)).toBe(false);
    expect(hasLongList(new Date(), 0)).toBe(false);
    expect(hasLongList(null, 0)).toBe(false);
  });
});
