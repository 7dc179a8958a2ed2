import { and, asc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  encounters,
  paymentLines,
  paymentPlans,
  paymentReversals,
  payments,
  pendingPayments,
  planInstalments,
  receipts,
} from '../../db/schema.ts';
import { AdjustmentPosting } from './adjustment-posting.ts';
import { POSTING_ENTRY_OF_REVERSAL, type PostingLine } from './posting-file.ts';

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

/** A reversal named in a confirmation; its amount is what it gave back, as a positive number. */
export interface ReversalState extends ReceiptState {
  reversalRowId: string;
  reversalId: string;
}

const ENTRY_ORDER = {
  plan: -1,
  payment: 0,
  void: 1,
  refund: 1,
  check_refund: 1,
  assistance_adjustment: 2,
} as const;

/** Posting order: by time, receipt, a payment before its reversals, reversal, line. */
function postingOrder(a: PostingLine, b: PostingLine): number {
  return (
    // Plans first: the billing system sets a plan up before it posts money on it.
    ENTRY_ORDER[a.entry === 'plan' ? 'plan' : 'payment'] -
      ENTRY_ORDER[b.entry === 'plan' ? 'plan' : 'payment'] ||
    a.paidAt.getTime() - b.paidAt.getTime() ||
    a.receiptId.localeCompare(b.receiptId) ||
    ENTRY_ORDER[a.entry] - ENTRY_ORDER[b.entry] ||
    (a.reversalId ?? '').localeCompare(b.reversalId ?? '') ||
    a.lineNumber - b.lineNumber
  );
}

export class PostingRepository {
  constructor(private readonly db: Database) {}

