import type { PaymentHistoryItem } from '@webpay/contracts/payment-history';

const MASK = '••••';

/** `VISA •••• 9990` or `Checking •••• 6789`: never more than the last four digits. */
export function paymentMethodText(payment: PaymentHistoryItem): string {
  if (payment.card) return `${payment.card.brand} ${MASK} ${payment.card.last4}`;
  if (payment.eCheck) {
    const type = payment.eCheck.accountType === 'SAVINGS' ? 'Savings' : 'Checking';
    return `${type} ${MASK} ${payment.eCheck.last4}`;
  }
  return payment.method === 'card' ? 'Card' : 'Bank account';
}
