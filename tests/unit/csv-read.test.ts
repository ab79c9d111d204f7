import { describe, expect, it } from 'vitest';
import { entryImportColumns } from '../../src/shared/contracts/admin';
import { entryImportTemplate, importMessages, readEntryImport } from '../../src/shared/contracts/entry-import';
import { csvMessages, readCsv } from '../../src/shared/domain/csv';
import { SMS_CONSENT_TEXT } from '../../src/shared/domain/sms';

const rows = (text: string) => {
  const read = readCsv(text);
  if (!read.ok) throw new Error(`${read.line}: ${read.message}`);
  return read.rows.map((r) => [r.line, ...r.cells]);
};

describe('readCsv', () => {
  it('reads plain rows ending in CRLF, LF or CR, with or without a last line break', () => {
    expect(rows('a,b\r\nc,d\r\n')).toEqual([
      [1, 'a', 'b'],
      [2, 'c', 'd'],
    ]);
    expect(rows('a,b\nc,d')).toEqual([
      [1, 'a', 'b'],
      [2, 'c', 'd'],
    ]);
    expect(rows('a,b\rc,d\r')).toEqual([
      [1, 'a', 'b'],
      [2, 'c', 'd'],
    ]);
  });

  it('drops a byte-order mark and skips blank lines, keeping each row’s line', () => {
    expect(rows('\uFEFFname,age\r\n\r\nAl,30\r\n\r\n')).toEqual([
      [1, 'name', 'age'],
      [3, 'Al', '30'],
    ]);
  });

  it('reads quoted fields: commas, doubled quotes, line breaks and empty quotes', () => {
    expect(rows('"Knicks, forever","The ""Bockers""",""\r\n"two\r\nlines",x\r\nlast,"a,b"')).toEqual([
      [1, 'Knicks, forever', 'The "Bockers"', ''],
      [2, 'two\r\nlines', 'x'],
      [4, 'last', 'a,b'],
    ]);
    // A line of one empty quoted field is a row, not a blank line; a trailing comma is an empty last field.
    expect(rows('""\na,\n')).toEqual([
      [1, ''],
      [2, 'a', ''],
    ]);
    // Spaces outside quotes are part of the field (the reader trims nothing).
    expect(rows(' a , b ')).toEqual([[1, ' a ', ' b ']]);
  });

  it('names the line of a quote that is not closed, or one inside a field', () => {
    expect(readCsv('a,b\r\n"open,c\r\nd,e\r\n')).toEqual({ ok: false, line: 2, message: csvMessages.unclosedQuote });
    expect(readCsv('a,b\r\nc,"x"y\r\n')).toEqual({ ok: false, line: 2, message: csvMessages.strayQuote });
    expect(readCsv('a,b\nc,d"e\n')).toEqual({ ok: false, line: 2, message: csvMessages.strayQuote });
    expect(readCsv('"multi\nline"x')).toEqual({ ok: false, line: 2, message: csvMessages.strayQuote });
  });

  it('reads nothing from an empty text', () => {
    expect(readCsv('')).toEqual({ ok: true, rows: [] });
    expect(readCsv('\uFEFF\r\n\r\n')).toEqual({ ok: true, rows: [] });
  });
});

describe('readEntryImport', () => {
  it('reads its own template: the header of every column and one example entry', () => {
    const read = readEntryImport(entryImportTemplate());
    expect(read.problems).toEqual([]);
    expect(read.entries).toEqual([
      {
        line: 2,
        input: expect.objectContaining({
          nickname: 'Jordan',
          phone: '+12025550191',
          email: 'jordan@example.com',
          state: 'OH',
          amountCents: 1000,
          smsConsent: true,
          ageConfirmed: true,
          teamSupport: 'Knicks',
        }),
      },
    ]);
    expect(entryImportTemplate().split('\r\n')[0]).toBe(entryImportColumns.map((c) => `"${c.name}"`).join(','));
    // The consent column stands for the one consent wording a fan ticks.
    expect(SMS_CONSENT_TEXT).toContain('Reply STOP');
  });

  it('matches headers in any case and spelling, and reads yes/no ticks leniently', () => {
    const read = readEntryImport('NICKNAME,age-confirmed,Text_Consent,phone\nAl,Y,x,2025550191\nBo,TRUE,,\n');
    expect(read.problems).toEqual([]);
    expect(read.entries.map((e) => [e.input.nickname, e.input.ageConfirmed, e.input.smsConsent])).toEqual([
      ['Al', true, true],
      ['Bo', true, false],
    ]);
  });

  it('names a value that does not read by line and column, and keeps the lines that do', () => {
    const read = readEntryImport(
      'Nickname,Age Confirmed,Amount,State\nAl,yes,ten,OH\nBo,perhaps,5,XX\n,yes,,\nCy,yes,5,oh\n',
    );
    expect(read.problems).toEqual([
      { line: 2, column: 'Amount', message: 'Enter an amount in dollars, e.g. 25 or 12.50' },
      { line: 3, column: 'Age Confirmed', message: importMessages.yesNo },
      { line: 3, column: 'State', message: 'Choose a US state (two letters, e.g. NY, DC)' },
      { line: 4, column: 'Nickname', message: importMessages.nicknameRequired },
    ]);
    expect(read.entries.map((e) => [e.line, e.input.nickname, e.input.state])).toEqual([[5, 'Cy', 'OH']]);
  });

  it('refuses a line with more fields than the header, as a comma left unquoted', () => {
    const read = readEntryImport('Nickname,Age Confirmed\nAl,yes,Knicks, forever\n');
    expect(read.problems).toEqual([{ line: 2, column: null, message: importMessages.extraCells(4, 2) }]);
  });
});
