import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  ADJUSTMENT_STATUSES,
  APPLICATION_STATUSES,
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_KINDS,
  DOCUMENT_STATUSES,
  LETTER_KINDS,
  TIMELINE_KINDS,
  type ApplicationAnswers,
} from '@webpay/contracts/assistance-application';
import { GUIDELINE_REGIONS } from '@webpay/contracts/financial-assistance';
import { LANGUAGES } from '@webpay/contracts/language';
import { STAFF_ROLES } from '@webpay/contracts/office';
import { AUTHORIZATION_KINDS } from '@webpay/contracts/office-recurring';
import { PAYMENT_METHOD_KINDS } from '@webpay/contracts/payment-methods';
import { AUTOPAY_CHARGE_STATUSES } from '@webpay/contracts/payment-plans';
import {
  REVERSAL_KINDS,
  REVERSAL_SOURCES,
  REVERSAL_STATUSES,
} from '@webpay/contracts/payment-desk';
import { foldedName, phoneDigits } from './search-expressions.ts';

/*
 * One table per thing PRODUCT.md names. Money columns end in `_cents` and hold
 * integers; dates a guarantor sees are `date`, instants are `timestamptz`.
 * Ids are UUIDs made by the service (crypto.randomUUID) so that rows can be
 * created before they are written, and never reveal counts.
 */

