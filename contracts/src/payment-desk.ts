import { z } from 'zod';
import { isoDateSchema } from './dates.ts';
import type { Translation } from './language.ts';
import { reasonSchema, sentEmailSchema, staffEmailSchema } from './office.ts';
import { plainText } from './plain-text.ts';

/*
 * The billing office's payment desk (issue #24): finding a payment, voiding
 * and refunding it through the processor, sending its receipt again, and
 * the reports of the day's money. Paths are relative to OFFICE_API_BASE_PATH;
 * money is integer cents, as everywhere in the console.
 */

export const PAYMENT_DESK_PATHS = {
  /** GET: payments matching PaymentSearchQuery. */
  search: '/payments',
  /** GET: one payment with its lines, reversals, processor record, e-mails and events. */
  payment: (id: string) => `/payments/${encodeURIComponent(id)}`,
  /** POST ReversalRequest: a void (before settlement). */
  void: (id: string) => `/payments/${encodeURIComponent(id)}/void`,
  /** POST RefundRequest: a refund (after settlement). */
  refund: (id: string) => `/payments/${encodeURIComponent(id)}/refund`,
  /** POST ApprovalDecision: a supervisor other than the requester approves. */
  approve: (id: string, reversalId: string) =>
    `/payments/${encodeURIComponent(id)}/reversals/${encodeURIComponent(reversalId)}/approve`,
  /** POST ApprovalDecision (reason required): the reversal is not made. */
  reject: (id: string, reversalId: string) =>
    `/payments/${encodeURIComponent(id)}/reversals/${encodeURIComponent(reversalId)}/reject`,
  /** POST: records the voids and returns the processor holds for this payment that WebPay does not. */
  checkWithProcessor: (id: string) => `/payments/${encodeURIComponent(id)}/check-with-processor`,
  /** POST ResendReceiptRequest. */
  resendReceipt: (id: string) => `/payments/${encodeURIComponent(id)}/resend-receipt`,
  /** GET: reversals awaiting approval, oldest first. */
  approvals: '/approvals',
  /** GET MoneyReportQuery: payments, refunds and net per day, by method and by facility. */
  moneyReport: '/reports/money',
  /** GET MoneyReportQuery & { view }: the same as CSV. */
  moneyReportCsv: '/reports/money.csv',
  /** GET SettlementQuery: WebPay's totals against the processor's settled batches. */
  settlement: '/reports/settlement',
} as const;

/** Refunds above this wait for a second supervisor, unless REFUND_APPROVAL_THRESHOLD says otherwise. */
export const DEFAULT_REFUND_APPROVAL_THRESHOLD_CENTS = 50_000;

// ---------------------------------------------------------------- statuses

/**
 * Where a payment stands for the desk. The last four are the names the
 * issue pins; the others say why there is nothing to give back.
 */
export const DESK_PAYMENT_STATUSES = [
  'in_progress',
  'declined',
  'cancelled',
  'failed',
  'paid',
  'awaiting_approval',
  'partially_refunded',
  'refunded',
  'voided',
] as const;
export const deskPaymentStatusSchema = z.enum(DESK_PAYMENT_STATUSES);
export type DeskPaymentStatus = z.infer<typeof deskPaymentStatusSchema>;

export const DESK_PAYMENT_STATUS_LABELS: Record<DeskPaymentStatus, string> = {
  in_progress: 'In progress',
  declined: 'Declined',
  cancelled: 'Cancelled',
  failed: 'Failed',
  paid: 'Paid',
  awaiting_approval: 'Awaiting approval',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
  voided: 'Voided',
};

export const DESK_PAYMENT_STATUS_LABELS_ES: Translation<typeof DESK_PAYMENT_STATUS_LABELS> = {
  in_progress: 'En curso',
  declined: 'Rechazado',
  cancelled: 'Cancelado',
  failed: 'Fallido',
  paid: 'Pagado',
  awaiting_approval: 'En espera de aprobación',
  partially_refunded: 'Reembolsado en parte',
  refunded: 'Reembolsado',
  voided: 'Anulado',
};

/**
 * How money goes back: `void` cancels an unsettled sale or debit (ccvoid,
 * ecsvoid); `return` refunds a settled card sale to the same card
 * (ccreturn); `check` is a settled eCheck's refund, which Converge cannot
 * make: the billing system's payables send a check.
 */
export const REVERSAL_KINDS = ['void', 'return', 'check'] as const;
export const reversalKindSchema = z.enum(REVERSAL_KINDS);
export type ReversalKind = z.infer<typeof reversalKindSchema>;

