import type { ComponentType } from 'react';
import type { EncountersResponse } from '@webpay/contracts/encounters';
import type { Receipt } from '@webpay/contracts/payments';
import type { PaymentRequest } from './payment-items.ts';

// The payments feature's dialogs, as the pages that open them see them. A page
// in another feature takes the dialog as a prop and its route passes it in,
// so features do not import each other (decision 0019).

export interface PaymentDialogProps {
  /** What to pay; null keeps the dialog closed. */
  request: PaymentRequest | null;
  /** The pending bills the items come from, for what is already pending on them. */
  bills?: EncountersResponse;
  onClose: () => void;
  /** SPEC §4 After a successful payment (or an approval the service could not record). */
  onPaid: (receipt: Receipt) => void;
}

export interface ReceiptDialogProps {
  /** null keeps the dialog closed. */
  receipt: Receipt | null;
  onClose: () => void;
  /** Already posted to the accounts (payment history): the posting-time note no longer applies. */
  applied?: boolean;
}

/** `preload`, when given, fetches a dialog loaded on demand before it opens. */
export type PaymentDialogComponent = ComponentType<PaymentDialogProps> & { preload?: () => void };
export type ReceiptDialogComponent = ComponentType<ReceiptDialogProps> & { preload?: () => void };