/** Where a payment plan came from: the billing system's feed, or the guarantor in the portal. */
export const PLAN_SOURCES = ['feed', 'portal'] as const;
/** Who started a payment. */
export const PAYMENT_ORIGINS = ['portal', 'autopay'] as const;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Facilities and their contact details; the central one is 107 (SPEC §9). */
export const facilities = pgTable('facilities', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['central', 'external'] }).notNull(),
  supportPhone: text('support_phone').notNull(),
  hours: text('hours').notNull().default(''),
  address: text('address').notNull().default(''),
  email: text('email').notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const guarantors = pgTable(
  'guarantors',
  {
    id: text('id').primaryKey(),
    accountNumber: text('account_number').notNull(),
    mmi: text('mmi').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    birthdate: date('birthdate', { mode: 'string' }).notNull(),
    supportPhone: text('support_phone'),
    roles: jsonb('roles')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    paperless: boolean('paperless').notNull().default(false),
    signedUpAt: timestamp('signed_up_at', { withTimezone: true }),
    pinHash: text('pin_hash'),
    pinIssuedAt: timestamp('pin_issued_at', { withTimezone: true }),
    /** The portal language of the last visit, for e-mails sent outside a request (decision 0013). */
    preferredLanguage: text('preferred_language', { enum: LANGUAGES }).notNull().default('en'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('guarantors_account_number_key').on(t.accountNumber),
    uniqueIndex('guarantors_mmi_key').on(t.mmi),
    uniqueIndex('guarantors_email_key').on(sql`lower(${t.email})`),
    // The billing office's search (modules/office): names by prefix, the rest by equality.
    index('guarantors_first_name_search_idx').on(foldedName(t.firstName)),
    index('guarantors_last_name_search_idx').on(foldedName(t.lastName)),
    index('guarantors_birthdate_idx').on(t.birthdate),
    index('guarantors_phone_digits_idx').on(phoneDigits(t.supportPhone)),
  ],
);

export const paymentPlans = pgTable(
  'payment_plans',
  {
    id: text('id').primaryKey(),
    guarantorId: text('guarantor_id')
      .notNull()
      .references(() => guarantors.id, { onDelete: 'cascade' }),
    planNumber: text('plan_number').notNull(),
    version: integer('version').notNull(),
    type: text('type', { enum: ['Mail-in', 'Auto', 'Unknown'] }).notNull(),
    status: text('status', { enum: ['Active', 'Broken', 'Unknown'] }).notNull(),
    nextDueDate: date('next_due_date', { mode: 'string' }),
    dueCents: integer('due_cents').notNull(),
    overdueCents: integer('overdue_cents').notNull().default(0),
    regularPaymentCents: integer('regular_payment_cents').notNull(),
    currentBalanceCents: integer('current_balance_cents').notNull(),
    numberOfPayments: integer('number_of_payments').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /**
     * Issue #25: `portal` plans were made by the guarantor. Until the billing
     * feed lists one (`matchedAt`), WebPay keeps its figures from its own
     * instalments and a feed that does not list it leaves it alone.
     */
    source: text('source', { enum: PLAN_SOURCES }).notNull().default('feed'),
    /** Portal plans: the amount put on the plan, the day of the month and the creating request's key. */
    totalCents: integer('total_cents'),
    dayOfMonth: integer('day_of_month'),
    idempotencyKey: text('idempotency_key'),
    /** The method autopay charges for each instalment; null when autopay is off. */
    autopayMethodId: text('autopay_method_id').references(() => paymentMethods.id),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    exportBatch: text('export_batch'),
    /** The facility day an instalment stayed unpaid after autopay's retry; cleared when it is paid. */
    needsAttentionSince: date('needs_attention_since', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_plans_number_key').on(t.planNumber),
    index('payment_plans_guarantor_idx').on(t.guarantorId),
    uniqueIndex('payment_plans_idempotency_key')
      .on(t.guarantorId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('payment_plans_autopay_idx')
      .on(t.autopayMethodId)
      .where(sql`${t.autopayMethodId} is not null`),
    index('payment_plans_attention_idx')
      .on(t.needsAttentionSince)
      .where(sql`${t.needsAttentionSince} is not null`),
  ],
);

export const planInstalments = pgTable(
  'plan_instalments',
  {
    id: text('id').primaryKey(),
    planId: text('plan_id')
      .notNull()
      .references(() => paymentPlans.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    completedAt: date('completed_at', { mode: 'string' }),
    /** The guarantor skipped autopay for this instalment; it stays due, to be paid by hand. */
    skippedAt: timestamp('skipped_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('plan_instalments_plan_number_key').on(t.planId, t.number),
    index('plan_instalments_due_idx').on(t.dueDate),
  ],
);

/**
 * Encounters of both types (ENT at the central facility, EXAR elsewhere).
 * An encounter in a payment plan carries the plan's id and is listed under
 * the plan, not among the pending encounters.
 */
export const encounters = pgTable(
  'encounters',
  {
    id: text('id').primaryKey(),
    guarantorId: text('guarantor_id')
      .notNull()
      .references(() => guarantors.id, { onDelete: 'cascade' }),
    facilityId: text('facility_id')
      .notNull()
      .references(() => facilities.id),
    accountNumber: text('account_number').notNull(),
    patientName: text('patient_name').notNull(),
    status: text('status').notNull(),
    admitDate: date('admit_date', { mode: 'string' }),
    balanceCents: integer('balance_cents').notNull(),
    type: text('type', { enum: ['ENT', 'EXAR'] }).notNull(),
    planId: text('plan_id').references(() => paymentPlans.id, { onDelete: 'set null' }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('encounters_facility_account_key').on(t.facilityId, t.accountNumber),
    index('encounters_guarantor_idx').on(t.guarantorId),
    index('encounters_plan_idx').on(t.planId),
    // An encounter id typed without its facility.
    index('encounters_account_number_idx').on(t.accountNumber),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: text('id').primaryKey(),
    guarantorId: text('guarantor_id')
      .notNull()
      .references(() => guarantors.id),
    sessionId: text('session_id'),
    idempotencyKey: text('idempotency_key'),
    status: text('status', {
      enum: ['initiated', 'in_lightbox', 'approved', 'recorded', 'declined', 'cancelled', 'failed'],
    }).notNull(),
    method: text('method', { enum: ['card', 'eCheck'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** Our invoice number sent to the processor (refNum); unique per payment. */
    processorReference: text('processor_reference').notNull(),
    processorTxnId: text('processor_txn_id'),
    approvalCode: text('approval_code'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpiry: text('card_expiry'),
    bankAccountType: text('bank_account_type', { enum: ['CHECKING', 'SAVINGS'] }),
    bankLast4: text('bank_last4'),
    /** Keyed hash of the full bank account number; the number itself is never stored. */
    bankAccountFingerprint: text('bank_account_fingerprint'),
    /**
     * The eCheck authorization the payer accepted, word for word, and the
     * language it was shown in (NACHA asks the hospital to keep it).
     */
    eCheckAuthorization: text('echeck_authorization'),
    eCheckAuthorizationLanguage: text('echeck_authorization_language', { enum: LANGUAGES }),
    payer: jsonb('payer').$type<Record<string, string | null>>().notNull(),
    receiptEmail: text('receipt_email'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    /**
     * Keyed hash of the request that created the payment, so a repeated
     * Idempotency-Key with a different body is recognised without keeping the body.
     */
    requestFingerprint: text('request_fingerprint'),
    /** The lightbox session token, kept so a repeated start answers with the same one. */
    lightboxToken: text('lightbox_token'),
    tokenIssuedAt: timestamp('token_issued_at', { withTimezone: true }),
    /** Asked for by a 'totp' session; applied when the payment is recorded. */
    saveEmailAsGuarantor: boolean('save_email_as_guarantor').notNull().default(false),
    /** Issue #25: who started it: the guarantor in the portal, or autopay. */
    origin: text('origin', { enum: PAYMENT_ORIGINS }).notNull().default('portal'),
    /** The saved method charged (autopay), or the card saved from this payment. */
    paymentMethodId: text('payment_method_id').references(() => paymentMethods.id),
    /** "Save this card for future payments": the stored-credential consent accepted, word for word. */
    saveCardConsent: text('save_card_consent'),
    saveCardConsentLanguage: text('save_card_consent_language', { enum: LANGUAGES }),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    /**
     * When the processor confirmed that an unrecorded payment took no money
     * and no longer can; until then reconciliation keeps asking.
     */
    reconciledAt: timestamp('reconciled_at', { withTimezone: true }),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    exportBatch: text('export_batch'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_idempotency_key').on(t.guarantorId, t.idempotencyKey),
    uniqueIndex('payments_processor_reference_key').on(t.processorReference),
    index('payments_guarantor_idx').on(t.guarantorId),
    index('payments_status_idx').on(t.status),
    // The payment desk's search and the money report read by day.
    index('payments_recorded_idx').on(t.recordedAt),
    // `webpay export-payments --batch` reads one batch back.
    index('payments_export_batch_idx').on(t.exportBatch),
    // Reconciliation's work list stays small however many recorded payments pile up.
    index('payments_unreconciled_idx')
      .on(t.createdAt)
      .where(sql`${t.status} <> 'recorded' and ${t.reconciledAt} is null`),
  ],
);

export const paymentLines = pgTable(
  'payment_lines',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    lineNumber: integer('line_number').notNull(),
    paymentType: text('payment_type').notNull(),
    facilityId: text('facility_id').notNull(),
    accountId: text('account_id').notNull(),
    amountCents: integer('amount_cents').notNull(),
    encounterId: text('encounter_id').references(() => encounters.id),
    planId: text('plan_id').references(() => paymentPlans.id),
    /** The item as the guarantor saw it when paying ("107-40010001 | Maria Garcia"), for the receipt. */
    description: text('description'),
  },
  (t) => [
    uniqueIndex('payment_lines_payment_line_key').on(t.paymentId, t.lineNumber),
    index('payment_lines_encounter_idx').on(t.encounterId),
    index('payment_lines_plan_idx').on(t.planId),
  ],
);

export const receipts = pgTable(
  'receipts',
  {
    id: text('id').primaryKey(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    receiptId: text('receipt_id').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    /** The receipt exactly as shown to the guarantor (SPEC §3 Receipt), without card or bank numbers. */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    emailedTo: text('emailed_to'),
    emailedAt: timestamp('emailed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('receipts_payment_key').on(t.paymentId),
    uniqueIndex('receipts_receipt_id_key').on(t.receiptId),
  ],
);

/**
 * Saved payment methods (issue #25). A card is the processor's token with
 * brand, last four and expiry; a bank account is sealed with AES-256-GCM
 * under the key named by `bankKeyId` (PAYMENT_METHOD_KEYS), never stored
 * or shown whole. A removed method keeps its row for the authorizations
 * and charges that name it.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: text('id').primaryKey(),
    guarantorId: text('guarantor_id')
      .notNull()
      .references(() => guarantors.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: PAYMENT_METHOD_KINDS }).notNull(),
    /** Card brand (VISA, MC, DISC, AMEX) or the bank account type (CHECKING, SAVINGS). */
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    /** Cards: MMYY. */
    cardExpiry: text('card_expiry'),
    /** Cards: the processor's token (Converge Card Manager). */
    processorToken: text('processor_token'),
    /** Bank accounts: routing and account number, sealed; the key's id beside it. */
    bankSealed: text('bank_sealed'),
    bankKeyId: text('bank_key_id'),
    /** Bank accounts: keyed hash of routing and account number, to recognise one saved twice. */
    bankFingerprint: text('bank_fingerprint'),
    /** The holder's name and billing address as entered (the Payer object). */
    holder: jsonb('holder').$type<Record<string, string | null>>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    /** Saved while paying (`payment`) or added on its own (`setup`). */
    savedFrom: text('saved_from', { enum: ['payment', 'setup'] }).notNull(),
    /** The first, customer-initiated transaction the stored credential rests on. */
    firstTxnId: text('first_txn_id'),
    firstApprovalCode: text('first_approval_code'),
    authorizationId: text('authorization_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    index('payment_methods_guarantor_idx').on(t.guarantorId),
    uniqueIndex('payment_methods_default_key')
      .on(t.guarantorId)
      .where(sql`${t.isDefault} and ${t.removedAt} is null`),
    uniqueIndex('payment_methods_token_key')
      .on(t.guarantorId, t.processorToken)
      .where(sql`${t.processorToken} is not null and ${t.removedAt} is null`),
    uniqueIndex('payment_methods_bank_key')
      .on(t.guarantorId, t.bankFingerprint)
      .where(sql`${t.bankFingerprint} is not null and ${t.removedAt} is null`),
    index('payment_methods_key_id_idx').on(t.bankKeyId),
  ],
);

/** A card being added in the processor's window (ccgettoken with verification). */
export const cardSetups = pgTable(
  'card_setups',
  {
    id: text('id').primaryKey(),
    guarantorId: text('guarantor_id')
      .notNull()
      .references(() => guarantors.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    status: text('status', { enum: ['open', 'saved', 'failed'] }).notNull(),
    holder: jsonb('holder').$type<Record<string, string | null>>().notNull(),
    consentText: text('consent_text').notNull(),
    consentLanguage: text('consent_language', { enum: LANGUAGES }).notNull(),
    lightboxToken: text('lightbox_token'),
    paymentMethodId: text('payment_method_id').references(() => paymentMethods.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('card_setups_idempotency_key').on(t.guarantorId, t.idempotencyKey)],
);

/**
 * Every authorization a guarantor accepted for recurring payments, word for
 * word with its time and address (NACHA and the card networks ask the
 * hospital to keep them): storing a method, a plan, a plan's autopay,
 * autopay on statements. Revoked, never deleted.
 */
export const paymentAuthorizations = pgTable(
  'payment_authorizations',
  {
    id: text('id').primaryKey(),
    guarantorId: text('guarantor_id')
      .notNull()
      .references(() => guarantors.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: AUTHORIZATION_KINDS }).notNull(),
    planId: text('plan_id').references(() => paymentPlans.id),
    paymentMethodId: text('payment_method_id').references(() => paymentMethods.id),
    text: text('text').notNull(),
    language: text('language', { enum: LANGUAGES }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }).notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** `guarantor`, or the staff member's id. */
    revokedBy: text('revoked_by'),
    revokeReason: text('revoke_reason'),
  },
  (t) => [
    index('payment_authorizations_guarantor_idx').on(t.guarantorId),
    index('payment_authorizations_plan_idx').on(t.planId),
  ],
);

/** Autopay on statements: the amount due on each statement's due date, up to a cap. */
export const statementAutopay = pgTable(
  'statement_autopay',
  {
    id: text('id').primaryKey(),
    guarantorId: text('guarantor_id')
      .notNull()
      .references(() => guarantors.id, { onDelete: 'cascade' }),
    paymentMethodId: text('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id),
    capCents: integer('cap_cents').notNull(),
    authorizationId: text('authorization_id')
      .notNull()
      .references(() => paymentAuthorizations.id),
    createdAt: createdAt(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('statement_autopay_active_key')
      .on(t.guarantorId)
      .where(sql`${t.cancelledAt} is null`),
  ],
);

/**
 * One row per autopay charge attempt: made when its notice goes out (or
 * when it is skipped first), claimed by one runner, then linked to the
 * payment it made. The unique indexes are what make a charge happen once
 * per instalment or statement and attempt, across instances and crashes.
 */
export const autopayCharges = pgTable(
  'autopay_charges',
  {
    id: text('id').primaryKey(),
    guarantorId: text('guarantor_id')
      .notNull()
      .references(() => guarantors.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['instalment', 'statement'] }).notNull(),
    planId: text('plan_id').references(() => paymentPlans.id),
    instalmentId: text('instalment_id').references(() => planInstalments.id),
    statementId: text('statement_id').references(() => statements.id),
    attempt: integer('attempt').notNull(),
    /** The facility day it runs. */
    chargeDate: date('charge_date', { mode: 'string' }).notNull(),
    /** Null until known (a statement's amount is fixed when its notice goes out). */
    amountCents: integer('amount_cents'),
    paymentMethodId: text('payment_method_id')
      .notNull()
      .references(() => paymentMethods.id),
    status: text('status', { enum: AUTOPAY_CHARGE_STATUSES }).notNull(),
    noticeSentAt: timestamp('notice_sent_at', { withTimezone: true }),
    paymentId: text('payment_id').references(() => payments.id),
    failureMessage: text('failure_message'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('autopay_charges_instalment_attempt_key')
      .on(t.instalmentId, t.attempt)
      .where(sql`${t.instalmentId} is not null`),
    uniqueIndex('autopay_charges_statement_attempt_key')
      .on(t.statementId, t.attempt)
      .where(sql`${t.statementId} is not null`),
    uniqueIndex('autopay_charges_payment_key')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    index('autopay_charges_guarantor_idx').on(t.guarantorId),
    index('autopay_charges_due_idx').on(t.chargeDate, t.status),
  ],
);

/** How much of each payment line a reversal gives back (payment-desk allocation rule). */
export interface ReversalAllocation {
  lineNumber: number;
  amountCents: number;
}

/**
 * Money given back on a payment (issue #24): a void before settlement, a
 * return to the card after it, or a settled eCheck's refund by check. Made
 * at the desk, or found at the processor by reconciliation. A row is written
 * before the processor is called, so a crash leaves a `processing` row that
 * reconciliation settles; the sum of holding rows never exceeds the payment.
 */
export const paymentReversals = pgTable(
  'payment_reversals',
  {
    id: text('id').primaryKey(),
    /** Shown to staff and on the posting export, e.g. RV-7K2M9QXD. */
    reference: text('reference').notNull(),
    paymentId: text('payment_id')
      .notNull()
      .references(() => payments.id),
    guarantorId: text('guarantor_id')
      .notNull()
      .references(() => guarantors.id),
    kind: text('kind', { enum: REVERSAL_KINDS }).notNull(),
    status: text('status', { enum: REVERSAL_STATUSES }).notNull(),
    source: text('source', { enum: REVERSAL_SOURCES }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    allocation: jsonb('allocation').$type<ReversalAllocation[]>().notNull(),
    reason: text('reason').notNull(),
    idempotencyKey: text('idempotency_key'),
    requestedBy: text('requested_by').references(() => staffMembers.id),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: text('decided_by').references(() => staffMembers.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    rejectionReason: text('rejection_reason'),
    /** When the processor call was about to go out; reconciliation asks only after a grace. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    processorTxnId: text('processor_txn_id'),
    processorMessage: text('processor_message'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    exportBatch: text('export_batch'),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_reversals_reference_key').on(t.reference),
    uniqueIndex('payment_reversals_idempotency_key').on(t.paymentId, t.idempotencyKey),
    // One processor transaction is one reversal, however many times reconciliation finds it.
    uniqueIndex('payment_reversals_processor_txn_key')
      .on(t.processorTxnId)
      .where(sql`${t.processorTxnId} is not null`),
    index('payment_reversals_payment_idx').on(t.paymentId),
    index('payment_reversals_guarantor_idx').on(t.guarantorId),
    index('payment_reversals_export_batch_idx').on(t.exportBatch),
    index('payment_reversals_completed_idx').on(t.completedAt),
    // The approvals queue and reconciliation's work list stay small.
    index('payment_reversals_open_idx')
      .on(t.status, t.requestedAt)
      .where(sql`${t.status} in ('awaiting_approval', 'processing')`),
  ],
);

/**
 * Payments received but not yet applied by the billing office (SPEC §3).
 * Historic ones from the billing feed have no payment row.
 */
export const pendingPayments = pgTable(
  'pending_payments',
  {
    id: text('id').primaryKey(),
    guarantorId: text('guarantor_id')
      .notNull()
      .references(() => guarantors.id, { onDelete: 'cascade' }),
    encounterId: text('encounter_id').references(() => encounters.id, { onDelete: 'cascade' }),
    planId: text('plan_id').references(() => paymentPlans.id, { onDelete: 'cascade' }),
    paymentId: text('payment_id').references(() => payments.id),
    /** The line this row shows; unique, so a payment can never be pending twice. */
    paymentLineId: text('payment_line_id').references(() => paymentLines.id),
    receiptId: text('receipt_id').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('pending_payments_guarantor_idx').on(t.guarantorId),
    index('pending_payments_encounter_idx').on(t.encounterId),
    index('pending_payments_plan_idx').on(t.planId),
    uniqueIndex('pending_payments_payment_line_key').on(t.paymentLineId),
    // Receipt numbers of payments made elsewhere, which the billing office searches by.
    index('pending_payments_receipt_idx').on(t.receiptId),
  ],
);

/**
 * One line of a statement. Charges, payments and adjustments are positive
 * amounts; balanceCents = chargesCents - paymentsCents - adjustmentsCents as of
 * the statement date.
 */
export interface StatementItem {
  facilityId: string;
  accountNumber: string;
  patientName: string;
  description: string;
  serviceDate: string;
  chargesCents: number;
  paymentsCents: number;
  adjustmentsCents: number;
  balanceCents: number;
}

export const statements = pgTable(
  'statements',
  {
    id: text('id').primaryKey(),
    guarantorId: text('guarantor_id')
      .notNull()
      .references(() => guarantors.id, { onDelete: 'cascade' }),
    statementDate: date('statement_date', { mode: 'string' }).notNull(),
    accountNumber: text('account_number').notNull(),
    amountDueCents: integer('amount_due_cents').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: ['open', 'paid', 'past_due', 'closed'] }).notNull(),
    items: jsonb('items').$type<StatementItem[]>().notNull(),
    /** When the guarantor was e-mailed that this statement is ready (`webpay notify-statements`). */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // The unique index also serves "a guarantor's statements by date".
  (t) => [uniqueIndex('statements_guarantor_date_key').on(t.guarantorId, t.statementDate)],
);

/** Server-side sessions: a token is honoured only while its session is live. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    guarantorId: text('guarantor_id')
      .notNull()
      .references(() => guarantors.id, { onDelete: 'cascade' }),
    loginType: text('login_type', { enum: ['pin', 'magic', 'totp'] }).notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_guarantor_idx').on(t.guarantorId)],
);

/**
 * One-time secrets: e-mailed codes, magic links, sign-up and MFA
 * verifications (docs/decisions/0006-sign-in-flows.md). Only a hash of the
 * secret is kept; a code's hash covers its verification id, so a code is
 * only ever good for the verification that sent it.
 *
 * A row without a guarantor is a decoy: the answer to an e-mail that
 * matched no one, kept so that it behaves exactly like a real verification
 * (tries, resends, expiry) yet can never succeed.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    /** The verification id the portal carries (SPEC §3). */
    id: text('id').primaryKey(),
    guarantorId: text('guarantor_id').references(() => guarantors.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['email_code', 'magic_link', 'signup', 'mfa'] }).notNull(),
    /** Where the secret was sent (sign-up: the address being verified). */
    email: text('email'),
    secretHash: text('secret_hash').notNull(),
    /** The `guarantorId` the caller was given: an opaque reference, not the guarantor's row id. */
    guarantorRef: text('guarantor_ref'),
    /** Keyed hash of the account number or e-mail whose lockout counter wrong codes feed. */
    identifierHash: text('identifier_hash'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** New codes sent for this verification after the first. */
    resends: integer('resends').notNull().default(0),
    payload: jsonb('payload').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('login_challenges_secret_key').on(t.secretHash),
    index('login_challenges_guarantor_idx').on(t.guarantorId, t.kind),
    index('login_challenges_identifier_idx').on(t.identifierHash, t.kind, t.createdAt),
    index('login_challenges_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Failed sign-in counters per identifier (keyed hash of an account number or
 * an e-mail address), kept for identifiers that match no one exactly as for
 * those that do, so a lockout never tells whether an account exists.
 */
export const signInLockouts = pgTable(
  'sign_in_lockouts',
  {
    identifierHash: text('identifier_hash').primaryKey(),
    /** Consecutive failures since the last success or lock. */
    failures: integer('failures').notNull().default(0),
    lastFailureAt: timestamp('last_failure_at', { withTimezone: true }),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [index('sign_in_lockouts_updated_idx').on(t.updatedAt)],
);

/**
 * Each billing feed imported (`webpay import`, docs/billing-feed.md): which
 * extract, when the billing system made it, and what it changed. The newest
 * `generated_at` keeps an older extract from undoing a newer one.
 */
export const feedImports = pgTable(
  'feed_imports',
  {
    id: text('id').primaryKey(),
    feedId: text('feed_id').notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull(),
    fileName: text('file_name').notNull(),
    /** SHA-256 of the file as read, to tell a re-sent extract from a changed one. */
    fileSha256: text('file_sha256').notNull(),
    records: integer('records').notNull(),
    summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
    importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('feed_imports_generated_idx').on(t.generatedAt)],
);

/**
 * A PIN letter the billing office printed for a guarantor (issue-new-pin):
 * the only place that PIN is known, sealed (AES-256-GCM) until it is
 * printed, then gone. A letter can be fetched once, and only for a day.
 */
export const pinLetters = pgTable(
  'pin_letters',
  {
    id: text('id').primaryKey(),
    guarantorId: text('guarantor_id')
      .notNull()
      .references(() => guarantors.id, { onDelete: 'cascade' }),
    /** The PIN and what the letter prints, sealed. */
    sealed: text('sealed').notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    /** False until the PIN it holds is in effect (written before the PIN changes). */
    ready: boolean('ready').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('pin_letters_created_idx').on(t.createdAt)],
);

/** Who did what, when, under which request: never card data, codes, PINs or bank numbers. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorType: text('actor_type', {
      enum: ['guarantor', 'system', 'operator', 'anonymous', 'staff'],
    }).notNull(),
    actorId: text('actor_id'),
    guarantorId: text('guarantor_id'),
    action: text('action').notNull(),
    outcome: text('outcome', { enum: ['success', 'failure'] }).notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    requestId: text('request_id'),
    correlationId: text('correlation_id'),
    ipAddress: text('ip_address'),
    details: jsonb('details').$type<Record<string, unknown>>(),
  },
  (t) => [
    index('audit_events_guarantor_idx').on(t.guarantorId, t.occurredAt),
    index('audit_events_request_idx').on(t.requestId),
    index('audit_events_occurred_idx').on(t.occurredAt),
    // A payment's page reads its whole history.
    index('audit_events_target_idx').on(t.targetId),
  ],
);

/*
 * The billing office's staff (decision 0023). Passwords are hashed with
 * scrypt; TOTP keys are sealed (AES-256-GCM under a key derived from
 * JWT_SECRET), because a code generator needs the key itself, not a hash.
 */
export const staffMembers = pgTable(
  'staff_members',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    /** Always stored in lower case, so the unique index is the case-insensitive one. */
    email: text('email').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    /** 'local': password and TOTP here; 'sso': the identity provider signs them in. */
    kind: text('kind', { enum: ['local', 'sso'] }).notNull(),
    status: text('status', { enum: ['invited', 'active', 'disabled'] }).notNull(),
    passwordHash: text('password_hash'),
    totpSecretSealed: text('totp_secret_sealed'),
    /** The RFC 6238 time step of the last code accepted: that step and older are refused. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_members_email_key').on(t.email),
    check('staff_members_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** One-time recovery codes, kept as keyed hashes; each signs in once. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: text('id').primaryKey(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_recovery_codes_staff_code_key').on(t.staffId, t.codeHash)],
);

/** Staff sessions: a staff token is honoured only while its session lives (idle 15 min, 12 h at most). */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['password', 'sso'] }).notNull(),
    createdAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId)],
);

/**
 * One-time enrolment links: a new or reset staff member sets a password and
 * adds the TOTP key shown here. Only a hash of the link's token is kept.
 */
export const staffEnrolments = pgTable(
  'staff_enrolments',
  {
    tokenHash: text('token_hash').primaryKey(),
    staffId: text('staff_id')
      .notNull()
      .references(() => staffMembers.id, { onDelete: 'cascade' }),
    /** The TOTP key offered, sealed like the staff member's; theirs once enrolment completes. */
    totpSecretSealed: text('totp_secret_sealed').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('staff_enrolments_staff_idx').on(t.staffId)],
);

/**
 * Single sign-on logins in flight (decision 0024). A row is made when a staff
 * member leaves for the identity provider and is claimed once when they come
 * back (state, 10 minutes); a successful return leaves a one-time grant on it
 * that the console exchanges for a session (60 seconds). Only hashes of the
 * state, the browser binding and the grant are kept; the nonce and PKCE
 * verifier are sealed like TOTP keys.
 */
export const staffSsoLogins = pgTable(
  'staff_sso_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    /** Hash of the random value in the browser's cookie: only the browser that left may come back. */
    browserHash: text('browser_hash').notNull(),
    /** Sealed JSON of the nonce and the PKCE code verifier. */
    checksSealed: text('checks_sealed').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    stateUsedAt: timestamp('state_used_at', { withTimezone: true }),
    staffId: text('staff_id').references(() => staffMembers.id, { onDelete: 'cascade' }),
    grantHash: text('grant_hash'),
    grantExpiresAt: timestamp('grant_expires_at', { withTimezone: true }),
    grantUsedAt: timestamp('grant_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_sso_logins_grant_key').on(t.grantHash),
    index('staff_sso_logins_expires_idx').on(t.expiresAt),
  ],
);

/*
 * The built-in Converge emulator (docs/sandbox-processor.md) keeps its own
 * records, as Converge would on its side: WebPay's code never reads these
 * tables, it asks the emulator over HTTP. They live in this database so that
 * an approval survives a restart of the process and reconciliation can find it.
 */

/** Hosted-payments session tokens: single-use, 15 minutes. Only a hash of the token is kept. */
export const sandboxConvergeTokens = pgTable(
  'sandbox_converge_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    transactionType: text('transaction_type', { enum: ['ccsale', 'ccgettoken'] }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** ccsale with ssl_get_token=Y and ssl_add_token=Y, or ccgettoken: the card is kept as a token. */
    addToken: boolean('add_token').notNull().default(false),
    /** ccgettoken with ssl_verify=Y: the card is verified (a CCVERIFY transaction) before it is kept. */
    verify: boolean('verify').notNull().default(false),
    invoiceNumber: text('invoice_number'),
    /** The optional ssl_* customer fields sent with the token request (name, address, e-mail). */
    customer: jsonb('customer').$type<Record<string, string>>().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('sandbox_converge_tokens_expires_idx').on(t.expiresAt)],
);

/** Sales, eCheck purchases and voids as the emulator recorded them: masked card, last 4 of a bank account. */
export const sandboxConvergeTransactions = pgTable(
  'sandbox_converge_transactions',
  {
    txnId: text('txn_id').primaryKey(),
    method: text('method', { enum: ['card', 'echeck'] }).notNull(),
    transactionType: text('transaction_type', {
      enum: ['SALE', 'ECSPURCHASE', 'VOID', 'ECSVOID', 'RETURN', 'CCVERIFY'],
    }).notNull(),
    approved: boolean('approved').notNull(),
    resultMessage: text('result_message').notNull(),
    approvalCode: text('approval_code').notNull().default(''),
    amountCents: integer('amount_cents').notNull(),
    invoiceNumber: text('invoice_number'),
    /** e.g. 41**********9990; the full number and the CVV are never stored. */
    cardNumberMasked: text('card_number_masked'),
    cardBrand: text('card_brand'),
    /** MMYY */
    cardExpiry: text('card_expiry'),
    bankAccountLast4: text('bank_account_last4'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    /** On a void: the sale it cancelled. */
    voidsTxnId: text('voids_txn_id'),
    /** On a sale: when it was voided. */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    /** On a return: the sale it gives money back on. */
    returnsTxnId: text('returns_txn_id'),
    /** A sale on a stored token (issue #25): the token, and the stored-credential flags sent with it. */
    cardToken: text('card_token'),
    recurringFlag: text('recurring_flag'),
    paymentNumber: integer('payment_number'),
    paymentCount: integer('payment_count'),
    merchantInitiatedUnscheduled: boolean('merchant_initiated_unscheduled')
      .notNull()
      .default(false),
    /** The batch it settled in; null while its batch is open. */
    settlementBatchId: text('settlement_batch_id'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_converge_transactions_invoice_idx').on(t.invoiceNumber, t.createdAt),
    index('sandbox_converge_transactions_created_idx').on(t.createdAt),
    index('sandbox_converge_transactions_open_batch_idx')
      .on(t.createdAt)
      .where(sql`${t.settledAt} is null`),
  ],
);

/**
 * The emulator's Card Manager: cards kept as tokens (ccgettoken, or a sale
 * with ssl_add_token). `behaviour` is the test card's later behaviour (a card
 * that saves fine and declines later, one that has expired by its next charge).
 */
export const sandboxConvergeCardTokens = pgTable('sandbox_converge_card_tokens', {
  token: text('token').primaryKey(),
  cardNumberMasked: text('card_number_masked').notNull(),
  cardBrand: text('card_brand').notNull(),
  cardExpiry: text('card_expiry').notNull(),
  firstName: text('first_name'),
  lastName: text('last_name'),
  behaviour: text('behaviour', { enum: ['approve', 'decline_later', 'expired_later'] })
    .notNull()
    .default('approve'),
  createdAt: createdAt(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** The emulator's settled batches: on a `settle` request, or at the daily settlement time. */
export const sandboxConvergeBatches = pgTable('sandbox_converge_batches', {
  batchId: text('batch_id').primaryKey(),
  settledAt: timestamp('settled_at', { withTimezone: true }).notNull(),
  trigger: text('trigger', { enum: ['request', 'schedule'] }).notNull(),
  transactionCount: integer('transaction_count').notNull(),
  /** Sales and debits less returns. */
  netCents: integer('net_cents').notNull(),
});

// ------------------------------------------------------------ financial assistance (issue #27)

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** The open statuses, for the partial indexes: one open application per guarantor. */
const OPEN_APPLICATION = sql`status in ('submitted', 'in_review', 'need_information')`;

/**
 * A guarantor's application for financial assistance: the answers as sent
 * (word for word), what they came to under the facility's policy at the time,
 * the signature, and where the review stands. The hold (autopay, notices and
 * collection paused) lasts while it is open and `hold_released_at` is null.
 */
export const assistanceApplications = pgTable(
  'assistance_applications',
  {
    id: text('id').primaryKey(),
    /** What the guarantor and the office call it: FA- and 8 characters. */
    reference: text('reference').notNull(),
    guarantorId: text('guarantor_id')
      .notNull()
      .references(() => guarantors.id, { onDelete: 'cascade' }),
    /** The facility whose policy decides it: the first account's. */
    facilityId: text('facility_id').notNull(),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull(),
    answers: jsonb('answers').$type<ApplicationAnswers>().notNull(),
    region: text('region', { enum: GUIDELINE_REGIONS }).notNull(),
    householdSize: integer('household_size').notNull(),
    yearlyIncomeCents: bigint('yearly_income_cents', { mode: 'number' }).notNull(),
    keepPaying: boolean('keep_paying').notNull(),
    signatureName: text('signature_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    signedIp: text('signed_ip').notNull(),
    signedUserAgent: text('signed_user_agent'),
    /** The guarantor's language when they applied: letters are written in it. */
    language: text('language', { enum: LANGUAGES }).notNull(),
    /** The last day of the policy's application window for these accounts. */
    windowEndsOn: date('window_ends_on', { mode: 'string' }).notNull(),
    requestedItems: jsonb('requested_items').$type<string[]>().notNull().default([]),
    informationDueOn: date('information_due_on', { mode: 'string' }),
    holdReleasedAt: timestamp('hold_released_at', { withTimezone: true }),
    holdReleaseReason: text('hold_release_reason', {
      enum: ['decided', 'denied', 'information_overdue'],
    }),
    /** An approval above the second-review amount, waiting for another reviewer. */
    firstApproval: jsonb('first_approval').$type<{
      staffId: string;
      discountPercent: number;
      totalAdjustmentCents: number;
      reason: string | null;
      at: string;
    }>(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decision: jsonb('decision').$type<{
      discountPercent: number;
      totalAdjustmentCents: number;
      refundCents: number;
      reason: string | null;
      staffIds: string[];
    }>(),
    /** When the retention purge removed its documents' files. */
    documentsPurgedAt: timestamp('documents_purged_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key').notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('assistance_applications_reference_key').on(t.reference),
    uniqueIndex('assistance_applications_idempotency_key').on(t.guarantorId, t.idempotencyKey),
    uniqueIndex('assistance_applications_one_open_key').on(t.guarantorId).where(OPEN_APPLICATION),
    index('assistance_applications_status_idx').on(t.status, t.submittedAt),
  ],
);

/** The accounts an application covers, their balance when sent, and the approval's adjustment. */
export const assistanceAccounts = pgTable(
  'assistance_accounts',
  {
    id: text('id').primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => assistanceApplications.id, { onDelete: 'cascade' }),
    encounterId: text('encounter_id')
      .notNull()
      .references(() => encounters.id, { onDelete: 'cascade' }),
    balanceCents: integer('balance_cents').notNull(),
    adjustmentCents: integer('adjustment_cents'),
    adjustmentStatus: text('adjustment_status', { enum: ADJUSTMENT_STATUSES }),
    /** The posting export that carried the adjustment (once), and the billing system's confirmation. */
    adjustmentExportedAt: timestamp('adjustment_exported_at', { withTimezone: true }),
    adjustmentExportBatch: text('adjustment_export_batch'),
    adjustmentConfirmedAt: timestamp('adjustment_confirmed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('assistance_accounts_application_encounter_key').on(t.applicationId, t.encounterId),
    index('assistance_accounts_encounter_idx').on(t.encounterId),
  ],
);

/**
 * A document for an application: its file sealed (AES-256-GCM, the key's id
 * kept with it), or outstanding ("send later", a requested item). After the
 * decision and the retention period the file is purged; the hash, the size
 * and the reviewer's figures stay.
 */
export const assistanceDocuments = pgTable(
  'assistance_documents',
  {
    id: text('id').primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => assistanceApplications.id, { onDelete: 'cascade' }),
    memberIndex: integer('member_index').notNull(),
    kind: text('kind', { enum: DOCUMENT_KINDS }).notNull(),
    status: text('status', { enum: DOCUMENT_STATUSES }).notNull(),
    fileName: text('file_name'),
    contentType: text('content_type', { enum: DOCUMENT_CONTENT_TYPES }),
    sizeBytes: integer('size_bytes'),
    /** SHA-256 of the file as stored (metadata already stripped), hex. */
    sha256: text('sha256'),
    sealed: bytea('sealed'),
    keyId: text('key_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    rejectReason: text('reject_reason'),
    extractedYearlyIncomeCents: bigint('extracted_yearly_income_cents', { mode: 'number' }),
    purgedAt: timestamp('purged_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('assistance_documents_application_idx').on(t.applicationId)],
);

/** What happened on an application, oldest first: the tracker's timeline and the case's history. */
export const assistanceEvents = pgTable(
  'assistance_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => assistanceApplications.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    kind: text('kind', { enum: TIMELINE_KINDS }).notNull(),
    status: text('status', { enum: APPLICATION_STATUSES }),
    author: text('author', { enum: ['guarantor', 'office', 'system'] }).notNull(),
    /** The staff member, for the office's entries. */
    staffId: text('staff_id'),
    text: text('text'),
  },
  (t) => [index('assistance_events_application_idx').on(t.applicationId, t.id)],
);

/** Letters as sent: the words, in the guarantor's language, kept with the application. */
export const assistanceLetters = pgTable(
  'assistance_letters',
  {
    id: text('id').primaryKey(),
    applicationId: text('application_id')
      .notNull()
      .references(() => assistanceApplications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: LETTER_KINDS }).notNull(),
    language: text('language', { enum: LANGUAGES }).notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('assistance_letters_application_idx').on(t.applicationId),
    // A decision's letters once per application: a retried step never sends one twice.
    // Requests for information may be several.
    uniqueIndex('assistance_letters_kind_key')
      .on(t.applicationId, t.kind)
      .where(sql`kind <> 'incomplete'`),
  ],
);
