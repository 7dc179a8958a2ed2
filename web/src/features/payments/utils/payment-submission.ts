import type { Claims, User } from '@webpay/contracts/auth';
import { paymentLineFor, type PaymentItem } from '@webpay/contracts/payments';
import type { PaymentSubmission } from '../hooks/use-payment-flow.ts';
import {
  authorizationFrom,
  canSaveEmail,
  eCheckFrom,
  payerFrom,
  type PaymentFormOutput,
} from './payment-form.ts';

export interface SubmissionContext {
  items: readonly PaymentItem[];
  user: Pick<User, 'email' | 'mmi'>;
  claims: Pick<Claims, 'loginType'>;
  centralFacilityId: string;
  /** The guarantor chose to pay although something is pending (decision 0016). */
  acknowledgePending?: boolean;
  /** The card consent as shown under "Save this card for future payments". */
  saveCardText?: string;
}

/** What the service is asked for, from the checked form (SPEC §3 Payment line, Payer, eCheck). */
export function buildSubmission(
  values: PaymentFormOutput,
  context: SubmissionContext,
): PaymentSubmission {
  const { items, user, claims, centralFacilityId, acknowledgePending = false } = context;
  const body = {
    accounts: items.map((item) => paymentLineFor(item, { centralFacilityId, mmi: user.mmi })),
    payer: payerFrom(values, user),
    // A box ticked and then hidden (the address changed back) must not count.
    saveEmailAsGuarantor:
      values.saveEmailAsGuarantor &&
      canSaveEmail(values.emailOption, values.customEmail, user, claims),
    // Sent only when given: the service's default is false.
    ...(acknowledgePending ? { acknowledgePending } : {}),
  };
  return values.method === 'eCheck'
    ? {
        method: 'eCheck',
        body: { ...body, eCheck: eCheckFrom(values), authorization: authorizationFrom(values) },
      }
    : {
        method: 'card',
        body: {
          ...body,
          // Sent only when the box is ticked and its consent was shown.
          ...(values.saveCard && context.saveCardText
            ? { saveCard: { accepted: true, text: context.saveCardText } }
            : {}),
        },
      };
}
