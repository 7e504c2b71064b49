import { afterEach, describe, expect, it, vi } from 'vitest';
import { csvField, datedFileName, toCsv, type CsvColumn } from './csv.js';

describe('csvField', () => {
  it('leaves plain text, numbers and booleans as they are; empty for null and undefined', () => {
    expect(csvField('Asha Gurung')).toBe('Asha Gurung');
    expect(csvField(42)).toBe('42');
    expect(csvField(true)).toBe('true');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField('')).toBe('');
  });

  it('quotes fields with a comma, a double quote or a line break, doubling the quotes', () => {
    expect(csvField('Bay St, Toronto')).toBe('"Bay St, Toronto"');
    expect(csvField('She said "hi"')).toBe('"She said ""hi"""');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('line one\r\nline two')).toBe('"line one\r\nline two"');
  });

  it('puts a single quote before anything a spreadsheet would read as a formula', () => {
    expect(csvField('=HYPERLINK("http://evil.example","click")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""click"")"',
    );
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('+61 400 000 000')).toBe("'+61 400 000 000");
    expect(csvField('-2+3')).toBe("'-2+3");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\tcmd')).toBe("'\tcmd");
    expect(csvField('\rcmd')).toBe('"\'\rcmd"');
    // Only the first character counts.
    expect(csvField('a=b')).toBe('a=b');
    expect(csvField(' =1')).toBe(' =1');
  });

  it('keeps accented and non-Latin text as it is', () => {
    expect(csvField('Zoë Müller – नमस्ते')).toBe('Zoë Müller – नमस्ते');
  });
});

describe('toCsv', () => {
  interface Person {
    name: string;
    note: string | null;
    agreed: boolean;
  }
  const columns: CsvColumn<Person>[] = [
    { header: 'Name', value: (row) => row.name },
    { header: 'Note, if any', value: (row) => row.note },
    { header: 'Agreed', value: (row) => (row.agreed ? 'Yes' : 'No') },
  ];

  it('starts with the UTF-8 byte order mark and a header record; every record ends with CRLF', () => {
    const csv = toCsv(columns, [
      { name: 'José', note: 'Call after 5, please', agreed: true },
      { name: 'Sita', note: null, agreed: false },
    ]);
    expect(csv).toBe('\uFEFFName,"Note, if any",Agreed\r\nJosé,"Call after 5, please",Yes\r\nSita,,No\r\n');
    // The mark is encoded as EF BB BF at the start of the file.
    expect([...new TextEncoder().encode(csv).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  });

  it('writes only the header record when there are no rows', () => {
    expect(toCsv(columns, [])).toBe('\uFEFFName,"Note, if any",Agreed\r\n');
  });
});

describe('datedFileName', () => {
  afterEach(() => vi.useRealTimers());

  it('joins the words in lower case with dashes, accents and symbols dropped, and adds the day', () => {
    vi.useFakeTimers({ now: new Date(2026, 6, 1, 12) });
    expect(datedFileName('csv', 'contact-us', 'Côte d’Ivoire', 'Kathmandu (Main)')).toBe(
      'contact-us-cote-d-ivoire-kathmandu-main-2026-07-01.csv',
    );
    // An empty part (no branch chosen) leaves no double dash.
    expect(datedFileName('json', 'privacy-export', '')).toBe('privacy-export-2026-07-01.json');
  });
});