export const REVERSAL_KIND_LABELS: Record<ReversalKind, string> = {
  void: 'Void',
  return: 'Refund to card',
  check: 'Refund by check',
};

export const REVERSAL_KIND_LABELS_ES: Translation<typeof REVERSAL_KIND_LABELS> = {
  void: 'Anulación',
  return: 'Reembolso a la tarjeta',
  check: 'Reembolso por cheque',
};

/**
 * awaiting_approval → processing → completed | declined | failed;
 * awaiting_approval → rejected. A `processing` reversal whose outcome was
 * not heard stays so until reconciliation asks the processor.
 */
export const REVERSAL_STATUSES = [
  'awaiting_approval',
  'processing',
  'completed',
  'declined',
  'failed',
  'rejected',
] as const;
export const reversalStatusSchema = z.enum(REVERSAL_STATUSES);
export type ReversalStatus = z.infer<typeof reversalStatusSchema>;

/** Statuses that hold part of a payment: what remains refundable leaves these out. */
export const HOLDING_REVERSAL_STATUSES = [
  'awaiting_approval',
  'processing',
  'completed',
] as const satisfies readonly ReversalStatus[];

export const REVERSAL_STATUS_LABELS: Record<ReversalStatus, string> = {
  awaiting_approval: 'Awaiting approval',
  processing: 'Processing',
  completed: 'Completed',
  declined: 'Declined',
  failed: 'Failed',
  rejected: 'Rejected',
};

export const REVERSAL_STATUS_LABELS_ES: Translation<typeof REVERSAL_STATUS_LABELS> = {
  awaiting_approval: 'En espera de aprobación',
  processing: 'En proceso',
  completed: 'Completado',
  declined: 'Rechazado',
  failed: 'Fallido',
  rejected: 'No aprobado',
};

/**
 * Who made a reversal: the desk, someone directly at the processor (found by
 * reconciliation), or a financial assistance approval's refund request.
 */
export const REVERSAL_SOURCES = ['desk', 'processor', 'assistance'] as const;
export type ReversalSource = (typeof REVERSAL_SOURCES)[number];

// ---------------------------------------------------------------- find a payment

export const PAYMENT_DESK_MESSAGES = {
  amountRequired: 'Amount is required',
  amountFormat: 'Enter an amount like 25.00',
  amountPositive: 'Amount must be more than $0.00',
  amountTooHigh: 'Amount cannot be more than what remains refundable',
  last4Format: 'Enter the last 4 digits',
  rangeReversed: 'The start date must not be after the end date',
  rangeTooLong: 'Choose a period of at most 366 days',
  criteriaRequired: 'Enter something to search for',
  emailFormat: 'Enter an email address like name@example.org',
} as const;

/** Dollars as typed ("25", "25.5", "1,025.00") to integer cents; undefined when it is not an amount. */
export function parseDollarsToCents(text: string): number | undefined {
  const cleaned = text.trim().replace(/^\$/, '').replaceAll(',', '');
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const [whole = '0', fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** Integer cents, as typed dollars or as cents, from a query string or a form. */
const centsField = z.union([
  z.number().int().positive(PAYMENT_DESK_MESSAGES.amountPositive),
  plainText({ error: PAYMENT_DESK_MESSAGES.amountRequired })
    .trim()
    .min(1, PAYMENT_DESK_MESSAGES.amountRequired)
    .transform((text, context) => {
      const cents = parseDollarsToCents(text);
      if (cents === undefined) {
        context.addIssue({ code: 'custom', message: PAYMENT_DESK_MESSAGES.amountFormat });
        return z.NEVER;
      }
      if (cents <= 0) {
        context.addIssue({ code: 'custom', message: PAYMENT_DESK_MESSAGES.amountPositive });
        return z.NEVER;
      }
      return cents;
    }),
]);

export const PAYMENT_METHODS = ['card', 'eCheck'] as const;

/**
 * "Find a payment": every field optional, at least one given. Dates are the
 * facility's days, inclusive; amount is the payment's whole amount.
 */
export const paymentSearchQuerySchema = z
  .object({
    /** A receipt number, or the payment's reference (invoice number) sent to the processor. */
    receipt: plainText().trim().max(40).optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    amount: centsField.optional(),
    last4: plainText()
      .trim()
      .regex(/^\d{4}$/, PAYMENT_DESK_MESSAGES.last4Format)
      .optional(),
    method: z.enum(PAYMENT_METHODS).optional(),
    status: deskPaymentStatusSchema.optional(),
    facility: plainText().trim().max(10).optional(),
  })
  .strict()
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: PAYMENT_DESK_MESSAGES.rangeReversed,
    path: ['from'],
  })
  .refine((query) => Object.values(query).some((value) => value !== undefined && value !== ''), {
    message: PAYMENT_DESK_MESSAGES.criteriaRequired,
    path: ['receipt'],
  });
