// CSV cells a spreadsheet would run as a formula (OWASP 'CSV injection'): a text cell that starts
// with = + - @, a tab or a carriage return gets a leading apostrophe, so Excel, Numbers and Sheets
// show it as text. One rule for every CSV the back office writes (catalog, Activity, exports).

/** The first characters that make a spreadsheet read a cell as a formula. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/** `value`, made text for a spreadsheet: `=HYPERLINK(…)` becomes `'=HYPERLINK(…)`. */
export const guardFormula = (value: string): string => (FORMULA_START.test(value) ? `'${value}` : value);

/** The cell as it was before guardFormula (the catalog import reads its own export back). */
export const unguardFormula = (value: string): string =>
  value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
