import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvText, readCsv, spreadsheetSafe, withoutTextMark } from './csv.ts';

describe('csvText', () => {
  it('quotes cells holding a comma, a quote or a line break, and ends every record in CRLF', () => {
    const text = csvText(
      ['name', 'note'],
      [
        ['plain', ''],
        ['Smith, Jr.', 'say "hi"'],
        ['two\nlines', 'cr\r\nlf'],
      ],
    );
    expect(text).toBe(
      'name,note\r\nplain,\r\n"Smith, Jr.","say ""hi"""\r\n"two\nlines","cr\r\nlf"\r\n',
    );
    expect(parse(text)).toEqual([
      ['name', 'note'],
      ['plain', ''],
      ['Smith, Jr.', 'say "hi"'],
      ['two\nlines', 'cr\r\nlf'],
    ]);
  });

  it('marks every cell a spreadsheet would run as a formula as text', () => {
    const formulas = [
      '=HYPERLINK("http://evil.example","x")',
      '+1+1',
      "-2+3+cmd|' /C calc'!A0",
      '@SUM(A1:A9)',
      '\t=1',
      '\r=1',
      '＝1+1',
      '＋1',
      '－1',
      '＠SUM(A1)',
    ];
    for (const cell of formulas) expect(spreadsheetSafe(cell)).toBe(`'${cell}`);
    const text = csvText(['cell'], [['=HYPERLINK("http://evil.example","x")']]);
    expect(text).toBe(`cell\r\n"'=HYPERLINK(""http://evil.example"",""x"")"\r\n`);
    expect(parse(text)).toEqual([['cell'], [`'=HYPERLINK("http://evil.example","x")`]]);
  });

  it('leaves plain numbers, negative ones too, and dates as they are', () => {
    for (const cell of [
      '-2.50',
      '-5',
      '0.05',
      '1250.50',
      '04821936',
      '2026-11-22',
      '2026-11-22T10:16:40.950Z',
      "O'Brien",
      '',
    ]) {
      expect(spreadsheetSafe(cell)).toBe(cell);
    }
    expect(spreadsheetSafe('-2.5.0')).toBe("'-2.5.0");
    expect(spreadsheetSafe('-')).toBe("'-");
  });

  it('marks a cell that starts with the mark before a formula again, so that it reads back as written', () => {
    expect(spreadsheetSafe("'=1+1")).toBe("''=1+1");
    expect(withoutTextMark("''=1+1")).toBe("'=1+1");
    expect(withoutTextMark("'=1+1")).toBe('=1+1');
    expect(withoutTextMark("'plain")).toBe("'plain");
    expect(withoutTextMark("'-2.50")).toBe("'-2.50");
  });

  it('reads back every cell exactly as it was given', () => {
    const cell = fc.string({
      unit: fc.constantFrom(
        '=',
        '+',
        '-',
        '@',
        "'",
        '\t',
        '\r',
        '\n',
        ',',
        '"',
        'a',
        '1',
        '.',
        '－',
        ' ',
      ),
    });
    fc.assert(
      fc.property(
        fc.array(fc.array(cell, { minLength: 2, maxLength: 4 }), { maxLength: 5 }),
        (rows) => {
          const { records, problems } = readCsv(csvText(['a', 'b'], rows));
          expect(problems).toEqual([]);
          expect(records.map((record) => record.fields)).toEqual([['a', 'b'], ...rows]);
        },
      ),
    );
  });
});

describe('readCsv', () => {
  it('reads quoted fields across lines and numbers records by the line they start on', () => {
    const { records, problems } = readCsv('\uFEFFa,b\r\n"x\r\ny",2\n\n"""q""",\n3,4');
    expect(problems).toEqual([]);
    expect(records).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x\r\ny', '2'] },
      { line: 5, fields: ['"q"', ''] },
      { line: 6, fields: ['3', '4'] },
    ]);
  });

  it('counts lines, not bytes, after text in other alphabets', () => {
    expect(readCsv('nombre\r\nMaría\r\n\r\nJosé,ü\r\n').records).toEqual([
      { line: 1, fields: ['nombre'] },
      { line: 2, fields: ['María'] },
      { line: 4, fields: ['José', 'ü'] },
    ]);
  });

  it('stops at a misplaced or unterminated quote, naming the line of its record', () => {
    expect(readCsv('a,b\nok,1\nx"y,2\nok,3\n')).toEqual({
      records: [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['ok', '1'] },
      ],
      problems: [{ line: 3, message: 'a quote is misplaced (quote the whole field)' }],
    });
    expect(readCsv('a,b\n\n"z"w,2\nok,3\n').problems).toEqual([
      { line: 3, message: 'a quote is misplaced (quote the whole field)' },
    ]);
    expect(readCsv('a\n"open\nstill open\n').problems).toEqual([
      { line: 2, message: 'a quoted field is never closed' },
    ]);
  });
});