export type PaymentSearchQuery = z.infer<typeof paymentSearchQuerySchema>;

export const instrumentSchema = z
  .object({
    method: z.enum(PAYMENT_METHODS),
    /** Card brand (VISA) or bank account type (CHECKING). */
    label: z.string().nullable(),
    last4: z.string().nullable(),
  })
  .meta({ id: 'PaymentInstrument' });

export const paymentSearchHitSchema = z
  .object({
    paymentId: z.string(),
    receiptId: z.string().nullable(),
    reference: z.string(),
    guarantorId: z.string(),
    accountNumber: z.string(),
    guarantorName: z.string(),
    createdAt: z.iso.datetime({ offset: true }),
    /** The facility's day it was paid on (recorded), or started on when never recorded. */
    day: isoDateSchema,
    amountCents: z.number().int(),
    refundedCents: z.number().int(),
    instrument: instrumentSchema,
    status: deskPaymentStatusSchema,
    facilityIds: z.array(z.string()),
  })
  .meta({ id: 'PaymentSearchHit' });
export type PaymentSearchHit = z.infer<typeof paymentSearchHitSchema>;

export const paymentSearchResultSchema = z
  .object({
    hits: z.array(paymentSearchHitSchema),
    /** True when more matched than were returned (at most 100, newest first). */
    more: z.boolean(),
  })
  .meta({ id: 'PaymentSearchResult' });
export type PaymentSearchResult = z.infer<typeof paymentSearchResultSchema>;

// ---------------------------------------------------------------- a payment's page

const staffRefSchema = z.object({ staffId: z.string(), name: z.string() }).nullable();

export const reversalSchema = z
  .object({
    reversalId: z.string(),
    /** Shown to staff and on the posting export ("RV-7K2M9QXD"). */
    reference: z.string(),
    kind: reversalKindSchema,
    status: reversalStatusSchema,
    source: z.enum(REVERSAL_SOURCES),
    amountCents: z.number().int(),
    reason: z.string(),
    requestedBy: staffRefSchema,
    requestedAt: z.iso.datetime({ offset: true }),
    decidedBy: staffRefSchema,
    decidedAt: z.iso.datetime({ offset: true }).nullable(),
    rejectionReason: z.string().nullable(),
    completedAt: z.iso.datetime({ offset: true }).nullable(),
    processorTxnId: z.string().nullable(),
    /** Why it was declined or failed, in the processor's or the desk's words. */
    failure: z.string().nullable(),
    exportedAt: z.iso.datetime({ offset: true }).nullable(),
    appliedAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'PaymentReversal' });
export type Reversal = z.infer<typeof reversalSchema>;

export const processorTransactionSchema = z
  .object({
    txnId: z.string(),
    /** Converge's ssl_transaction_type: SALE, ECSPURCHASE, VOID, ECSVOID, RETURN. */
    type: z.string(),
    /** Converge's ssl_trans_status: PEN, OPN, STL, … */
    status: z.string(),
    settled: z.boolean(),
    amountCents: z.number().int().nullable(),
    time: z.iso.datetime({ offset: true }).nullable(),
    resultMessage: z.string(),
    approvalCode: z.string(),
  })
  .meta({ id: 'ProcessorTransaction' });
export type ProcessorTransaction = z.infer<typeof processorTransactionSchema>;

/** An action's availability, and when it is not available, why (in the reader's language). */
const actionSchema = z.object({ available: z.boolean(), why: z.string().nullable() });

export const paymentEventSchema = z
  .object({
    at: z.iso.datetime({ offset: true }),
    /** The audit action code (payment.recorded, payment.void.requested, …). */
    action: z.string(),
    /** What happened, in the reader's language. */
    summary: z.string(),
    actorType: z.string(),
    actorName: z.string().nullable(),
    outcome: z.enum(['success', 'failure']),
    reason: z.string().nullable(),
  })
  .meta({ id: 'PaymentEvent' });
export type PaymentEvent = z.infer<typeof paymentEventSchema>;

