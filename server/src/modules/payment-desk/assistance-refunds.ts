import type { Transaction } from '../../db/client.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import {
  refundShares,
  settledRefundKind,
  type PaymentToRefund,
  type RefundShare,
} from './reversal-allocation.ts';
import type { ReversalEffects } from './reversal-effects.ts';
import type {
  PaymentForReversal,
  ReversalRow,
  ReversalsRepository,
} from './reversals.repository.ts';
import { newReversalReference } from './reversals.service.ts';

/*
 * Refund requests left by a financial assistance approval (issue #27): what
 * the guarantor paid above the new amount owed on an account goes back from
 * the payments made on it, newest first, as reversals waiting in the desk's
 * approvals queue. They are written in the approval's own transaction, so
 * the approval and its requests commit together or not at all; from then on
 * the desk approves (a return to the card, or a check for an eCheck) or
 * rejects them as any other.
 */

/** What an approval asks the desk to give back. */
export interface AssistanceRefundRequest {
  applicationId: string;
  /** "FA-…", named in each request's reason and audit row. */
  applicationReference: string;
  guarantorId: string;
  /** The deciding reviewer; the desk's rule keeps them from approving their own request. */
  requestedBy: string;
  /** Per account (its encounter), what was paid above what is now owed on it. */
  accounts: readonly { encounterId: string; refundCents: number }[];
}

/** A refund request as the application's case page names it. */
export interface AssistanceRefund {
  reversal: ReversalRow;
  receiptId: string | null;
}

/** One request per application and payment: a replay of the approval finds it. */
function refundKeyPrefix(applicationId: string): string {
  return `assistance:${applicationId}:`;
}

export function assistanceRefundKey(applicationId: string, paymentId: string): string {
  return `${refundKeyPrefix(applicationId)}${paymentId}`;
}

function refundReason(applicationReference: string): string {
  return `Financial assistance ${applicationReference} approved: paid above the new amount owed`;
}

function toRefund({ payment, lines, reversals }: PaymentForReversal): PaymentToRefund {
  return { paymentId: payment.id, amountCents: payment.amountCents, lines, reversals };
}

export class AssistanceRefunds {
  constructor(
    private readonly repository: ReversalsRepository,
    private readonly effects: Pick<ReversalEffects, 'record'>,
  ) {}

  /**
   * In the approval's transaction: one `awaiting_approval` reversal per
   * payment refunded, each payment locked as the desk locks it, so no desk
   * request can take the same money meanwhile. An application already
   * refunded answers its earlier requests and writes nothing.
   */
  async request(
    tx: Transaction,
    request: AssistanceRefundRequest,
    context: RequestContext,
  ): Promise<ReversalRow[]> {
    const repository = this.repository.with(tx);
    const earlier = await repository.byKeyPrefix(refundKeyPrefix(request.applicationId));
    if (earlier.length > 0) return earlier.map((row) => row.reversal);
    const owed = new Map(
      request.accounts
        .filter((account) => account.refundCents > 0)
        .map((account) => [account.encounterId, account.refundCents]),
    );
    const candidates = await repository.recordedOnEncounters(request.guarantorId, [...owed.keys()]);
    const found: PaymentForReversal[] = [];
    for (const paymentId of candidates) {
      const locked = await repository.locked(tx, paymentId);
      if (locked) found.push(locked);
    }
    const written: ReversalRow[] = [];
    for (const share of refundShares(found.map(toRefund), owed)) {
      const payment = found.find((entry) => entry.payment.id === share.paymentId)?.payment;
      if (!payment) continue;
      written.push(await this.write(tx, request, payment.method, share, context));
    }
    return written;
  }

  private async write(
    tx: Transaction,
    request: AssistanceRefundRequest,
    method: PaymentForReversal['payment']['method'],
    share: RefundShare,
    context: RequestContext,
  ): Promise<ReversalRow> {
    const row = await this.repository.with(tx).insert({
      reference: newReversalReference(),
      paymentId: share.paymentId,
      guarantorId: request.guarantorId,
      // A settled card sale goes back to the card; an eCheck is refunded by check.
      kind: settledRefundKind(method),
      status: 'awaiting_approval',
      source: 'assistance',
      amountCents: share.amountCents,
      allocation: share.allocation,
      reason: refundReason(request.applicationReference),
      idempotencyKey: assistanceRefundKey(request.applicationId, share.paymentId),
      requestedBy: request.requestedBy,
      sentAt: null,
    });
    await this.effects.record(
      context,
      { type: 'staff', staffId: request.requestedBy },
      'payment.refund.requested',
      'success',
      row,
      { status: row.status, source: row.source, application: request.applicationReference },
      tx,
    );
    return row;
  }

  /** The requests an application's approval left, as they stand now, with their receipts. */
  ofApplication(applicationId: string): Promise<AssistanceRefund[]> {
    return this.repository.byKeyPrefix(refundKeyPrefix(applicationId));
  }
}
