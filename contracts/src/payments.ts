import { z } from 'zod';
import { ACCOUNT_TYPES, eCheckSchema, payerSchema } from './billing.ts';
import { isoDateTimeSchema } from './dates.ts';
import { ECHECK_AUTHORIZATION_MESSAGES } from './echeck-authorization.ts';
import { LANGUAGES, type Translation } from './language.ts';
import { facilityIdSchema } from './facilities.ts';
import { dollarAmountSchema, positiveDollarAmountSchema, type Cents } from './money.ts';
import { guarantorReversalSchema } from './payment-reversal.ts';
import { plainText } from './plain-text.ts';
import { storedCredentialConsentSchema } from './payment-methods.ts';

/**
 * SPEC §4 Payment mode: how the amounts on the dashboard become a payment.
 * encounter is per-item amounts (the default); total pays everything owed;
 * custom pays an amount of the guarantor's choosing.
 */
export const PAYMENT_MODES = ['encounter', 'total', 'custom'] as const;
export const paymentModeSchema = z.enum(PAYMENT_MODES);
export type PaymentMode = z.infer<typeof paymentModeSchema>;

/** SPEC §3 Payment item type; 'external' and 'payment_plan' are also payment types (SPEC §4). */
export const PAYMENT_ITEM_TYPES = [
  'encounter',
  'payment_plan',
  'total',
  'custom',
  'external',
] as const;
export const paymentItemTypeSchema = z.enum(PAYMENT_ITEM_TYPES);
export type PaymentItemType = z.infer<typeof paymentItemTypeSchema>;

/** SPEC §9 Payment type labels by mode: the paymentType of each line sent to the service. */
export const PAYMENT_TYPE_LABELS = {
  encounter: 'Account Payment',
  payment_plan: 'Payment Plan',
  total: 'Guarantor Payment',
  custom: 'Guarantor Payment',
  external: 'GL Payment',
} as const satisfies Record<PaymentItemType, string>;
export type PaymentTypeLabel = (typeof PAYMENT_TYPE_LABELS)[PaymentItemType];
const PAYMENT_TYPE_LABEL_VALUES = [...new Set(Object.values(PAYMENT_TYPE_LABELS))] as [
  PaymentTypeLabel,
  ...PaymentTypeLabel[],
];

/** SPEC §3 descriptions of the items that are not a single encounter. */
export const PAYMENT_ITEM_DESCRIPTIONS = {
  total: 'Amount Due Payment',
  custom: 'Custom Payment',
  paymentPlan: 'Payment Plan',
} as const;

export const PAYMENT_ITEM_DESCRIPTIONS_ES: Translation<typeof PAYMENT_ITEM_DESCRIPTIONS> = {
  total: 'Pago del total',
  custom: 'Pago personalizado',
  paymentPlan: 'Plan de pagos',
};

/** SPEC §3 Payment item: one line of the payment dialog's summary. */
export const paymentItemSchema = z
  .object({
    type: paymentItemTypeSchema,
    facilityId: facilityIdSchema,
    accountNumber: z.string().min(1),
    description: z.string().min(1),
    amount: positiveDollarAmountSchema,
  })
  .meta({ id: 'PaymentItem' });
export type PaymentItem = z.infer<typeof paymentItemSchema>;

/** SPEC §3 Payment line: what the service is asked to charge, one line per item. */
export const paymentLineSchema = z
  .object({
    paymentType: z.enum(PAYMENT_TYPE_LABEL_VALUES),
    facilityId: facilityIdSchema,
    accountId: plainText().min(1).max(64),
    amount: positiveDollarAmountSchema,
  })
  .meta({ id: 'PaymentLine' });
export type PaymentLine = z.infer<typeof paymentLineSchema>;

export const PAYMENT_LINE_MESSAGES = {
  noAccounts: 'At least one account must be paid',
  tooManyAccounts: 'At most 500 accounts can be paid at once',
} as const;

export const PAYMENT_LINE_MESSAGES_ES: Translation<typeof PAYMENT_LINE_MESSAGES> = {
  noAccounts: 'Debe pagar al menos una cuenta',
  tooManyAccounts: 'Se pueden pagar como máximo 500 cuentas a la vez',
};

const accountsSchema = z
  .array(paymentLineSchema)
  .min(1, PAYMENT_LINE_MESSAGES.noAccounts)
  .max(500, PAYMENT_LINE_MESSAGES.tooManyAccounts);

/**
 * The guarantor was told what is already pending on the accounts paid and
 * chose to pay anyway. Without it the service refuses a line that pays more
 * than its balance less the portal payments pending on it
 * (409 PENDING_PAYMENT_EXISTS).
 */
const acknowledgePendingSchema = z.boolean().default(false);

/**
 * True when paying `amountCents` on an account would pay more than is left
 * once the portal payments already pending on it are applied: the question
 * the portal asks and the refusal the service answers rest on this one rule.
 */
export function paysBeyondPending(
  amountCents: Cents,
  balanceCents: Cents,
  pendingCents: Cents,
): boolean {
  return pendingCents > 0 && amountCents > balanceCents - pendingCents;
}

/** POST /payments/init: start a card payment (SPEC §7). */
export const cardStartRequestSchema = z
  .object({
    accounts: accountsSchema,
    payer: payerSchema,
    saveEmailAsGuarantor: z.boolean(),
    acknowledgePending: acknowledgePendingSchema,
    /** "Save this card for future payments": the stored-credential consent shown (issue #25). */
    saveCard: storedCredentialConsentSchema.optional(),
  })
  .meta({ id: 'CardStartRequest' });
