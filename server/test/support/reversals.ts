import { randomBytes, randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { ReversalKind } from '@webpay/contracts/payment-desk';
import type { Database } from '../../src/db/client.ts';
import { paymentLines, paymentReversals, payments } from '../../src/db/schema.ts';

/*
 * Completed voids and refunds, written straight into payment_reversals as
 * the payment desk leaves them, for tests of what reads them (posting
 * export, payment history, receipts).
 */

export interface CompletedReversalInput {
  kind: ReversalKind;
  /** Default: the whole payment. */
  amountCents?: number;
  completedAt?: Date;
  processorTxnId?: string | null;
  reason?: string;
}

/** Spread from the last line backwards, each line up to what it paid, as the desk does. */
function allocate(lines: { lineNumber: number; amountCents: number }[], amountCents: number) {
  const allocation: { lineNumber: number; amountCents: number }[] = [];
  let left = amountCents;
  for (const line of [...lines].reverse()) {
    if (left <= 0) break;
    const share = Math.min(line.amountCents, left);
    allocation.push({ lineNumber: line.lineNumber, amountCents: share });
    left -= share;
  }
  return allocation;
}

/** A completed reversal of a recorded payment; answers the stored row. */
export async function insertCompletedReversal(
  db: Database,
  paymentId: string,
  input: CompletedReversalInput,
) {
  const [payment] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment) throw new Error(`No payment ${paymentId}`);
  const lines = await db
    .select({ lineNumber: paymentLines.lineNumber, amountCents: paymentLines.amountCents })
    .from(paymentLines)
    .where(eq(paymentLines.paymentId, paymentId))
    .orderBy(asc(paymentLines.lineNumber));
  const amountCents = input.amountCents ?? payment.amountCents;
  const reference = `RV-${randomBytes(4).toString('hex').toUpperCase()}`;
  const [row] = await db
    .insert(paymentReversals)
    .values({
      id: randomUUID(),
      reference,
      paymentId,
      guarantorId: payment.guarantorId,
      kind: input.kind,
      status: 'completed',
      source: 'desk',
      amountCents,
      allocation: allocate(lines, amountCents),
      reason: input.reason ?? 'Duplicate payment',
      idempotencyKey: randomUUID(),
      processorTxnId:
        input.processorTxnId === undefined
          ? input.kind === 'check'
            ? null
            : `RVTXN-${randomUUID()}`
          : input.processorTxnId,
      completedAt: input.completedAt ?? new Date(),
    })
    .returning();
  if (!row) throw new Error('The reversal was not stored');
  return row;
}
