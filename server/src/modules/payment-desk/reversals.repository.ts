import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, like, lt, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client.ts';
import {
  guarantors,
  paymentLines,
  paymentReversals,
  payments,
  pendingPayments,
  receipts,
  staffMembers,
} from '../../db/schema.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';

export type ReversalRow = typeof paymentReversals.$inferSelect;
export type NewReversal = Omit<
  typeof paymentReversals.$inferInsert,
  'id' | 'createdAt' | 'updatedAt' | 'requestedAt'
>;
export type DeskPaymentRow = typeof payments.$inferSelect;
export type DeskLineRow = typeof paymentLines.$inferSelect;

/** When a payment was made: recorded, else (loaded rows have no record time) written. */
const paidAt = sql`coalesce(${payments.recordedAt}, ${payments.createdAt})`;

/** A payment as a reversal needs it: the row, its lines and every reversal it has. */
export interface PaymentForReversal {
  payment: DeskPaymentRow;
  lines: DeskLineRow[];
  reversals: ReversalRow[];
}

/** Work committed with a reversal's completion or not at all (pending payments, the e-mail). */
export type AlsoOnCompletion = (tx: Transaction, reversal: ReversalRow) => Promise<void>;

export type ClaimOutcome =
  { created: true; reversal: ReversalRow } | { created: false; reversal: ReversalRow };

/**
 * The payment desk's reversals. Every status change is a conditional update
 * from the statuses it may leave, so two requests, a request and
 * reconciliation, or two reconciliations never both move one reversal.
 */
export class ReversalsRepository {
  constructor(private readonly db: Database | Transaction) {}

  /** The same reads and writes inside a caller's transaction. */
  with(tx: Transaction): ReversalsRepository {
    return new ReversalsRepository(tx);
  }

  async payment(paymentId: string): Promise<PaymentForReversal | undefined> {
    const [payment] = await this.db.select().from(payments).where(eq(payments.id, paymentId));
    if (!payment) return undefined;
    const [lines, reversals] = await Promise.all([
      this.db
        .select()
        .from(paymentLines)
        .where(eq(paymentLines.paymentId, paymentId))
        .orderBy(asc(paymentLines.lineNumber)),
      this.ofPayment(paymentId),
    ]);
    return { payment, lines, reversals };
  }

  /**
   * The payment under a row lock, with its lines and reversals: nothing
   * another transaction does to its reversals can interleave until commit.
   */
  async locked(tx: Transaction, paymentId: string): Promise<PaymentForReversal | undefined> {
    const [payment] = await tx
      .select()
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update');
    if (!payment) return undefined;
    const reversals = await this.ofPayment(paymentId, tx);
    const lines = await tx
      .select()
      .from(paymentLines)
      .where(eq(paymentLines.paymentId, paymentId))
      .orderBy(asc(paymentLines.lineNumber));
    return { payment, lines, reversals };
  }

  ofPayment(paymentId: string, db: Database | Transaction = this.db): Promise<ReversalRow[]> {
    return db
      .select()
      .from(paymentReversals)
      .where(eq(paymentReversals.paymentId, paymentId))
      .orderBy(asc(paymentReversals.requestedAt), asc(paymentReversals.id));
  }

