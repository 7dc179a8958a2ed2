/* What the estimate's two fields accept. */

const HOUSEHOLD = /^\d{1,2}$/;
/** Whole dollars or dollars and cents, with or without a $ and thousands commas. */
const DOLLARS = /^\$?\s*(\d{1,3}(,\d{3})+|\d{1,9})(\.\d{1,2})?$/;

/** The typed yearly income in cents, or undefined when it is not an amount. */
export function incomeCents(text: string): number | undefined {
  const trimmed = text.trim();
  if (!DOLLARS.test(trimmed)) return undefined;
  const [whole = '0', fraction = ''] = trimmed.replace(/[$,\s]/g, '').split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The household size typed, 1 to 30, or undefined. */
export function householdSize(text: string): number | undefined {
  const trimmed = text.trim();
  if (!HOUSEHOLD.test(trimmed)) return undefined;
  const size = Number(trimmed);
  return size >= 1 && size <= 30 ? size : undefined;
}
