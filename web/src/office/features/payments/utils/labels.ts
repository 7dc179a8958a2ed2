import {
  DESK_PAYMENT_STATUS_LABELS,
  DESK_PAYMENT_STATUS_LABELS_ES,
  REVERSAL_KIND_LABELS,
  REVERSAL_KIND_LABELS_ES,
  REVERSAL_STATUS_LABELS,
  REVERSAL_STATUS_LABELS_ES,
  type DeskPaymentStatus,
  type ReversalStatus,
} from '@webpay/contracts/payment-desk';
import type { PaymentSearchHit } from '@webpay/contracts/payment-desk';
import { useLanguage } from '@/lib/language.ts';

/** The contract's status and kind names in the reader's language. */
export function useDeskLabels() {
  const spanish = useLanguage() === 'es';
  return {
    status: spanish ? DESK_PAYMENT_STATUS_LABELS_ES : DESK_PAYMENT_STATUS_LABELS,
    kind: spanish ? REVERSAL_KIND_LABELS_ES : REVERSAL_KIND_LABELS,
    reversalStatus: spanish ? REVERSAL_STATUS_LABELS_ES : REVERSAL_STATUS_LABELS,
  };
}

type BadgeVariant = 'neutral' | 'success' | 'danger' | 'warning' | 'info';

/** Colours only second the words, which always show. */
export const STATUS_BADGES: Record<DeskPaymentStatus, BadgeVariant> = {
  in_progress: 'info',
  declined: 'danger',
  cancelled: 'neutral',
  failed: 'danger',
  paid: 'success',
  awaiting_approval: 'warning',
  partially_refunded: 'info',
  refunded: 'neutral',
  voided: 'neutral',
};

export const REVERSAL_BADGES: Record<ReversalStatus, BadgeVariant> = {
  awaiting_approval: 'warning',
  processing: 'info',
  completed: 'success',
  declined: 'danger',
  failed: 'danger',
  rejected: 'neutral',
};

/** The words instrumentText needs: each method's name, and the bank account types'. */
export interface InstrumentWords {
  methods: Readonly<Record<PaymentSearchHit['instrument']['method'], string>>;
  accountTypes: Readonly<Record<string, string>>;
}

/**
 * "VISA ****1234", "Checking ****6789" ("Cuenta de cheques ****6789"): a card's brand
 * as the processor names it, a bank account's type in the reader's words, and the
 * method's name when neither is known.
 */
export function instrumentText(
  instrument: PaymentSearchHit['instrument'],
  words: InstrumentWords,
): string {
  const { label, method, last4 } = instrument;
  const accountType =
    method === 'eCheck' && label !== null && Object.hasOwn(words.accountTypes, label)
      ? words.accountTypes[label]
      : undefined;
  const text = accountType ?? label ?? words.methods[method];
  return last4 ? `${text} ****${last4}` : text;
}