export const deskPaymentSchema = z
  .object({
    paymentId: z.string(),
    receiptId: z.string().nullable(),
    reference: z.string(),
    status: deskPaymentStatusSchema,
    guarantor: z.object({ guarantorId: z.string(), accountNumber: z.string(), name: z.string() }),
    payer: z.object({
      name: z.string(),
      email: z.string().nullable(),
      address: z.string().nullable(),
    }),
    /** Where the receipt was e-mailed, or the guarantor's address on file. */
    receiptEmail: z.string().nullable(),
    createdAt: z.iso.datetime({ offset: true }),
    recordedAt: z.iso.datetime({ offset: true }).nullable(),
    amountCents: z.number().int(),
    /** Completed reversals. */
    refundedCents: z.number().int(),
    /** What a new void or refund may still take: the amount less every reversal that holds part of it. */
    refundableCents: z.number().int(),
    instrument: instrumentSchema,
    lines: z.array(
      z.object({
        lineNumber: z.number().int(),
        facilityId: z.string(),
        accountId: z.string(),
        paymentType: z.string(),
        description: z.string().nullable(),
        amountCents: z.number().int(),
        refundedCents: z.number().int(),
      }),
    ),
    posting: z.object({
      exportedAt: z.iso.datetime({ offset: true }).nullable(),
      exportBatch: z.string().nullable(),
      appliedAt: z.iso.datetime({ offset: true }).nullable(),
    }),
    /** Read live with txnquery; `error` says why it could not be read. */
    processor: z.object({
      transactions: z.array(processorTransactionSchema),
      /** Whether the sale has settled; null when the processor could not be asked. */
      settled: z.boolean().nullable(),
      error: z.string().nullable(),
    }),
    reversals: z.array(reversalSchema),
    actions: z.object({
      void: actionSchema,
      refund: actionSchema.extend({
        /** How a refund would be made now: to the card, or by check for a settled eCheck. */
        kind: z.enum(['return', 'check']).nullable(),
        maxCents: z.number().int(),
      }),
      resendReceipt: actionSchema,
      /** Refunds above this wait for a second supervisor. */
      approvalThresholdCents: z.number().int(),
    }),
    emails: z.array(sentEmailSchema),
    events: z.array(paymentEventSchema),
  })
  .meta({ id: 'DeskPayment' });
export type DeskPayment = z.infer<typeof deskPaymentSchema>;

// ---------------------------------------------------------------- void, refund, approve

/** A new key per dialog opened: the same key twice is one reversal. */
const idempotencyKeySchema = plainText()
  .trim()
  .min(8)
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/);

export const voidRequestSchema = z
  .object({ reason: reasonSchema, idempotencyKey: idempotencyKeySchema })
  .strict()
  .meta({ id: 'VoidRequest' });
export type VoidRequest = z.infer<typeof voidRequestSchema>;

export const refundRequestSchema = z
  .object({ amount: centsField, reason: reasonSchema, idempotencyKey: idempotencyKeySchema })
  .strict()
  .meta({ id: 'RefundRequest' });
export type RefundRequest = z.input<typeof refundRequestSchema>;

export const approvalDecisionSchema = z
  .object({ reason: plainText().trim().max(500).optional() })
  .strict()
  .meta({ id: 'ApprovalDecision' });

export const rejectionSchema = z
  .object({ reason: reasonSchema })
  .strict()
  .meta({ id: 'ReversalRejection' });

export const reversalResultSchema = z
  .object({
    reversal: reversalSchema,
    /** What happened, in the reader's language ("Voided $25.00", "Waiting for a second supervisor"). */
    message: z.string(),
  })
  .meta({ id: 'ReversalResult' });
export type ReversalResult = z.infer<typeof reversalResultSchema>;

