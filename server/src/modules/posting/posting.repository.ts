import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { paymentLines, payments, pendingPayments, receipts } from '../../db/schema.ts';
import type { PostingLine } from './posting-file.ts';

/**
 * When a payment was made: when it was recorded, as on its receipt. Past
 * payments loaded rather than made through the service carry only their
 * creation time.
 */
const paidAt = sql`coalesce(${payments.recordedAt}, ${payments.createdAt})`;

/** Keeps each statement's parameter list well inside PostgreSQL's limit of 65,535. */
const CHUNK = 5000;

function chunks<T>(items: readonly T[]): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += CHUNK) {
    result.push(items.slice(start, start + CHUNK));
  }
  return result;
}

/** A receipt named in a confirmation, with what decides whether it can be applied. */
export interface ReceiptState {
  receiptId: string;
  paymentId: string;
  paymentReference: string;
  amountCents: number;
  exportedAt: Date | null;
  appliedAt: Date | null;
}

export class PostingRepository {
  constructor(private readonly db: Database) {}

  async batchExists(batchId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.exportBatch, batchId))
      .limit(1);
    return rows.length > 0;
  }

  /**
   * Marks every recorded payment not yet exported (since `since`, when given)
   * as exported in `batchId`, and answers how many it marked. The condition
   * on exported_at is what keeps a concurrent export off these payments: it
   * waits for this transaction and then finds them taken.
   */
  async markExported(batchId: string, exportedAt: Date, since: Date | undefined): Promise<number> {
    const conditions: SQL[] = [eq(payments.status, 'recorded'), isNull(payments.exportedAt)];
    if (since) conditions.push(sql`${paidAt} >= ${since.toISOString()}::timestamptz`);
    const rows = await this.db
      .update(payments)
      .set({ exportedAt, exportBatch: batchId, updatedAt: sql`now()` })
      .where(and(...conditions))
      .returning({ id: payments.id });
    return rows.length;
  }

  /** The lines of a batch in posting order: by payment time, receipt, line. */
  async batchLines(batchId: string): Promise<PostingLine[]> {
    const rows = await this.db
      .select({
        batchId: payments.exportBatch,
        paymentId: payments.id,
        receiptId: receipts.receiptId,
        paymentReference: payments.processorReference,
        lineNumber: paymentLines.lineNumber,
        facilityId: paymentLines.facilityId,
        accountId: paymentLines.accountId,
        paymentType: paymentLines.paymentType,
        amountCents: paymentLines.amountCents,
        method: payments.method,
        cardBrand: payments.cardBrand,
        cardLast4: payments.cardLast4,
        bankAccountType: payments.bankAccountType,
        bankLast4: payments.bankLast4,
        paidAt: sql<Date>`${paidAt}`.mapWith(payments.createdAt),
        processorTxnId: payments.processorTxnId,
        approvalCode: payments.approvalCode,
      })
      .from(payments)
      .innerJoin(receipts, eq(receipts.paymentId, payments.id))
      .innerJoin(paymentLines, eq(paymentLines.paymentId, payments.id))
      .where(eq(payments.exportBatch, batchId))
      .orderBy(asc(paidAt), asc(receipts.receiptId), asc(paymentLines.lineNumber));
    return rows.map((row) => ({ ...row, batchId }));
  }

  async receiptStates(receiptIds: readonly string[]): Promise<ReceiptState[]> {
    const states: ReceiptState[] = [];
    for (const chunk of chunks(receiptIds)) {
      const rows = await this.db
        .select({
          receiptId: receipts.receiptId,
          paymentId: payments.id,
          paymentReference: payments.processorReference,
          amountCents: payments.amountCents,
          exportedAt: payments.exportedAt,
          appliedAt: payments.appliedAt,
        })
        .from(receipts)
        .innerJoin(payments, eq(payments.id, receipts.paymentId))
        .where(inArray(receipts.receiptId, chunk));
      states.push(...rows);
    }
    return states;
  }

  /**
   * Marks exported, unapplied payments applied at `appliedAt`, with their
   * pending payments, which takes these off the guarantor's dashboard.
   * Answers the payments it marked; one applied meanwhile is left as it is.
   */
  async markApplied(paymentIds: readonly string[], appliedAt: Date): Promise<string[]> {
    const marked: string[] = [];
    for (const chunk of chunks(paymentIds)) {
      const rows = await this.db
        .update(payments)
        .set({ appliedAt, updatedAt: sql`now()` })
        .where(
          and(
            inArray(payments.id, chunk),
            isNotNull(payments.exportedAt),
            isNull(payments.appliedAt),
          ),
        )
        .returning({ id: payments.id });
      const ids = rows.map((row) => row.id);
      if (ids.length > 0) {
        await this.db
          .update(pendingPayments)
          .set({ appliedAt })
          .where(and(inArray(pendingPayments.paymentId, ids), isNull(pendingPayments.appliedAt)));
      }
      marked.push(...ids);
    }
    return marked;
  }
}
