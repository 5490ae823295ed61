/**
 * What a spreadsheet reads as the start of a formula (OWASP, CSV injection): = + - @, and a tab,
 * carriage return or line feed before one.
 */
const FORMULA_START = /^[=+\-@\t\r\n]/;
/** A plain decimal number: a spreadsheet reads it as that number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV cell (RFC 4180) that opens as text in a spreadsheet: a cell that could start a formula
 * gets a leading apostrophe (except a plain number, so negative amounts stay numbers), and a cell
 * with a comma, quote or line break is quoted, its quotes doubled.
 */
export function csvCell(value: string): string {
  const inert = FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(inert) ? `"${inert.replaceAll('"', '""')}"` : inert;
}

/** One CSV line, ended by CRLF as RFC 4180 has it. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/**
 * Put before the first line so a spreadsheet reads the file as UTF-8: Excel otherwise assumes the
 * computer's legacy code page and garbles any name or reason outside ASCII. LibreOffice, Numbers
 * and Google Sheets skip it.
 */
export const UTF8_BOM = '\uFEFF';
