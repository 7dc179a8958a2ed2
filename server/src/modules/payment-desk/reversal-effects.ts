import type { Transaction } from '../../db/client.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { AuditRepository } from '../audit/index.ts';
import type { ReversalMailer } from './reversal-email.ts';
import {
  adjustPending,
  type NewReversal,
  type ReversalRow,
  type ReversalsRepository,
} from './reversals.repository.ts';

/** Who moved a reversal on: a staff member at the desk, or reconciliation. */
export type ReversalActor = { type: 'staff'; staffId: string } | { type: 'system' };

/** A processor answer that completes a reversal. */
export interface Completion {
  processorTxnId: string | null;
  processorMessage: string | null;
}

/**
 * What every completed reversal does, whoever completed it: the status
 * change, the pending payments it frees and the guarantor's e-mail in one
 * transaction, then the audit row.
 */
export class ReversalEffects {
  constructor(
    private readonly repository: ReversalsRepository,
    private readonly mailer: Pick<ReversalMailer, 'queue'>,
    private readonly audit: AuditRepository,
  ) {}

  /** Completes a reversal from `from`; undefined when someone else moved it first. */
  async complete(
    reversal: ReversalRow,
    from: readonly ReversalRow['status'][],
    completion: Completion,
    actor: ReversalActor,
    context: RequestContext,
  ): Promise<ReversalRow | undefined> {
    const changes: Partial<NewReversal> = {
      status: 'completed',
      processorTxnId: completion.processorTxnId,
      processorMessage: completion.processorMessage,
      completedAt: new Date(),
    };
    const done = await this.repository.transition(reversal.id, from, changes, (tx, row) =>
      this.alsoOnCompletion(tx, row),
    );
    if (done) await this.record(context, actor, 'payment.reversal.completed', 'success', done);
    return done;
  }

  /** A refund by check: no processor call, the billing system pays it. */
  completeCheck(
    reversal: ReversalRow,
    actor: ReversalActor,
    context: RequestContext,
  ): Promise<ReversalRow | undefined> {
    const none = { processorTxnId: null, processorMessage: null };
    return this.complete(reversal, ['processing'], none, actor, context);
  }

  /** In the completing transaction: the dashboard's pending shrinks and the e-mail is queued. */
  async alsoOnCompletion(tx: Transaction, row: ReversalRow): Promise<void> {
    await adjustPending(tx, row);
    await this.mailer.queue(tx, row);
  }

  /** A void or refund refused before anything was written: the row names the payment. */
  refusal(
    context: RequestContext,
    actor: ReversalActor,
    action: string,
    payment: { id: string; guarantorId: string },
    details: Record<string, unknown>,
  ): Promise<void> {
    return this.onPayment(context, actor, action, 'failure', payment, details);
  }

  /**
   * An audit row about a payment as a whole rather than one of its
   * reversals; in `tx` when given, so it commits with what it records.
   */
  async onPayment(
    context: RequestContext,
    actor: ReversalActor,
    action: string,
    outcome: 'success' | 'failure',
    payment: { id: string; guarantorId: string },
    details: Record<string, unknown>,
    tx?: Transaction,
  ): Promise<void> {
    await (tx ? new AuditRepository(tx) : this.audit).record(context, {
      action,
      outcome,
      actorType: actor.type,
      actorId: actor.type === 'staff' ? actor.staffId : null,
      guarantorId: payment.guarantorId,
      targetType: 'payment',
      targetId: payment.id,
      details,
    });
  }

  /** An audit row about a reversal, under its payment; logged rather than thrown once money moved. */
  async record(
    context: RequestContext,
    actor: ReversalActor,
    action: string,
    outcome: 'success' | 'failure',
    reversal: ReversalRow,
    details: Record<string, unknown> = {},
    tx?: Transaction,
  ): Promise<void> {
    await this.onPayment(
      context,
      actor,
      action,
      outcome,
      { id: reversal.paymentId, guarantorId: reversal.guarantorId },
      {
        reversalId: reversal.id,
        reference: reversal.reference,
        kind: reversal.kind,
        amountCents: reversal.amountCents,
        reason: reversal.reason,
        ...details,
      },
      tx,
    );
  }
}
