import { describe, expect, it } from 'vitest';
import { csvField, csvRow } from './csv.js';

describe('csv', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rlf', '"cr\rlf"'],
    ['=1+2', "'=1+2"],
    ['+44 20', "'+44 20"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['a=b', 'a=b'],
    // Full-width forms, which spreadsheets in East Asian locales read as = + - @.
    ['\uff1d1+2', "'\uff1d1+2"],
    ['\uff0bcmd', "'\uff0bcmd"],
    ['\uff0d2+3', "'\uff0d2+3"],
    ['\uff20SUM(A1)', "'\uff20SUM(A1)"],
    ['a\uff1db', 'a\uff1db'],
  ])('writes %j as %j', (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it('ends each row in CRLF', () => {
    expect(csvRow(['a', null, 'c'])).toBe('a,,c\r\n');
  });
});
