import {
  HOLDING_REVERSAL_STATUSES,
  type DeskPaymentStatus,
  type ReversalKind,
  type ReversalStatus,
} from '@webpay/contracts/payment-desk';
import { givenBackStatus } from '@webpay/contracts/payment-reversal';
import type { ReversalAllocation } from '../../db/schema.ts';

/*
 * The payment desk's arithmetic: what remains refundable, how a reversal is
 * spread over a payment's lines, whether it waits for a second supervisor,
 * and where a payment stands. Pure, so the rules are tested on their own.
 */

export interface AllocatableLine {
  lineNumber: number;
  amountCents: number;
}

export interface HeldReversal {
  kind: ReversalKind;
  status: ReversalStatus;
  amountCents: number;
  allocation: readonly ReversalAllocation[];
}

export function isHolding(status: ReversalStatus): boolean {
  return (HOLDING_REVERSAL_STATUSES as readonly ReversalStatus[]).includes(status);
}

/** The payment's amount less every reversal that holds part of it (awaiting, processing, completed). */
export function refundableCents(amountCents: number, reversals: readonly HeldReversal[]): number {
  const held = reversals
    .filter((reversal) => isHolding(reversal.status))
    .reduce((sum, reversal) => sum + reversal.amountCents, 0);
  return Math.max(0, amountCents - held);
}

/** What completed reversals gave back. */
export function completedCents(reversals: readonly Pick<HeldReversal, 'status' | 'amountCents'>[]) {
  return reversals
    .filter((reversal) => reversal.status === 'completed')
    .reduce((sum, reversal) => sum + reversal.amountCents, 0);
}

/** Strictly above the threshold waits; at or below it goes straight to the processor. */
export function needsApproval(amountCents: number, thresholdCents: number): boolean {
  return amountCents > thresholdCents;
}

/** Cents of each line the given reversals take, by line number. */
export function takenByLine(
  reversals: readonly Pick<HeldReversal, 'allocation'>[],
): Map<number, number> {
  const taken = new Map<number, number>();
  for (const reversal of reversals) {
    for (const entry of reversal.allocation) {
      taken.set(entry.lineNumber, (taken.get(entry.lineNumber) ?? 0) + entry.amountCents);
    }
  }
  return taken;
}

/**
 * Spreads a reversal over the lines from the last one backwards, each up to
 * what the holding reversals leave of it; a void takes every line whole.
 * Throws when the lines cannot hold the amount (the caller checks first).
 */
export function allocateReversal(
  lines: readonly AllocatableLine[],
  held: readonly HeldReversal[],
  amountCents: number,
  kind: ReversalKind,
): ReversalAllocation[] {
  const ordered = [...lines].sort((a, b) => a.lineNumber - b.lineNumber);
  if (kind === 'void') {
    return ordered.map((line) => ({ lineNumber: line.lineNumber, amountCents: line.amountCents }));
  }
  const taken = takenByLine(held.filter((reversal) => isHolding(reversal.status)));
  const allocation: ReversalAllocation[] = [];
  let left = amountCents;
  for (const line of ordered.reverse()) {
    if (left === 0) break;
    const room = line.amountCents - (taken.get(line.lineNumber) ?? 0);
    const share = Math.min(room, left);
    if (share <= 0) continue;
    allocation.push({ lineNumber: line.lineNumber, amountCents: share });
    left -= share;
  }
  if (left > 0) throw new Error(`the lines cannot hold ${amountCents} cents more`);
  return allocation.sort((a, b) => a.lineNumber - b.lineNumber);
}

/** A payment line with the account (encounter) it paid on. */
export interface AccountLine extends AllocatableLine {
  encounterId: string | null;
}

/** A recorded payment a refund may come from: its lines and every reversal it has. */
export interface PaymentToRefund {
  paymentId: string;
  amountCents: number;
  lines: readonly AccountLine[];
  reversals: readonly HeldReversal[];
}

/** What one payment gives back of what accounts are owed. */
export interface RefundShare {
  paymentId: string;
  amountCents: number;
  allocation: ReversalAllocation[];
}

/** What the holding reversals leave of the lines. */
function freeCents(lines: readonly AllocatableLine[], held: readonly HeldReversal[]): number {
  const taken = takenByLine(held.filter((reversal) => isHolding(reversal.status)));
  return lines.reduce(
    (sum, line) => sum + Math.max(0, line.amountCents - (taken.get(line.lineNumber) ?? 0)),
    0,
  );
}

/**
 * Spreads what each account (by encounter) is owed back over the payments
 * made on it, in the order given (newest first): each payment gives up to
 * what the holding reversals leave of its lines on that account, and never
 * more than remains refundable of it; the allocation stays on those lines.
 * One share per payment, whatever accounts it paid on. What no payment can
 * hold is left out.
 */
export function refundShares(
  payments: readonly PaymentToRefund[],
  owedByEncounter: ReadonlyMap<string, number>,
): RefundShare[] {
  const left = new Map(owedByEncounter);
  const shares: RefundShare[] = [];
  for (const payment of payments) {
    let room = refundableCents(payment.amountCents, payment.reversals);
    const allocation: ReversalAllocation[] = [];
    for (const [encounterId, owed] of left) {
      const lines = payment.lines.filter((line) => line.encounterId === encounterId);
      const cents = Math.min(owed, room, freeCents(lines, payment.reversals));
      if (cents <= 0) continue;
      allocation.push(...allocateReversal(lines, payment.reversals, cents, 'return'));
      left.set(encounterId, owed - cents);
      room -= cents;
    }
    if (allocation.length === 0) continue;
    shares.push({
      paymentId: payment.paymentId,
      amountCents: allocation.reduce((sum, entry) => sum + entry.amountCents, 0),
      allocation: allocation.sort((a, b) => a.lineNumber - b.lineNumber),
    });
  }
  return shares;
}

const OPEN_PAYMENT_STATUSES = ['initiated', 'in_lightbox', 'approved'];

/**
 * Where a payment stands for the desk: an open payment is in progress, an
 * unrecorded one keeps its own status, a recorded one is voided, refunded,
 * partially refunded, awaiting approval or simply paid.
 */
export function deskStatus(
  paymentStatus: string,
  amountCents: number,
  reversals: readonly Pick<HeldReversal, 'kind' | 'status' | 'amountCents'>[],
): DeskPaymentStatus {
  if (OPEN_PAYMENT_STATUSES.includes(paymentStatus)) return 'in_progress';
  if (paymentStatus === 'declined' || paymentStatus === 'cancelled') return paymentStatus;
  if (paymentStatus !== 'recorded') return 'failed';
  const given = givenBackStatus(
    amountCents,
    reversals.filter((reversal) => reversal.status === 'completed'),
  );
  if (given) return given;
  if (reversals.some((reversal) => reversal.status === 'awaiting_approval')) {
    return 'awaiting_approval';
  }
  return 'paid';
}

/** How a settled payment is given back: a return to the card, or a check for an eCheck. */
export function settledRefundKind(method: string): Exclude<ReversalKind, 'void'> {
  return method === 'card' ? 'return' : 'check';
}
