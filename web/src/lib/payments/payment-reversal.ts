import type { GuarantorReversal } from '@webpay/contracts/payment-reversal';

/** Nothing is left to post of a voided or wholly refunded payment: it is not pending. */
export function isWhollyReversed(reversal: GuarantorReversal | null | undefined): boolean {
  return reversal?.status === 'voided' || reversal?.status === 'refunded';
}
