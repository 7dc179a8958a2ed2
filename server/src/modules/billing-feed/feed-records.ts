import { z } from 'zod';
import { ROLES } from '@webpay/contracts/auth';
import { isoDateSchema, isoDateTimeSchema } from '@webpay/contracts/dates';
import { planStatusSchema, planTypeSchema } from '@webpay/contracts/encounters';

/*
 * The billing feed (docs/billing-feed.md): JSON Lines, one record a line,
 * each naming its kind in `record`. Every record is a strict object, so a
 * misspelt or unknown field is reported instead of silently dropped.
 */

export const FEED_FORMAT = 'webpay-billing-feed';
export const FEED_VERSION = 1;

/** The largest amount one line may carry: $10,000,000.00, well inside a 32-bit cents column. */
export const MAX_FEED_CENTS = 1_000_000_000;

const DECIMAL_AMOUNT = /^(\d{1,8})(?:\.(\d{1,2}))?$/;

/**
 * `"1250.00"`, `"1250.5"`, `1250.5` or `0` to integer cents. The digits are
 * read as text so that no binary fraction ever rounds a cent away.
 */
export function feedAmountToCents(value: string | number): number | undefined {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  const match = DECIMAL_AMOUNT.exec(text);
  if (!match) return undefined;
  const cents = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return cents <= MAX_FEED_CENTS ? cents : undefined;
}

/** A dollar amount with at most two decimals, as a string or a number; parsed to integer cents. */
const amount = z.union([z.string(), z.number()]).transform((value, ctx) => {
  const cents = feedAmountToCents(value);
  if (cents === undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `${JSON.stringify(value)} is not an amount in dollars with at most two decimals, from 0 to 10000000.00`,
    });
    return z.NEVER;
  }
  return cents;
});

const text = (max: number) =>
  z.string().trim().min(1, 'must not be empty').max(max, `must be at most ${max} characters`);

/** Account numbers, MMIs, plan numbers and receipt ids: letters, digits and dashes. */
const identifier = (max: number) =>
  z
    .string()
    .regex(
      new RegExp(`^[A-Za-z0-9][A-Za-z0-9-]{0,${max - 1}}$`),
      `must be 1 to ${max} letters, digits or dashes`,
    );

const facility = z.string().regex(/^\d{1,6}$/, 'must be a facility code of 1 to 6 digits');
const guarantorAccount = identifier(30);
const encounterAccount = identifier(30);

const headerRecord = z.strictObject({
  record: z.literal('feed'),
  format: z.literal(FEED_FORMAT, { error: `must be "${FEED_FORMAT}"` }),
  version: z.literal(FEED_VERSION, { error: `must be ${FEED_VERSION}` }),
  /** The billing system's name for this extract, shown in reports and the audit trail. */
  feedId: text(100),
  generatedAt: isoDateTimeSchema,
});

const guarantorRecord = z.strictObject({
  record: z.literal('guarantor'),
  accountNumber: guarantorAccount,
  mmi: identifier(30),
  firstName: text(100),
  lastName: text(100),
  birthdate: isoDateSchema,
  email: z.email('must be an e-mail address').max(254).nullable().optional(),
  supportPhone: text(40).nullable().optional(),
  roles: z
    .array(z.enum([ROLES.historicalData], { error: `must be ${ROLES.historicalData}` }))
    .optional(),
  paperless: z.boolean().optional(),
});

/** An encounter of a guarantor: on its own, or inside a plan record. */
const encounterFields = {
  facility,
  accountNumber: encounterAccount,
  patientName: text(200),
  status: z
    .string()
    .regex(
      /^[A-Za-z][A-Za-z0-9_ -]{0,39}$/,
      'must be 1 to 40 letters, digits, spaces, dashes or underscores',
    )
    .optional(),
  admitDate: isoDateSchema.nullable().optional(),
  balance: amount,
};

const encounterRecord = z.strictObject({
  record: z.literal('encounter'),
  guarantor: guarantorAccount,
  ...encounterFields,
});

const planEncounter = z.strictObject(encounterFields);

const instalment = z.strictObject({
  number: z.number().int().min(1).max(1000),
  dueDate: isoDateSchema,
  amount,
  completedAt: isoDateSchema.nullable().optional(),
});

const planRecord = z.strictObject({
  record: z.literal('plan'),
  guarantor: guarantorAccount,
  planNumber: identifier(30),
  version: z.number().int().min(1).max(1000),
  type: planTypeSchema,
  status: planStatusSchema,
  nextDueDate: isoDateSchema.nullable().optional(),
  dueAmount: amount,
  overdueAmount: amount,
  regularPaymentAmount: amount,
  /** The pay-off amount: what the plan's encounters still owe together. */
  currentBalance: amount,
  numberOfPayments: z.number().int().min(1).max(1000),
  instalments: z.array(instalment).max(1000),
  encounters: z.array(planEncounter).min(1, 'a plan needs at least one encounter').max(1000),
});

const statementLine = z.strictObject({
  facility,
  accountNumber: encounterAccount,
  patientName: text(200),
  description: text(200),
  serviceDate: isoDateSchema,
  charges: amount,
  payments: amount,
  adjustments: amount,
  balance: amount,
});

const statementRecord = z.strictObject({
  record: z.literal('statement'),
  guarantor: guarantorAccount,
  statementDate: isoDateSchema,
  amountDue: amount,
  dueDate: isoDateSchema,
  status: z.enum(['open', 'paid', 'past_due', 'closed']),
  lines: z.array(statementLine).max(5000),
});

/** A payment the billing system received elsewhere (mail, phone, desk) and has not applied yet. */
const pendingPaymentRecord = z
  .strictObject({
    record: z.literal('pending_payment'),
    guarantor: guarantorAccount,
    receiptId: identifier(40),
    paidOn: isoDateSchema,
    amount,
    /** For an encounter: its facility and account number. */
    facility: facility.optional(),
    accountNumber: encounterAccount.optional(),
    /** For a payment plan: its number. */
    planNumber: identifier(30).optional(),
  })
  .superRefine((record, ctx) => {
    const encounter = record.facility !== undefined || record.accountNumber !== undefined;
    const plan = record.planNumber !== undefined;
    if (encounter === plan || (encounter && (!record.facility || !record.accountNumber))) {
      ctx.addIssue({
        code: 'custom',
        message: 'name either an encounter (facility and accountNumber) or a plan (planNumber)',
      });
    }
  });

export const feedRecordSchema = z.discriminatedUnion(
  'record',
  [
    headerRecord,
    guarantorRecord,
    encounterRecord,
    planRecord,
    statementRecord,
    pendingPaymentRecord,
  ],
  {
    error: 'record must be one of feed, guarantor, encounter, plan, statement, pending_payment',
  },
);

export type FeedRecord = z.output<typeof feedRecordSchema>;
export type FeedHeader = z.output<typeof headerRecord>;
export type GuarantorRecord = z.output<typeof guarantorRecord>;
export type EncounterRecord = z.output<typeof encounterRecord>;
export type PlanEncounter = z.output<typeof planEncounter>;
export type PlanRecord = z.output<typeof planRecord>;
export type StatementRecord = z.output<typeof statementRecord>;
export type PendingPaymentRecord = z.output<typeof pendingPaymentRecord>;
