import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import { saveGuarantorEmail } from '../../db/guarantor-email.ts';
import type { Database, Transaction } from '../../db/client.ts';
import {
  facilities,
  guarantors,
  paymentLines,
  payments,
  pendingPayments,
  receipts,
} from '../../db/schema.ts';
import type { PortalPending } from './pending-check.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentStatus = PaymentRow['status'];
export type PaymentLineRow = typeof paymentLines.$inferSelect;
export type NewPayment = Omit<
  typeof payments.$inferInsert,
  'id' | 'status' | 'createdAt' | 'updatedAt'
> & { idempotencyKey: string };
export type NewPaymentLine = Omit<typeof paymentLines.$inferInsert, 'id' | 'paymentId'>;

/** What the processor confirmed, as it is written onto the payment. */
export interface ConfirmedApproval {
  txnId: string;
  approvalCode: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  cardExpiry: string | null;
}

export type SnapshotBuilder = (
  payment: PaymentRow,
  lines: PaymentLineRow[],
  receiptId: string,
) => Record<string, unknown>;

export type RecordOutcome =
  | { won: true; payment: PaymentRow; receiptId: string; snapshot: Record<string, unknown> }
  | { won: false };

/** Work that must be committed with the recording or not at all (the receipt e-mail's job). */
export type AlsoOnRecording = (
  tx: Transaction,
  recorded: Extract<RecordOutcome, { won: true }>,
) => Promise<void>;

export interface PayerContext {
  mmi: string;
  centralFacilityId: string;
  supportPhone: string | null;
}

/** Statuses a payment can still leave; recorded is final. */
export const OPEN_STATUSES = ['initiated', 'in_lightbox', 'approved'] as const;

/**
 * The guarantor's portal payments that may still reach the accounts: the
 * recorded ones the billing office has not applied, and the open ones,
 * whose money may be on its way (a lightbox open in another tab, an eCheck
 * whose answer is awaited). One statement, so a payment being recorded
 * meanwhile is counted once, as open or as pending.
 */
function portalPending(tx: Transaction, guarantorId: string): Promise<PortalPending[]> {
  const recorded = tx
    .select({
      encounterId: pendingPayments.encounterId,
      planId: pendingPayments.planId,
      amountCents: pendingPayments.amountCents,
    })
    .from(pendingPayments)
    .where(
      and(
        eq(pendingPayments.guarantorId, guarantorId),
        isNull(pendingPayments.appliedAt),
        isNotNull(pendingPayments.paymentId),
      ),
    );
  const open = tx
    .select({
      encounterId: paymentLines.encounterId,
      planId: paymentLines.planId,
      amountCents: paymentLines.amountCents,
    })
    .from(paymentLines)
    .innerJoin(payments, eq(payments.id, paymentLines.paymentId))
    .where(
      and(eq(payments.guarantorId, guarantorId), inArray(payments.status, [...OPEN_STATUSES])),
    );
  return recorded.unionAll(open);
}

export class PaymentsRepository {
  constructor(
    private readonly db: Database,
    /** A payment is pending from the facility's day it was recorded. */
    private readonly calendar: FacilityCalendar,
  ) {}

  /**
   * The guarantor's MMI and the central facility, what guarantor-level and
   * plan account ids are built from, and their own support phone.
   */
  async payerContext(guarantorId: string): Promise<PayerContext | undefined> {
    const [row] = await this.db
      .select({
        mmi: guarantors.mmi,
        centralFacilityId: facilities.id,
        supportPhone: guarantors.supportPhone,
      })
      .from(guarantors)
      .innerJoin(facilities, eq(facilities.kind, 'central'))
      .where(eq(guarantors.id, guarantorId))
      .limit(1);
    return row;
  }

