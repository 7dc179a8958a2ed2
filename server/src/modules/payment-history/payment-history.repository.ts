import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentLines, paymentReversals, payments, receipts } from '../../db/schema.ts';
import type { CompletedReversalRow } from './guarantor-reversal.ts';

export type HistoryPaymentRow = Pick<
  typeof payments.$inferSelect,
  | 'id'
  | 'method'
  | 'amountCents'
  | 'cardBrand'
  | 'cardLast4'
  | 'bankAccountType'
  | 'bankLast4'
  | 'appliedAt'
> & { receiptId: string; paidAt: Date };

export type HistoryLineRow = Pick<
  typeof paymentLines.$inferSelect,
  'paymentId' | 'facilityId' | 'accountId' | 'description' | 'amountCents'
>;

export interface ReceiptRow {
  paymentId: string;
  amountCents: number;
  receiptId: string;
  snapshot: Record<string, unknown>;
}

/**
 * When a payment counts as made: when it was recorded, which is also its
 * receipt's date. Past payments loaded rather than made through the service
 * (the demo history) carry only their creation time.
 */
const paidAt = sql`coalesce(${payments.recordedAt}, ${payments.createdAt})`;

/** The instants a history asks for: from `from` included to `before` left out; either may be open. */
export interface RecordedWithin {
  from?: Date;
  before?: Date;
}

const asInstant = (instant: Date): SQL => sql`${instant.toISOString()}::timestamptz`;

/** Reads only ever see the guarantor's own recorded payments. */
export class PaymentHistoryRepository {
  constructor(private readonly db: Database) {}

  /** Recorded payments with a receipt, newest first, paid within the range. */
  recordedPayments(guarantorId: string, range: RecordedWithin): Promise<HistoryPaymentRow[]> {
    const conditions: SQL[] = [
      eq(payments.guarantorId, guarantorId),
      eq(payments.status, 'recorded'),
    ];
    if (range.from) conditions.push(sql`${paidAt} >= ${asInstant(range.from)}`);
    if (range.before) conditions.push(sql`${paidAt} < ${asInstant(range.before)}`);
    return this.db
      .select({
        id: payments.id,
        receiptId: receipts.receiptId,
        method: payments.method,
        amountCents: payments.amountCents,
        cardBrand: payments.cardBrand,
        cardLast4: payments.cardLast4,
        bankAccountType: payments.bankAccountType,
        bankLast4: payments.bankLast4,
        appliedAt: payments.appliedAt,
        paidAt: sql<Date>`${paidAt}`.mapWith(payments.createdAt),
      })
      .from(payments)
      .innerJoin(receipts, eq(receipts.paymentId, payments.id))
      .where(and(...conditions))
      .orderBy(desc(paidAt), desc(receipts.receiptId));
  }

  /** The lines of all the given payments in one query, in line order. */
  async linesOf(paymentIds: readonly string[]): Promise<HistoryLineRow[]> {
    if (paymentIds.length === 0) return [];
    return this.db
      .select({
        paymentId: paymentLines.paymentId,
        facilityId: paymentLines.facilityId,
        accountId: paymentLines.accountId,
        description: paymentLines.description,
        amountCents: paymentLines.amountCents,
      })
      .from(paymentLines)
      .where(inArray(paymentLines.paymentId, [...paymentIds]))
      .orderBy(asc(paymentLines.paymentId), asc(paymentLines.lineNumber));
  }

  async receiptFor(guarantorId: string, receiptId: string): Promise<ReceiptRow | undefined> {
    const [row] = await this.db
      .select({
        paymentId: receipts.paymentId,
        amountCents: payments.amountCents,
        receiptId: receipts.receiptId,
        snapshot: receipts.snapshot,
      })
      .from(receipts)
      .innerJoin(payments, eq(payments.id, receipts.paymentId))
      .where(and(eq(receipts.receiptId, receiptId), eq(payments.guarantorId, guarantorId)))
      .limit(1);
    return row;
  }

  /** The completed voids and refunds of the given payments, oldest first. */
  async completedReversalsOf(paymentIds: readonly string[]): Promise<CompletedReversalRow[]> {
    if (paymentIds.length === 0) return [];
    const rows = await this.db
      .select({
        paymentId: paymentReversals.paymentId,
        kind: paymentReversals.kind,
        amountCents: paymentReversals.amountCents,
        completedAt: paymentReversals.completedAt,
      })
      .from(paymentReversals)
      .where(
        and(
          inArray(paymentReversals.paymentId, [...paymentIds]),
          eq(paymentReversals.status, 'completed'),
          isNotNull(paymentReversals.completedAt),
        ),
      )
      .orderBy(asc(paymentReversals.completedAt));
    return rows.flatMap(({ completedAt, ...row }) =>
      completedAt ? [{ ...row, completedAt }] : [],
    );
  }
}