  async byId(reversalId: string): Promise<ReversalRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentReversals)
      .where(eq(paymentReversals.id, reversalId));
    return row;
  }

  async byKey(paymentId: string, idempotencyKey: string): Promise<ReversalRow | undefined> {
    const [row] = await this.db
      .select()
      .from(paymentReversals)
      .where(
        and(
          eq(paymentReversals.paymentId, paymentId),
          eq(paymentReversals.idempotencyKey, idempotencyKey),
        ),
      );
    return row;
  }

  /**
   * Writes a reversal under the payment's row lock: `build` sees the
   * payment's lines and every reversal it has, as no concurrent request can
   * change them, and throws to refuse. The same key twice answers the first.
   */
  async claim(
    paymentId: string,
    idempotencyKey: string | null,
    build: (found: PaymentForReversal) => NewReversal,
  ): Promise<ClaimOutcome> {
    try {
      return await this.db.transaction(async (tx) => {
        const found = await this.locked(tx, paymentId);
        if (!found) throw new Error(`payment ${paymentId} vanished`);
        const earlier = idempotencyKey
          ? found.reversals.find((row) => row.idempotencyKey === idempotencyKey)
          : undefined;
        if (earlier) return { created: false as const, reversal: earlier };
        const values = build(found);
        const [row] = await tx
          .insert(paymentReversals)
          .values({ ...values, id: randomUUID() })
          .returning();
        if (!row) throw new Error('the reversal was not written');
        return { created: true as const, reversal: row };
      });
    } catch (error) {
      if (!idempotencyKey || !isUniqueViolation(error, 'payment_reversals_idempotency_key')) {
        throw error;
      }
      const earlier = await this.byKey(paymentId, idempotencyKey);
      if (!earlier) throw error;
      return { created: false, reversal: earlier };
    }
  }

  /** Writes a reversal already checked under its payment's lock (the caller's transaction). */
  async insert(values: NewReversal): Promise<ReversalRow> {
    const [row] = await this.db
      .insert(paymentReversals)
      .values({ ...values, id: randomUUID() })
      .returning();
    if (!row) throw new Error('the reversal was not written');
    return row;
  }

  /**
   * Reversals whose idempotency key starts with `prefix`, with their
   * receipts: oldest first, those written together newest payment first.
   */
  byKeyPrefix(prefix: string): Promise<{ reversal: ReversalRow; receiptId: string | null }[]> {
    return this.db
      .select({ reversal: paymentReversals, receiptId: receipts.receiptId })
      .from(paymentReversals)
      .innerJoin(payments, eq(payments.id, paymentReversals.paymentId))
      .leftJoin(receipts, eq(receipts.paymentId, paymentReversals.paymentId))
      .where(like(paymentReversals.idempotencyKey, `${prefix}%`))
      .orderBy(asc(paymentReversals.requestedAt), desc(paidAt), asc(paymentReversals.id));
  }

  /** The guarantor's recorded payments with a line on any of the encounters, newest first. */
  async recordedOnEncounters(
    guarantorId: string,
    encounterIds: readonly string[],
  ): Promise<string[]> {
    if (encounterIds.length === 0) return [];
    const rows = await this.db
      .selectDistinct({ id: payments.id, paidAt })
      .from(payments)
      .innerJoin(paymentLines, eq(paymentLines.paymentId, payments.id))
      .where(
        and(
          eq(payments.guarantorId, guarantorId),
          eq(payments.status, 'recorded'),
          inArray(paymentLines.encounterId, [...encounterIds]),
        ),
      )
      .orderBy(desc(paidAt), desc(payments.id));
    return rows.map((row) => row.id);
  }

  /** Moves a reversal on from one of `from`; undefined when someone else moved it first. */
  async transition(
    reversalId: string,
    from: readonly ReversalRow['status'][],
    changes: Partial<NewReversal>,
    also?: AlsoOnCompletion,
  ): Promise<ReversalRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(paymentReversals)
        .set({ ...changes, updatedAt: new Date() })
        .where(
          and(eq(paymentReversals.id, reversalId), inArray(paymentReversals.status, [...from])),
        )
        .returning();
      if (row && also) await also(tx, row);
      return row;
    });
  }

  /**
   * A reversal made at the processor, found by reconciliation, written
   * completed with its effects; undefined when another run wrote it first
   * (the processor's txn id is unique).
   */
  async insertFound(
    paymentId: string,
    build: (found: PaymentForReversal) => NewReversal | undefined,
    also: AlsoOnCompletion,
  ): Promise<ReversalRow | undefined> {
    try {
      return await this.db.transaction(async (tx) => {
        const found = await this.locked(tx, paymentId);
        const values = found ? build(found) : undefined;
        if (!values) return undefined;
        const [row] = await tx
          .insert(paymentReversals)
          .values({ ...values, id: randomUUID() })
          .returning();
        if (row) await also(tx, row);
        return row;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'payment_reversals_processor_txn_key')) return undefined;
      throw error;
    }
  }

  /** Reversals sent to the processor before `sentBefore` whose answer was never heard. */
  processingSentBefore(sentBefore: Date, limit: number): Promise<ReversalRow[]> {
    return this.db
      .select()
      .from(paymentReversals)
      .where(
        and(eq(paymentReversals.status, 'processing'), lt(paymentReversals.sentAt, sentBefore)),
      )
      .orderBy(asc(paymentReversals.sentAt))
      .limit(limit);
  }

  /** Every processor txn id a reversal already holds, among `txnIds`. */
  async knownTxnIds(txnIds: readonly string[]): Promise<Set<string>> {
    if (txnIds.length === 0) return new Set();
    const rows = await this.db
      .select({ txnId: paymentReversals.processorTxnId })
      .from(paymentReversals)
      .where(inArray(paymentReversals.processorTxnId, [...txnIds]));
    return new Set(rows.map((row) => row.txnId ?? ''));
  }

  /** Recorded payments by their references (processor invoice numbers). */
  recordedByReference(references: readonly string[]): Promise<DeskPaymentRow[]> {
    if (references.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(payments)
      .where(
        and(inArray(payments.processorReference, [...references]), eq(payments.status, 'recorded')),
      );
  }

  async paymentById(paymentId: string): Promise<DeskPaymentRow | undefined> {
    const [row] = await this.db.select().from(payments).where(eq(payments.id, paymentId));
    return row;
  }

  /** Awaiting approval, oldest first, with what the queue shows of their payments. */
  awaiting(limit: number) {
    return this.db
      .select({
        reversal: paymentReversals,
        receiptId: receipts.receiptId,
        paymentAmountCents: payments.amountCents,
        firstName: guarantors.firstName,
        lastName: guarantors.lastName,
      })
      .from(paymentReversals)
      .innerJoin(payments, eq(payments.id, paymentReversals.paymentId))
      .innerJoin(guarantors, eq(guarantors.id, paymentReversals.guarantorId))
      .leftJoin(receipts, eq(receipts.paymentId, paymentReversals.paymentId))
      .where(eq(paymentReversals.status, 'awaiting_approval'))
      .orderBy(asc(paymentReversals.requestedAt))
      .limit(limit);
  }

  /** Staff names by id, for "requested by" and "decided by". */
  async staffNames(ids: readonly (string | null)[]): Promise<Map<string, string>> {
    const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
    if (wanted.length === 0) return new Map();
    const rows = await this.db
      .select({ id: staffMembers.id, name: staffMembers.name })
      .from(staffMembers)
      .where(inArray(staffMembers.id, wanted));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  async staffRole(staffId: string): Promise<string | undefined> {
    const [row] = await this.db
      .select({ role: staffMembers.role })
      .from(staffMembers)
      .where(eq(staffMembers.id, staffId));
    return row?.role;
  }

  async guarantor(guarantorId: string) {
    const [row] = await this.db.select().from(guarantors).where(eq(guarantors.id, guarantorId));
    return row;
  }

  async receiptOf(paymentId: string) {
    const [row] = await this.db.select().from(receipts).where(eq(receipts.paymentId, paymentId));
    return row;
  }
}

/**
 * The dashboard's "pending" loses what a completed reversal gave back: each
 * allocated line's row shrinks, a row reaching zero and every row of a voided
 * payment are deleted.
 */
export async function adjustPending(tx: Transaction, reversal: ReversalRow): Promise<void> {
  if (reversal.kind === 'void') {
    await tx.delete(pendingPayments).where(eq(pendingPayments.paymentId, reversal.paymentId));
    return;
  }
  const lines = await tx
    .select({ id: paymentLines.id, lineNumber: paymentLines.lineNumber })
    .from(paymentLines)
    .where(eq(paymentLines.paymentId, reversal.paymentId));
  for (const entry of reversal.allocation) {
    const line = lines.find((candidate) => candidate.lineNumber === entry.lineNumber);
    if (!line) continue;
    await tx
      .update(pendingPayments)
      .set({ amountCents: sql`${pendingPayments.amountCents} - ${entry.amountCents}` })
      .where(and(eq(pendingPayments.paymentLineId, line.id), isNull(pendingPayments.appliedAt)));
  }
  await tx
    .delete(pendingPayments)
    .where(
      and(
        eq(pendingPayments.paymentId, reversal.paymentId),
        sql`${pendingPayments.amountCents} <= 0`,
      ),
    );
}