  async batchExists(batchId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: payments.id })
      .from(payments)
      .where(eq(payments.exportBatch, batchId))
      .limit(1);
    if (rows.length > 0) return true;
    const reversals = await this.db
      .select({ id: paymentReversals.id })
      .from(paymentReversals)
      .where(eq(paymentReversals.exportBatch, batchId))
      .limit(1);
    if (reversals.length > 0) return true;
    const plans = await this.db
      .select({ id: paymentPlans.id })
      .from(paymentPlans)
      .where(eq(paymentPlans.exportBatch, batchId))
      .limit(1);
    return plans.length > 0 || new AdjustmentPosting(this.db).exists(batchId);
  }

  /**
   * Marks every plan made in the portal and not exported yet (made on or
   * after `since`, when given) as exported in `batchId`; answers how many.
   * The condition on exported_at keeps concurrent exports apart, as for payments.
   */
  async markPlansExported(
    batchId: string,
    exportedAt: Date,
    since: Date | undefined,
  ): Promise<number> {
    const conditions: SQL[] = [eq(paymentPlans.source, 'portal'), isNull(paymentPlans.exportedAt)];
    if (since)
      conditions.push(sql`${paymentPlans.createdAt} >= ${since.toISOString()}::timestamptz`);
    const rows = await this.db
      .update(paymentPlans)
      .set({ exportedAt, exportBatch: batchId, updatedAt: sql`now()` })
      .where(and(...conditions))
      .returning({ id: paymentPlans.id });
    return rows.length;
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

  /**
   * Marks every completed reversal not yet exported (completed on or after
   * `since`, when given) as exported in `batchId`, once its payment is
   * exported — in an earlier batch, or in this one by markExported just
   * before. The condition on exported_at keeps concurrent exports apart, as
   * for payments.
   */
  async markReversalsExported(
    batchId: string,
    exportedAt: Date,
    since: Date | undefined,
  ): Promise<number> {
    const conditions: SQL[] = [
      eq(paymentReversals.status, 'completed'),
      isNotNull(paymentReversals.completedAt),
      isNull(paymentReversals.exportedAt),
      sql`exists (select 1 from ${payments} where ${payments.id} = ${paymentReversals.paymentId} and ${payments.exportedAt} is not null)`,
    ];
    if (since) {
      conditions.push(sql`${paymentReversals.completedAt} >= ${since.toISOString()}::timestamptz`);
    }
    const rows = await this.db
      .update(paymentReversals)
      .set({ exportedAt, exportBatch: batchId, updatedAt: sql`now()` })
      .where(and(...conditions))
      .returning({ id: paymentReversals.id });
    return rows.length;
  }

  /** The lines of a batch in posting order: by time, receipt, line. */
  async batchLines(batchId: string): Promise<PostingLine[]> {
    const lines = [
      ...(await this.planLines(batchId)),
      ...(await this.paymentLines(batchId)),
      ...(await this.reversalLines(batchId)),
      ...(await new AdjustmentPosting(this.db).lines(batchId)),
    ];
    return lines.sort(postingOrder);
  }

  /** One row per encounter on each plan of the batch: the balance it put on the plan and the plan's terms. */
  private async planLines(batchId: string): Promise<PostingLine[]> {
    const rows = await this.db
      .select({
        planNumber: paymentPlans.planNumber,
        createdAt: paymentPlans.createdAt,
        monthlyCents: paymentPlans.regularPaymentCents,
        numberOfPayments: paymentPlans.numberOfPayments,
        dayOfMonth: paymentPlans.dayOfMonth,
        autopayMethodId: paymentPlans.autopayMethodId,
        facilityId: encounters.facilityId,
        accountId: encounters.accountNumber,
        balanceCents: encounters.balanceCents,
        firstDueDate: sql<string>`(select min(${planInstalments.dueDate}) from ${planInstalments} where ${planInstalments.planId} = ${paymentPlans.id})`,
      })
      .from(paymentPlans)
      // Left: a plan whose encounters all left it meanwhile still gets its row, or it would never be set up.
      .leftJoin(encounters, eq(encounters.planId, paymentPlans.id))
      .where(eq(paymentPlans.exportBatch, batchId))
      .orderBy(
        asc(paymentPlans.createdAt),
        asc(paymentPlans.planNumber),
        asc(encounters.facilityId),
        asc(encounters.accountNumber),
      );
    return rows.map((row, index): PostingLine => ({
      batchId,
      paymentId: '',
      receiptId: '',
      paymentReference: '',
      lineNumber: index + 1,
      facilityId: row.facilityId ?? '',
      accountId: row.accountId ?? '',
      paymentType: '',
      amountCents: row.balanceCents ?? 0,
      method: null,
      cardBrand: null,
      cardLast4: null,
      bankAccountType: null,
      bankLast4: null,
      paidAt: row.createdAt,
      processorTxnId: null,
      approvalCode: null,
      entry: 'plan',
      reversalId: null,
      plan: {
        planNumber: row.planNumber,
        monthlyCents: row.monthlyCents,
        numberOfPayments: row.numberOfPayments,
        firstDueDate: row.firstDueDate,
        dayOfMonth: row.dayOfMonth ?? Number(row.firstDueDate.slice(8, 10)),
        autopay: row.autopayMethodId !== null,
      },
    }));
  }

  private async paymentLines(batchId: string): Promise<PostingLine[]> {
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
    return rows.map((row) => ({ ...row, batchId, entry: 'payment', reversalId: null }));
  }

  /** One line per allocation entry of each reversal in the batch, negative, on the line it gives back. */
  private async reversalLines(batchId: string): Promise<PostingLine[]> {
    const reversals = await this.db
      .select({
        reversalId: paymentReversals.reference,
        kind: paymentReversals.kind,
        allocation: paymentReversals.allocation,
        completedAt: paymentReversals.completedAt,
        reversalTxnId: paymentReversals.processorTxnId,
        paymentId: payments.id,
        receiptId: receipts.receiptId,
        paymentReference: payments.processorReference,
        method: payments.method,
        cardBrand: payments.cardBrand,
        cardLast4: payments.cardLast4,
        bankAccountType: payments.bankAccountType,
        bankLast4: payments.bankLast4,
      })
      .from(paymentReversals)
      .innerJoin(payments, eq(payments.id, paymentReversals.paymentId))
      .innerJoin(receipts, eq(receipts.paymentId, payments.id))
      .where(eq(paymentReversals.exportBatch, batchId));
    if (reversals.length === 0) return [];
    const accounts = await this.paymentLineAccounts([
      ...new Set(reversals.map((r) => r.paymentId)),
    ]);
    return reversals.flatMap(({ allocation, kind, completedAt, reversalTxnId, ...reversal }) =>
      allocation.map((share): PostingLine => {
        const account = accounts.get(`${reversal.paymentId}:${share.lineNumber}`);
        if (!account || !completedAt) {
          throw new Error(`Reversal ${reversal.reversalId}: no line ${share.lineNumber} to post`);
        }
        return {
          ...reversal,
          ...account,
          batchId,
          lineNumber: share.lineNumber,
          amountCents: -share.amountCents,
          paidAt: completedAt,
          // A refund by check has no processor transaction.
          processorTxnId: kind === 'check' ? null : reversalTxnId,
          approvalCode: null,
          entry: POSTING_ENTRY_OF_REVERSAL[kind],
        };
      }),
    );
  }

  /** Facility, account and payment type of each line of these payments, by `paymentId:lineNumber`. */
  private async paymentLineAccounts(paymentIds: readonly string[]) {
    const accounts = new Map<
      string,
      { facilityId: string; accountId: string; paymentType: string }
    >();
    for (const chunk of chunks(paymentIds)) {
      const rows = await this.db
        .select({
          paymentId: paymentLines.paymentId,
          lineNumber: paymentLines.lineNumber,
          facilityId: paymentLines.facilityId,
          accountId: paymentLines.accountId,
          paymentType: paymentLines.paymentType,
        })
        .from(paymentLines)
        .where(inArray(paymentLines.paymentId, chunk));
      for (const { paymentId, lineNumber, ...account } of rows) {
        accounts.set(`${paymentId}:${lineNumber}`, account);
      }
    }
    return accounts;
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

  async reversalStates(reversalIds: readonly string[]): Promise<ReversalState[]> {
    const states: ReversalState[] = [];
    for (const chunk of chunks(reversalIds)) {
      const rows = await this.db
        .select({
          reversalRowId: paymentReversals.id,
          reversalId: paymentReversals.reference,
          receiptId: receipts.receiptId,
          paymentId: payments.id,
          paymentReference: payments.processorReference,
          amountCents: paymentReversals.amountCents,
          exportedAt: paymentReversals.exportedAt,
          appliedAt: paymentReversals.appliedAt,
        })
        .from(paymentReversals)
        .innerJoin(payments, eq(payments.id, paymentReversals.paymentId))
        .innerJoin(receipts, eq(receipts.paymentId, payments.id))
        .where(inArray(paymentReversals.reference, chunk));
      states.push(...rows);
    }
    return states;
  }

  /**
   * Marks exported, unapplied reversals applied at `appliedAt`. Their
   * pending payments were already reduced when they completed. Answers the
   * reversals it marked.
   */
  async markReversalsApplied(
    reversalRowIds: readonly string[],
    appliedAt: Date,
  ): Promise<string[]> {
    const marked: string[] = [];
    for (const chunk of chunks(reversalRowIds)) {
      const rows = await this.db
        .update(paymentReversals)
        .set({ appliedAt, updatedAt: sql`now()` })
        .where(
          and(
            inArray(paymentReversals.id, chunk),
            isNotNull(paymentReversals.exportedAt),
            isNull(paymentReversals.appliedAt),
          ),
        )
        .returning({ id: paymentReversals.id });
      marked.push(...rows.map((row) => row.id));
    }
    return marked;
  }
}
