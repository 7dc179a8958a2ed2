import {
  PAYMENT_ITEM_DESCRIPTIONS,
  PAYMENT_ITEM_DESCRIPTIONS_ES,
  PAYMENT_TYPE_LABELS,
} from '@webpay/contracts/payments';
import { defineCatalogue } from '@/lib/messages.ts';

/** How a bank account's type is named, on the form and on a receipt. */
export const accountTypeMessages = defineCatalogue(
  { CHECKING: 'Checking', SAVINGS: 'Savings' },
  { CHECKING: 'Cuenta de cheques', SAVINGS: 'Cuenta de ahorros' },
);

/**
 * The words the portal itself puts into a payment line's description (SPEC
 * §3): the service keeps them in English with the payment, so they are
 * reworded where they are shown.
 */
export const itemDescriptionMessages = defineCatalogue(
  { ...PAYMENT_ITEM_DESCRIPTIONS, guarantor: PAYMENT_TYPE_LABELS.total },
  { ...PAYMENT_ITEM_DESCRIPTIONS_ES, guarantor: 'Pago a su cuenta' },
);