export const approvalsSchema = z
  .object({
    approvals: z.array(
      reversalSchema.extend({
        paymentId: z.string(),
        receiptId: z.string().nullable(),
        guarantorName: z.string(),
        paymentAmountCents: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'Approvals' });
export type Approvals = z.infer<typeof approvalsSchema>;

export const processorCheckResultSchema = z
  .object({
    /** Voids and returns made directly at the processor, recorded now. */
    found: z.number().int().nonnegative(),
    /** What happened, in the reader's language. */
    message: z.string(),
  })
  .meta({ id: 'ProcessorCheckResult' });
export type ProcessorCheckResult = z.infer<typeof processorCheckResultSchema>;

export const resendReceiptRequestSchema = z
  .object({
    /** Absent: the address on file (the payment's receipt address, else the guarantor's). */
    email: staffEmailSchema.optional(),
    reason: plainText().trim().max(500).optional(),
  })
  .strict()
  .meta({ id: 'ResendReceiptRequest' });
export type ResendReceiptRequest = z.infer<typeof resendReceiptRequestSchema>;

export const resendReceiptResultSchema = z
  .object({ to: z.string(), message: z.string() })
  .meta({ id: 'ResendReceiptResult' });

// ---------------------------------------------------------------- reports

export const REPORT_MAX_DAYS = 366;

interface Period {
  from: string;
  to: string;
}

const periodForward: [(query: Period) => boolean, { message: string; path: string[] }] = [
  (query) => query.from <= query.to,
  { message: PAYMENT_DESK_MESSAGES.rangeReversed, path: ['from'] },
];

const periodShort: [(query: Period) => boolean, { message: string; path: string[] }] = [
  (query) => (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 < REPORT_MAX_DAYS,
  { message: PAYMENT_DESK_MESSAGES.rangeTooLong, path: ['to'] },
];

const period = z.object({ from: isoDateSchema, to: isoDateSchema }).strict();

export const moneyReportQuerySchema = period.refine(...periodForward).refine(...periodShort);
export type MoneyReportQuery = z.infer<typeof moneyReportQuerySchema>;

export const MONEY_REPORT_VIEWS = ['day', 'method', 'facility'] as const;
export const moneyReportCsvQuerySchema = period
  .extend({ view: z.enum(MONEY_REPORT_VIEWS).default('day') })
  .refine(...periodForward)
  .refine(...periodShort);

/** Payments counted on the facility's day they were recorded; reversals on the day they completed. */
export const moneyFiguresSchema = z.object({
  paymentsCount: z.number().int(),
  paymentsCents: z.number().int(),
  /** Completed voids and refunds. */
  refundsCount: z.number().int(),
  refundsCents: z.number().int(),
  netCents: z.number().int(),
});
export type MoneyFigures = z.infer<typeof moneyFiguresSchema>;

const dailySchema = z.array(moneyFiguresSchema.extend({ date: isoDateSchema }));

export const moneyReportSchema = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema,
    /** Every day of the period, in order, zeros included. */
    days: dailySchema,
    byMethod: z.array(
      moneyFiguresSchema.extend({ method: z.enum(PAYMENT_METHODS), days: dailySchema }),
    ),
    byFacility: z.array(
      moneyFiguresSchema.extend({ facilityId: z.string(), name: z.string(), days: dailySchema }),
    ),
    totals: moneyFiguresSchema,
  })
  .meta({ id: 'MoneyReport' });
export type MoneyReport = z.infer<typeof moneyReportSchema>;

export const settlementQuerySchema = period.refine(...periodForward).refine(...periodShort);

export const SETTLEMENT_DIFFERENCES = [
  /** WebPay took it; the processor has not settled it although its batch closed. */
  'missing_at_processor',
  /** The processor settled it; WebPay has no record of it. */
  'unknown_to_webpay',
  /** Both have it with different amounts. */
  'amount_differs',
  /** WebPay counts it as taken; the processor voided it. */
  'voided_at_processor',
] as const;

export const settlementDifferenceSchema = z.object({
  date: isoDateSchema,
  kind: z.enum(SETTLEMENT_DIFFERENCES),
  txnId: z.string().nullable(),
  paymentId: z.string().nullable(),
  receiptId: z.string().nullable(),
  webpayCents: z.number().int().nullable(),
  processorCents: z.number().int().nullable(),
  /** In the reader's language. */
  description: z.string(),
});
export type SettlementDifference = z.infer<typeof settlementDifferenceSchema>;

export const settlementReportSchema = z
  .object({
    from: isoDateSchema,
    to: isoDateSchema,
    /** Null when the processor could not be asked; then only WebPay's side is shown. */
    error: z.string().nullable(),
    days: z.array(
      z.object({
        date: isoDateSchema,
        /** Card and eCheck sales less returns, as WebPay recorded them. */
        webpayCents: z.number().int(),
        /** The same day's transactions in the processor's settled batches. */
        processorCents: z.number().int().nullable(),
        differenceCents: z.number().int().nullable(),
        /** Transactions of the day whose batch has not settled yet (not a difference). */
        unsettledCount: z.number().int(),
        batches: z.array(
          z.object({
            batchId: z.string(),
            settledAt: z.iso.datetime({ offset: true }).nullable(),
            count: z.number().int(),
            netCents: z.number().int(),
          }),
        ),
      }),
    ),
    differences: z.array(settlementDifferenceSchema),
  })
  .meta({ id: 'SettlementReport' });
export type SettlementReport = z.infer<typeof settlementReportSchema>;

export {
  GUARANTOR_REVERSAL_LABELS,
  GUARANTOR_REVERSAL_LABELS_ES,
  GUARANTOR_REVERSAL_STATUSES,
  guarantorReversalSchema,
  type GuarantorReversal,
} from './payment-reversal.ts';
