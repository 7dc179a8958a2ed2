import type { PaymentHistoryItem } from '@webpay/contracts/payment-history';
import { maskedBankAccount, maskedCard } from '@/features/payments/utils/receipt-format.ts';

/** `VISA •••• 9990` or `Checking •••• 6789`, as on the receipt: never more than the last four digits. */
export function paymentMethodText(payment: PaymentHistoryItem): string {
  if (payment.card) return maskedCard(payment.card);
  if (payment.eCheck) {
    return maskedBankAccount({
      accountType: payment.eCheck.accountType,
      accountNumber: payment.eCheck.last4,
    });
  }
  return payment.method === 'card' ? 'Card' : 'Bank account';
}
