import type { PaymentMethod } from '@webpay/contracts/payment-methods';
import type { Translation } from '@webpay/contracts/language';
import type { accountTypeMessages } from '@/lib/payments/payment-words.messages.ts';
import type { paymentMethodsMessages } from '../payment-methods.messages.ts';

type Words = Translation<typeof paymentMethodsMessages.en>;
type AccountTypes = Translation<typeof accountTypeMessages.en>;

/** `VISA •••• 1111`, or `Checking •••• 6789`: never more than the last four digits. */
export function methodLabel(method: PaymentMethod, t: Words, accountTypes: AccountTypes): string {
  if (method.kind === 'bank') {
    const type = method.brand === 'SAVINGS' ? accountTypes.SAVINGS : accountTypes.CHECKING;
    return t.bankLabel(type, method.last4);
  }
  return t.cardLabel(method.brand, method.last4);
}
