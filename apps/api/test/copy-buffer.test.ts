import { describe, expect, it } from 'vitest';
import { CopyBuffer, copyField } from '../src/db/copy';

describe('CopyBuffer', () => {
  it('holds the UTF-8 of every line appended, across growths, whatever the characters', () => {
    const lines = [
      `${['a', 'Ñuñoa', null, 'O\\Brien\t"x"', 42].map(copyField).join('\t')}\n`,
      `${['🎓 emoji', 'ĳ€', 'Monte\nrrey\r\\'].map(copyField).join('\t')}\n`,
      `${'x'.repeat(1000)}\n`,
      `${'é'.repeat(700)}\t${'😀'.repeat(300)}\n`,
    ];
    // Starts smaller than any line: each append grows the buffer.
    const data = new CopyBuffer(4);
    for (const line of lines) data.line(line);
    const chunks = data.chunks();
    expect(chunks).toHaveLength(1);
    expect(Buffer.from(chunks[0]!)).toEqual(Buffer.from(lines.join(''), 'utf8'));
  });

  it('has no chunk when nothing was appended', () => {
    expect(new CopyBuffer().chunks()).toEqual([]);
  });
});