  /**
   * Creates the payment and its lines under the caller's Idempotency-Key, or
   * finds the one that key already made. The guarantor's row is locked first,
   * so the guarantor's payment starts run one at a time: `guard` sees every
   * portal payment written before this one (decision 0016) and may refuse by
   * throwing, which writes nothing. A key already used is answered with its
   * payment before the guard is asked; the unique index backs that up.
   */
  async claim(
    payment: NewPayment,
    lines: readonly NewPaymentLine[],
    guard: (pending: PortalPending[]) => void = () => undefined,
  ): Promise<{ payment: PaymentRow; created: boolean }> {
    const created = await this.db.transaction(async (tx) => {
      await tx
        .select({ id: guarantors.id })
        .from(guarantors)
        .where(eq(guarantors.id, payment.guarantorId))
        .for('no key update');
      const [existing] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(
          and(
            eq(payments.guarantorId, payment.guarantorId),
            eq(payments.idempotencyKey, payment.idempotencyKey),
          ),
        )
        .limit(1);
      if (existing) return undefined;
      guard(await portalPending(tx, payment.guarantorId));
      const [row] = await tx
        .insert(payments)
        .values({ ...payment, id: randomUUID(), status: 'initiated' })
        .onConflictDoNothing({ target: [payments.guarantorId, payments.idempotencyKey] })
        .returning();
      if (!row) return undefined;
      if (lines.length > 0) {
        await tx
          .insert(paymentLines)
          .values(lines.map((line) => ({ ...line, id: randomUUID(), paymentId: row.id })));
      }
      return row;
    });
    if (created) return { payment: created, created: true };
    const existing = await this.findByKey(payment.guarantorId, payment.idempotencyKey);
    if (!existing) throw new Error('An Idempotency-Key conflicted, yet no payment holds it');
    return { payment: existing, created: false };
  }

  async findByKey(guarantorId: string, idempotencyKey: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(
        and(eq(payments.guarantorId, guarantorId), eq(payments.idempotencyKey, idempotencyKey)),
      )
      .limit(1);
    return row;
  }

  /** The caller's payment by its reference; someone else's is not found. */
  async findByReference(guarantorId: string, reference: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .select()
      .from(payments)
      .where(and(eq(payments.guarantorId, guarantorId), eq(payments.processorReference, reference)))
      .limit(1);
    return row;
  }