export type CardStartRequest = z.input<typeof cardStartRequestSchema>;

/** SPEC §3 Card start response: our reference number and the processor's lightbox token. */
export const cardStartResponseSchema = z
  .object({ refNum: z.string(), token: z.string() })
  .meta({ id: 'CardStartResponse' });
export type CardStartResponse = z.infer<typeof cardStartResponseSchema>;

/** PUT /payments/{id}/card: the lightbox's approval, which the service verifies with the processor. */
export const cardCompletionRequestSchema = z
  .object({
    convergeResponse: z.record(z.string(), z.string()),
    saveEmailAsGuarantor: z.boolean(),
  })
  .meta({ id: 'CardCompletionRequest' });
export type CardCompletionRequest = z.infer<typeof cardCompletionRequestSchema>;

/** DELETE /payments/{id}: why the card payment ended without a charge. */
export const cancelPaymentRequestSchema = z
  .object({ message: plainText().min(1).max(500) })
  .meta({ id: 'CancelPaymentRequest' });
export type CancelPaymentRequest = z.infer<typeof cancelPaymentRequestSchema>;

/**
 * The eCheck authorization the payer accepted, in the words the portal showed
 * (echeck-authorization.ts), in the language of the request.
 */
export const eCheckAuthorizationSchema = z
  .object(
    {
      accepted: z.literal(true, { error: ECHECK_AUTHORIZATION_MESSAGES.required }),
      text: z
        .string({ error: ECHECK_AUTHORIZATION_MESSAGES.textRequired })
        .min(1, ECHECK_AUTHORIZATION_MESSAGES.textRequired)
        .max(2000),
    },
    { error: ECHECK_AUTHORIZATION_MESSAGES.required },
  )
  .meta({ id: 'ECheckAuthorization' });
export type ECheckAuthorization = z.infer<typeof eCheckAuthorizationSchema>;

/** POST /payments/ach: an eCheck payment in one call (SPEC §7). */
export const achPaymentRequestSchema = z
  .object({
    accounts: accountsSchema,
    payer: payerSchema,
    eCheck: eCheckSchema,
    authorization: eCheckAuthorizationSchema,
    saveEmailAsGuarantor: z.boolean(),
    acknowledgePending: acknowledgePendingSchema,
  })
  .meta({ id: 'AchPaymentRequest' });
export type AchPaymentRequest = z.input<typeof achPaymentRequestSchema>;

export const RECEIPT_STATUSES = ['approved', 'failed'] as const;

/**
 * The billing information on a receipt, as it was stored when the payment
 * was made. It is read back as it is, not held to the payer schema, which
 * normalises input and whose rules may since have been tightened: a receipt
 * must stay readable.
 */
export const billingInformationSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  email: z.string().nullable(),
});

/** SPEC §3 Receipt. Card and bank numbers are only ever masked. */
export const receiptSchema = z
  .object({
    id: z.string(),
    paymentMethod: z.enum(['card', 'eCheck']),
    receiptId: z.string(),
    amount: dollarAmountSchema,
    date: isoDateTimeSchema,
    status: z.enum(RECEIPT_STATUSES),
    accounts: z.array(
      paymentLineSchema.extend({
        locationId: facilityIdSchema,
        description: z.string().optional(),
      }),
    ),
    billingInformation: billingInformationSchema,
    card: z
      .object({ brand: z.string(), last4: z.string(), expiry: z.string() })
      .nullable()
      .optional(),
    eCheck: z
      .object({
        accountType: z.enum(ACCOUNT_TYPES),
        accountNumber: z.string(),
        /** The authorization accepted for the debit, in the language it was shown in. */
        authorization: z
          .object({ text: z.string(), language: z.enum(LANGUAGES) })
          .nullable()
          .optional(),
      })
      .nullable()
      .optional(),
    /** The e-mail address the receipt was sent to, when the guarantor chose one. */
    emailedTo: z.string().nullable().optional(),
    /** Set once part or all of the payment was given back (voided or refunded). */
    reversal: guarantorReversalSchema.nullable().optional(),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof receiptSchema>;

export { PAYMENT_MESSAGES, PAYMENT_MESSAGES_ES } from './payment-messages.ts';

/** What a payment line's account id is built from besides the item itself. */
export interface AccountContext {
  centralFacilityId: string;
  /** The guarantor's MMI, which identifies guarantor-level payments. */
  mmi: string;
}

/**
 * SPEC §9 Account id by mode: encounter → facility-account; payment plan →
 * the plan's account number with the central facility; external → the
 * account number; guarantor (total/custom) → the MMI with the central facility.
 */
export function accountIdFor(
  item: Pick<PaymentItem, 'type' | 'facilityId' | 'accountNumber'>,
  context: AccountContext,
): string {
  switch (item.type) {
    case 'encounter':
      return `${item.facilityId}-${item.accountNumber}`;
    case 'payment_plan':
      return `${context.centralFacilityId}-${item.accountNumber}`;
    case 'external':
      return item.accountNumber;
    case 'total':
    case 'custom':
      return `${context.centralFacilityId}-${context.mmi}`;
  }
}

/** SPEC §3: the line sent to the service for one payment item. */
export function paymentLineFor(item: PaymentItem, context: AccountContext): PaymentLine {
  return {
    paymentType: PAYMENT_TYPE_LABELS[item.type],
    facilityId: item.facilityId,
    accountId: accountIdFor(item, context),
    amount: item.amount,
  };
}
