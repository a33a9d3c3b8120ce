import { describe, expect, it } from 'vitest';
import { csvField, toCsv } from './csv';

describe('CSV exports', () => {
  it('export a would-be formula as text: = + - @, and a tab or CR before one (issue 28 §9)', () => {
    expect(csvField("=cmd|' /C calc'!A0")).toBe(`"'=cmd|' /C calc'!A0"`);
    expect(csvField('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvField('+5511999')).toBe(`"'+5511999"`);
    expect(csvField('-2+3')).toBe(`"'-2+3"`);
    expect(csvField('@SUM(A1)')).toBe(`"'@SUM(A1)"`);
    expect(csvField('\t=1+1')).toBe(`"'\t=1+1"`);
    expect(csvField('\r=1+1')).toBe(`"'\r=1+1"`);
  });

  it('leave ordinary text and numbers as they are, quoting only what needs it', () => {
    expect(csvField('Ana Lima')).toBe('Ana Lima');
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField('5511999')).toBe('5511999');
    expect(csvField(-3)).toBe('-3');
    expect(csvField('Silva; Ana')).toBe('"Silva; Ana"');
    expect(csvField('diz "oi"')).toBe('"diz ""oi"""');
  });

  it('write the file with a BOM, ; and CRLF', () => {
    expect(toCsv(['name', 'n'], [['=1', 2]])).toBe('\uFEFFname;n\r\n"\'=1";2\r\n');
  });
});
