import type { ConvergeTxn, StoredCardToken } from './processor.ts';

/*
 * The browser's word is never trusted: a token is saved only when the
 * processor's own record of it (ccquerytoken) shows the same card as the
 * transaction it verified.
 */

/** The digits shown at each end of a masked card number ("41**********9990"). */
function maskEnds(masked: string): { first: string; last: string } | undefined {
  const trimmed = masked.trim();
  const last = /(\d{4})$/.exec(trimmed)?.[1];
  if (!last) return undefined;
  return { first: /^\d*/.exec(trimmed)?.[0] ?? '', last };
}

/** Two masked numbers of the same card: same last four, and one's leading digits start the other's. */
export function sameMaskedCard(a: string | undefined, b: string | undefined): boolean {
  const left = maskEnds(a ?? '');
  const right = maskEnds(b ?? '');
  if (!left || !right || left.last !== right.last) return false;
  return left.first.startsWith(right.first) || right.first.startsWith(left.first);
}

/** The token's card is the verified transaction's: masked number and expiry (MMYY) agree. */
export function tokenMatchesTxn(stored: StoredCardToken, txn: ConvergeTxn): boolean {
  return (
    sameMaskedCard(stored.cardNumberMasked, txn.ssl_card_number) &&
    /^\d{4}$/.test(stored.expiry) &&
    stored.expiry === (txn.ssl_exp_date ?? '').trim()
  );
}

export function last4Of(masked: string): string {
  return maskEnds(masked)?.last ?? '';
}