  async findById(id: string): Promise<PaymentRow | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, id)).limit(1);
    return row;
  }

  lines(paymentId: string): Promise<PaymentLineRow[]> {
    return this.db
      .select()
      .from(paymentLines)
      .where(eq(paymentLines.paymentId, paymentId))
      .orderBy(asc(paymentLines.lineNumber));
  }

  /** in_lightbox with the token, unless something else moved the payment on meanwhile. */
  async markTokenIssued(
    id: string,
    token: string,
    issuedAt: Date,
  ): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .update(payments)
      .set({
        status: 'in_lightbox',
        lightboxToken: token,
        tokenIssuedAt: issuedAt,
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.id, id), eq(payments.status, 'initiated')))
      .returning();
    return row;
  }

  /**
   * Moves a payment that is in one of `from` to an unrecorded outcome. The
   * condition on the status is what makes a cancel lose to a concurrent
   * recording rather than overwrite it.
   */
  async markOutcome(
    id: string,
    from: readonly PaymentStatus[],
    outcome: {
      status: Exclude<PaymentStatus, 'recorded'>;
      failureCode: string | null;
      failureMessage: string | null;
      reconciledAt?: Date | null;
    },
  ): Promise<PaymentRow | undefined> {
    const [row] = await this.db
      .update(payments)
      .set({
        status: outcome.status,
        failureCode: outcome.failureCode,
        failureMessage: outcome.failureMessage,
        ...(outcome.reconciledAt === undefined ? {} : { reconciledAt: outcome.reconciledAt }),
        updatedAt: sql`now()`,
      })
      .where(and(eq(payments.id, id), inArray(payments.status, [...from])))
      .returning();
    return row;
  }

  /** Notes why an open payment's last processor call gave no answer, leaving its status alone. */
  async markProblem(id: string, failureCode: string, failureMessage: string): Promise<void> {
    await this.db
      .update(payments)
      .set({ failureCode, failureMessage, updatedAt: sql`now()` })
      .where(and(eq(payments.id, id), ne(payments.status, 'recorded')));
  }

  /** The card completion asked to save the payer's e-mail; it is applied when the payment is recorded. */
  async requestEmailSave(id: string): Promise<void> {
    await this.db
      .update(payments)
      .set({ saveEmailAsGuarantor: true, updatedAt: sql`now()` })
      .where(and(eq(payments.id, id), ne(payments.status, 'recorded')));
  }

  /** Closes the reconciliation of an unrecorded payment the processor has nothing for. */
  async markReconciled(id: string, status: PaymentStatus, at: Date): Promise<boolean> {
    const rows = await this.db
      .update(payments)
      .set({ reconciledAt: at, updatedAt: sql`now()` })
      .where(and(eq(payments.id, id), eq(payments.status, status), isNull(payments.reconciledAt)))
      .returning({ id: payments.id });
    return rows.length > 0;
  }

  /**
   * Records a confirmed approval exactly once. In one transaction, a
   * conditional update moves the payment to recorded; only the transaction
   * that wins it writes the receipt and one pending payment per line. Every
   * other caller, concurrent or later, gets `won: false` and reads the
   * winner's receipt (the unique indexes on receipts.payment_id and
   * pending_payments.payment_line_id back this up).
   */
  async record(
    paymentId: string,
    approval: ConfirmedApproval,
    recordedAt: Date,
    newReceiptId: () => string,
    buildSnapshot: SnapshotBuilder,
    alsoOnRecording?: AlsoOnRecording,
  ): Promise<RecordOutcome> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await this.recordOnce(
          paymentId,
          approval,
          recordedAt,
          newReceiptId(),
          buildSnapshot,
          alsoOnRecording,
        );
      } catch (error) {
        // A receipt number drawn twice: the transaction rolled back; draw again.
        if (attempt < 5 && isUniqueViolation(error, 'receipts_receipt_id_key')) continue;
        throw error;
      }
    }
  }

  private recordOnce(
    paymentId: string,
    approval: ConfirmedApproval,
    recordedAt: Date,
    receiptId: string,
    buildSnapshot: SnapshotBuilder,
    alsoOnRecording: AlsoOnRecording | undefined,
  ): Promise<RecordOutcome> {
    return this.db.transaction(async (tx) => {
      const [payment] = await tx
        .update(payments)
        .set({
          status: 'recorded',
          processorTxnId: approval.txnId,
          approvalCode: approval.approvalCode,
          cardBrand: approval.cardBrand,
          cardLast4: approval.cardLast4,
          cardExpiry: approval.cardExpiry,
          failureCode: null,
          failureMessage: null,
          recordedAt,
          updatedAt: sql`now()`,
        })
        .where(and(eq(payments.id, paymentId), ne(payments.status, 'recorded')))
        .returning();
      if (!payment) return { won: false } as const;

      const lines = await tx
        .select()
        .from(paymentLines)
        .where(eq(paymentLines.paymentId, paymentId))
        .orderBy(asc(paymentLines.lineNumber));
      const snapshot = buildSnapshot(payment, lines, receiptId);
      await tx.insert(receipts).values({
        id: randomUUID(),
        paymentId,
        receiptId,
        issuedAt: recordedAt,
        snapshot,
        emailedTo: null,
      });
      const paidOn = this.calendar.dayOf(recordedAt);
      if (lines.length > 0) {
        await tx.insert(pendingPayments).values(
          lines.map((line) => ({
            id: randomUUID(),
            guarantorId: payment.guarantorId,
            encounterId: line.encounterId,
            planId: line.planId,
            paymentId,
            paymentLineId: line.id,
            receiptId,
            paidOn,
            amountCents: line.amountCents,
          })),
        );
      }
      const recorded = { won: true, payment, receiptId, snapshot } as const;
      await alsoOnRecording?.(tx, recorded);
      return recorded;
    });
  }

  async receiptOf(
    paymentId: string,
  ): Promise<{ receiptId: string; snapshot: Record<string, unknown> } | undefined> {
    const [row] = await this.db
      .select({ receiptId: receipts.receiptId, snapshot: receipts.snapshot })
      .from(receipts)
      .where(eq(receipts.paymentId, paymentId))
      .limit(1);
    return row;
  }

  async markEmailed(paymentId: string, to: string, at: Date): Promise<void> {
    await this.db
      .update(receipts)
      .set({ emailedTo: to, emailedAt: at })
      .where(eq(receipts.paymentId, paymentId));
  }

  /**
   * Makes `email` the guarantor's address. It is not verified by this (the
   * session proved the old address, not this one), so it is marked
   * unverified. An address that is another guarantor's is left alone.
   */
  saveGuarantorEmail(
    guarantorId: string,
    email: string,
  ): Promise<'saved' | 'unchanged' | 'in_use'> {
    return saveGuarantorEmail(this.db, guarantorId, email);
  }

  /** Unrecorded payments created before `olderThan` whose outcome the processor has not yet confirmed. */
  unreconciled(olderThan: Date, limit: number): Promise<PaymentRow[]> {
    return this.db
      .select()
      .from(payments)
      .where(
        and(
          ne(payments.status, 'recorded'),
          isNull(payments.reconciledAt),
          lt(payments.createdAt, olderThan),
        ),
      )
      .orderBy(asc(payments.createdAt))
      .limit(limit);
  }
}
