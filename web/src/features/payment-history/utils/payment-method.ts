import { DEFAULT_LANGUAGE, type Language } from '@webpay/contracts/language';
import type { PaymentHistoryItem } from '@webpay/contracts/payment-history';
import { maskedBankAccount, maskedCard } from '@/lib/payments/receipt-format.ts';
import { messagesIn } from '@/lib/messages.ts';
import { paymentTableMessages } from '../payment-history.messages.ts';

/** `VISA •••• 9990` or `Checking •••• 6789`, as on the receipt: never more than the last four digits. */
export function paymentMethodText(
  payment: PaymentHistoryItem,
  language: Language = DEFAULT_LANGUAGE,
): string {
  if (payment.card) return maskedCard(payment.card);
  if (payment.eCheck) {
    return maskedBankAccount(
      { accountType: payment.eCheck.accountType, accountNumber: payment.eCheck.last4 },
      language,
    );
  }
  const words = messagesIn(paymentTableMessages, language);
  return payment.method === 'card' ? words.card : words.bankAccount;
}

/**
 * The same text with a no-break space between the mask and the last four
 * (`Cuenta de ahorros ••••\u00a04321`), so a narrow cell wraps before the
 * masked number, never inside it.
 */
export function keepMaskedNumberTogether(text: string): string {
  return text.replace(/(•+) (\d)/u, '$1\u00a0$2');
}
