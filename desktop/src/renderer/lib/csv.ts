/**
 * The renderer's CSV exports (contacts, dashboard): `;`-separated lines with a BOM, so
 * spreadsheet programs read the accents as UTF-8.
 */

/**
 * Text a spreadsheet would run as a formula: a cell starting with = + - @ (or a tab or carriage
 * return before one). A contact named `=HYPERLINK(…)` must export as its name, not a live link.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One field: a text that would be read as a formula gets a leading apostrophe (the spreadsheet
 * shows it as text; issue 28 §9); a field holding the separator, a quote or a line break is
 * quoted. Numbers are numbers: a negative one stays a number.
 */
export const csvField = (v: string | number): string => {
  if (typeof v === 'number') return String(v);
  const s = FORMULA_START.test(v) ? `'${v}` : v;
  return /[;"\r\n\t]/.test(s) || s !== v ? `"${s.replace(/"/g, '""')}"` : s;
};

/** The whole file: header, rows, CRLF line ends, BOM first. */
export const toCsv = (header: string[], rows: (string | number)[][]): string =>
  `\uFEFF${[header, ...rows].map((r) => r.map(csvField).join(';')).join('\r\n')}\r\n`;
