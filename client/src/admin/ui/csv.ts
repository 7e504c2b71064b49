/**
 * CSV files of staff lists (RFC 4180), made to open cleanly in Excel and to be safe there:
 * - fields holding a comma, a double quote or a line break are quoted, quotes doubled; records end with CRLF;
 * - a UTF-8 byte order mark comes first, or Excel reads the file as ANSI and garbles accented names;
 * - a cell starting with =, +, -, @, tab or carriage return gets a leading single quote, so a visitor's text is
 *   never run as a spreadsheet formula (CSV injection).
 */

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const BYTE_ORDER_MARK = '\uFEFF';

/** One field, neutralised and quoted as needed. */
export function csvField(value: CsvValue): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The whole file: the byte order mark, a header record, then one record per row. */
export function toCsv<Row>(columns: CsvColumn<Row>[], rows: Row[]): string {
  const records = [
    columns.map((column) => csvField(column.header)),
    ...rows.map((row) => columns.map((column) => csvField(column.value(row)))),
  ];
  return BYTE_ORDER_MARK + records.map((fields) => `${fields.join(',')}\r\n`).join('');
}

/** Hands `csv` to the browser as a download named `fileName`. */
export function downloadCsv(fileName: string, csv: string): void {
  downloadText(fileName, csv, 'text/csv;charset=utf-8');
}

/** Saves `text` as a file the browser downloads (a CSV export, a privacy export's JSON). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has taken its copy once click() returns; a later revoke keeps slow browsers safe.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `<parts>-<day of the download>.<extension>`, in lower-case words joined by dashes. */
export function datedFileName(extension: string, ...parts: string[]): string {
  const today = new Date();
  const day = [today.getFullYear(), today.getMonth() + 1, today.getDate()]
    .map((n) => String(n).padStart(2, '0'))
    .join('-');
  const words = [...parts, day].map((part) =>
    part
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, ''),
  );
  return `${words.filter(Boolean).join('-')}.${extension}`;
}
