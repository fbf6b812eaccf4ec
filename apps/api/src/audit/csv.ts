/**
 * CSV as RFC 4180 writes it, safe to open in a spreadsheet: a field holding a comma, a quote or
 * a line break is quoted (quotes doubled), and a field a spreadsheet would run as a formula
 * (starting with = + - @, a tab or a carriage return: OWASP's "CSV injection") is prefixed with
 * a single quote, which spreadsheets show as text. Rows end in CRLF.
 *
 * A semicolon is quoted too: Excel in most European locales opens a .csv splitting on `;`, so an
 * unquoted `Eve;=HYPERLINK(...)` became a cell starting with `=`, past the prefix. Quotes group
 * in either reading, and RFC 4180 readers take the quoted field back unchanged.
 *
 * The full-width forms of = + - @ (U+FF1D, U+FF0B, U+FF0D, U+FF20) are prefixed as well:
 * spreadsheets in East Asian locales may read them as their ASCII twins and run the cell.
 */
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;
const NEEDS_QUOTES = /[",;\r\n]/;

export function csvField(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const inert = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

export function csvRow(values: readonly (string | null | undefined)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
