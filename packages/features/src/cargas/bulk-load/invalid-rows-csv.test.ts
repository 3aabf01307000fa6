/**
 * Issue 13, defect 9: folios and addresses starting with = + - @ are stored as sent, but the one spreadsheet
 * export the product produces (the invalid rows CSV) never hands them to Excel as formulas.
 */
import { describe, expect, it } from 'vitest';
import { invalidRowsCsv } from './invalid-rows-csv';

describe('invalid rows CSV: formula text', () => {
  it('neutralises every cell a spreadsheet would run (folio, address, reason, header), keeps the text', () => {
    const csv = invalidRowsCsv(
      ['Folio', 'Calle', '=Colonia'],
      [
        {
          data: { Folio: '=HYPERLINK("http://x","y")', Calle: '+52 81', '=Colonia': '@SUM(A1)' },
          reason: '-Folio duplicado',
          row_index: 3,
        },
        { data: { Folio: '\t=1+1', Calle: '\r=2', '=Colonia': 'Centro' }, reason: 'ok', row_index: 4 },
      ],
      { row: 'Fila', reason: 'Motivo' },
    );
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe("Fila,Motivo,Folio,Calle,'=Colonia");
    expect(lines[1]).toBe(`3,'-Folio duplicado,"'=HYPERLINK(""http://x"",""y"")",'+52 81,'@SUM(A1)`);
    expect(lines[2]).toBe(`4,ok,'\t=1+1,"'\r=2",Centro`);
    // No cell of the file starts with a formula character.
    const cells = lines.flatMap((l) => l.split(',')).map((c) => c.replace(/^"/, ''));
    expect(cells.filter((c) => /^[=+\-@]/.test(c))).toEqual([]);
  });
});
