import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../../src/db/client.ts';
import { paymentLines, pendingPayments, receipts } from '../../src/db/schema.ts';
import { paymentByRef, processorRecords } from '../support/payments.ts';

/*
 * Where one payment stands on both sides of the wire: our row, its receipt
 * and pending payments, and what the (sandbox) processor holds for its
 * invoice number. The fault tests judge every outcome by these numbers.
 */

export interface Settlement {
  status: string | undefined;
  /** Our record of the processor's transaction, once recorded. */
  txnId: string | null;
  receipts: number;
  receiptId: string | null;
  /** Pending payments, one per line once recorded. */
  pending: number;
  lines: number;
  /** Sales and eCheck debits the processor approved and did not void: money taken. */
  charges: string[];
  /** Returns (ccreturn) the processor approved on those charges: a refund must happen once. */
  returns: string[];
  /** What those returns gave back, in cents. */
  returnedCents: number;
  receiptEmailedAt: Date | null;
}

export async function settlementOf(db: Database, refNum: string): Promise<Settlement> {
  const payment = await paymentByRef(db, refNum);
  const id = payment?.id ?? '';
  const [stored, pending, lines, { transactions }] = await Promise.all([
    db.select().from(receipts).where(eq(receipts.paymentId, id)),
    db.select().from(pendingPayments).where(eq(pendingPayments.paymentId, id)),
    db.select().from(paymentLines).where(eq(paymentLines.paymentId, id)),
    processorRecords(db, refNum),
  ]);
  return {
    status: payment?.status,
    txnId: payment?.processorTxnId ?? null,
    receipts: stored.length,
    receiptId: stored[0]?.receiptId ?? null,
    pending: pending.length,
    lines: lines.length,
    charges: transactions
      .filter(
        (txn) =>
          txn.approved &&
          (txn.transactionType === 'SALE' || txn.transactionType === 'ECSPURCHASE') &&
          txn.voidedAt === null,
      )
      .map((txn) => txn.txnId),
    ...returnsOf(transactions),
    receiptEmailedAt: stored[0]?.emailedAt ?? null,
  };
}

/** Returns carry their sale's invoice number, so the processor's records for it list them too. */
function returnsOf(
  transactions: {
    txnId: string;
    transactionType: string;
    approved: boolean;
    amountCents: number;
  }[],
): Pick<Settlement, 'returns' | 'returnedCents'> {
  const returns = transactions.filter((txn) => txn.approved && txn.transactionType === 'RETURN');
  return {
    returns: returns.map((txn) => txn.txnId),
    returnedCents: returns.reduce((sum, txn) => sum + txn.amountCents, 0),
  };
}

/**
 * The exactly-once invariants (decision 0009; Stripe's design; ASVS 5.0
 * 2.3.3/2.3.4): at most one charge per invoice; a recorded payment is that
 * charge, with one receipt and one pending payment per line; an unrecorded
 * one has neither. With `settled`, no charge is left unrecorded.
 */
export function expectConsistent(settlement: Settlement, options: { settled: boolean }): void {
  expect(settlement.charges.length, 'charges at the processor').toBeLessThanOrEqual(1);
  if (settlement.status === 'recorded') {
    expect(settlement.charges).toEqual([settlement.txnId]);
    expect(settlement.receipts).toBe(1);
    expect(settlement.pending).toBe(settlement.lines);
  } else {
    expect(settlement.receipts).toBe(0);
    expect(settlement.pending).toBe(0);
    if (options.settled) expect(settlement.charges, 'an approval left unrecorded').toEqual([]);
  }
}
