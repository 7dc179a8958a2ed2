/**
 * SPEC §5 Amount inputs: characters other than digits and the decimal point
 * are stripped; an edit that would leave more than one point or more than two
 * decimals is ignored, keeping the previous value.
 */
export function sanitizeAmountInput(next: string, previous: string): string {
  const stripped = next.replace(/[^\d.]/g, '');
  const parts = stripped.split('.');
  if (parts.length > 2) return previous;
  const decimals = parts[1];
  if (decimals !== undefined && decimals.length > 2) return previous;
  return stripped;
}

/** The dollar amount an input holds; empty or a lone point count as zero. */
export function parseAmountInput(value: string): number {
  const amount = Number.parseFloat(value);
  return Number.isFinite(amount) ? amount : 0;
}
