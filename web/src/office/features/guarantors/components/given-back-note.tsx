import {
  GUARANTOR_REVERSAL_LABELS,
  GUARANTOR_REVERSAL_LABELS_ES,
  type GuarantorReversal,
} from '@webpay/contracts/payment-reversal';
import { toCents } from '@webpay/contracts/money';
import { useLanguage } from '@/lib/language.ts';
import { useMessages } from '@/lib/messages.ts';
import { useFormat } from '../../../lib/use-format.ts';
import { guarantorMessages } from '../guarantors.messages.ts';

/**
 * What was given back of a payment (voided, refunded, refunded in part), with
 * how much and when, in the words the portal shows the guarantor; nothing
 * while nothing was.
 */
export function GivenBackNote({ reversal }: { reversal: GuarantorReversal | null | undefined }) {
  const t = useMessages(guarantorMessages);
  const spanish = useLanguage() === 'es';
  const format = useFormat();
  if (!reversal) return null;
  const status = (spanish ? GUARANTOR_REVERSAL_LABELS_ES : GUARANTOR_REVERSAL_LABELS)[
    reversal.status
  ];
  return (
    <span className="block text-xs text-muted-foreground">
      {t.givenBack(status, format.cents(toCents(reversal.amount)), format.date(reversal.date))}
    </span>
  );
}
