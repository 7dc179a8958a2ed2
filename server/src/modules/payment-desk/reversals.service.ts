import type {
  Approvals,
  ReversalKind,
  ReversalResult,
  VoidRequest,
} from '@webpay/contracts/payment-desk';
import { formatCents } from '@webpay/contracts/money';
import type { Language } from '@webpay/contracts/language';
import { isApiError } from '../../lib/api-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { StaffActor } from '../office/index.ts';
import type { ConvergeClient } from '../payments/index.ts';
import { isConvergeError } from '../payments/index.ts';
import type { ConvergeTxn } from '../payments/index.ts';
import { isApproved, isDecline } from '../payments/index.ts';
import type { PaymentCheckpoints } from '../payments/index.ts';
import { newReceiptId } from '../payments/index.ts';
import { kindOnApproval, kindOnRequest, type Settlement } from './reversal-kind.ts';
import { deskErrors } from './desk-errors.ts';
import { DESK_MESSAGES } from './desk-messages.ts';
import { allocateReversal, needsApproval, refundableCents } from './reversal-allocation.ts';
import type { ReversalActor, ReversalEffects } from './reversal-effects.ts';
import { reversalView } from './reversal-view.ts';
import type {
  ClaimOutcome,
  DeskPaymentRow,
  NewReversal,
  PaymentForReversal,
  ReversalRow,
  ReversalsRepository,
} from './reversals.repository.ts';

/** The processor calls the desk makes; ConvergeClient in production. */
export type ReversalProcessor = Pick<
  ConvergeClient,
  'voidTransaction' | 'returnTransaction' | 'queryTransaction'
>;

export interface ReversalsServiceOptions {
  /** REFUND_APPROVAL_THRESHOLD in cents: above it a second supervisor approves. */
  approvalThresholdCents: number;
}

/** A refund as the route hands it on: the amount already in cents. */
export interface RefundBody {
  amount: number;
  reason: string;
  idempotencyKey: string;
}

/** `RV-7K2M9QXD`: the receipt alphabet, so it can be read aloud. */
export function newReversalReference(): string {
  return `RV-${newReceiptId().slice(3)}`;
}

/** The sale's state by its txn id: STL is settled, VOID voided (converge.md). */
export async function saleSettlement(
  processor: Pick<ReversalProcessor, 'queryTransaction'>,
  payment: Pick<DeskPaymentRow, 'processorTxnId'>,
): Promise<Settlement> {
  if (!payment.processorTxnId) return { settled: false, voided: false };
  const txns = await processor.queryTransaction({ txnId: payment.processorTxnId });
  const sale = txns.find((txn) => txn.ssl_txn_id === payment.processorTxnId);
  const status = (sale?.ssl_trans_status ?? '').trim().toUpperCase();
  return { settled: status === 'STL', voided: status.startsWith('VOID') };
}

const words = (context: RequestContext) => DESK_MESSAGES[context.language ?? 'en'];

/**
 * A reason as it can be stored everywhere it goes: a lone surrogate (valid
 * JSON, no UTF-8 form) becomes U+FFFD, as the text column would store it,
 * so the audit row's JSON and the reversal agree instead of the audit
 * write failing.
 */
function wellFormed(text: string): string {
  return text.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '\ufffd',
  );
}

/** What the desk says of a reversal in its current state. */
export function outcomeMessage(
  reversal: ReversalRow,
  cardLast4: string | null,
  language: Language,
): string {
  const say = DESK_MESSAGES[language];
  const amount = formatCents(reversal.amountCents);
  switch (reversal.status) {
    case 'completed':
      if (reversal.kind === 'void') return say.voided(amount);
      return reversal.kind === 'check' ? say.checkRefund(amount) : say.refunded(amount, cardLast4);
    case 'awaiting_approval':
      return say.waiting;
    case 'processing':
      return say.pending;
    case 'rejected':
      return say.rejected;
    default:
      return say.declined(reversal.failureMessage ?? reversal.status);
  }
}

/**
 * Voids and refunds from the desk. Like a payment, a reversal is written
 * and committed before the processor is asked anything, keyed so that a
 * repeat finds it, and completed through ReversalEffects alone; an answer
 * never heard leaves it `processing` for reconciliation.
 */
export class ReversalsService {
  constructor(
    private readonly repository: ReversalsRepository,
    private readonly processor: ReversalProcessor,
    private readonly effects: ReversalEffects,
    private readonly checkpoints: PaymentCheckpoints,
    private readonly options: ReversalsServiceOptions,
  ) {}

  voidPayment(
    paymentId: string,
    body: VoidRequest,
    actor: StaffActor,
    context: RequestContext,
  ): Promise<ReversalResult> {
    const reason = wellFormed(body.reason);
    return this.request(paymentId, 'void', { ...body, reason, amount: null }, actor, context);
  }

  refund(
    paymentId: string,
    body: RefundBody,
    actor: StaffActor,
    context: RequestContext,
  ): Promise<ReversalResult> {
    return this.request(
      paymentId,
      'refund',
      { ...body, reason: wellFormed(body.reason) },
      actor,
      context,
    );
  }

  private async request(
    paymentId: string,
    asked: 'void' | 'refund',
    body: { amount: number | null; reason: string; idempotencyKey: string },
    actor: StaffActor,
    context: RequestContext,
  ): Promise<ReversalResult> {
    const found = await this.repository.payment(paymentId);
    if (!found) throw deskErrors.paymentNotFound();
    const earlier = found.reversals.find((row) => row.idempotencyKey === body.idempotencyKey);
    if (earlier) return this.replay(earlier, found.payment, asked, body, context);
    const action = asked === 'void' ? 'payment.void.requested' : 'payment.refund.requested';
    const staff: ReversalActor = { type: 'staff', staffId: actor.staffId };
    let claimed: ClaimOutcome;
    try {
      if (found.payment.status !== 'recorded') {
        throw deskErrors.notAllowed((say) => say.notRecorded);
      }
      const kind = await this.kindFor(found.payment, asked);
      claimed = await this.repository.claim(paymentId, body.idempotencyKey, (locked) =>
        this.newReversal(locked, kind, body, actor),
      );
    } catch (error) {
      // A refusal is a staff action too: the trail shows who tried what, and why not.
      if (isApiError(error)) {
        await this.effects.refusal(context, staff, action, found.payment, {
          code: error.code,
          amountCents: body.amount,
          reason: body.reason,
        });
      }
      throw error;
    }
    if (!claimed.created) return this.replay(claimed.reversal, found.payment, asked, body, context);
    const reversal = claimed.reversal;
    await this.effects.record(context, staff, action, 'success', reversal, {
      status: reversal.status,
    });
    const result =
      reversal.status === 'processing'
        ? await this.send(reversal, found.payment, staff, context)
        : reversal;
    return this.answer(result, found.payment, context);
  }

  /** The sale's settlement, asked live; a processor that cannot be asked refuses the request. */
  private async settlementOf(payment: DeskPaymentRow): Promise<Settlement> {
    try {
      return await saleSettlement(this.processor, payment);
    } catch (error) {
      if (!isConvergeError(error)) throw error;
      throw deskErrors.processorUnavailable();
    }
  }

  /** Void before settlement, refund after; asked live, so the desk never guesses. */
  private async kindFor(payment: DeskPaymentRow, asked: 'void' | 'refund'): Promise<ReversalKind> {
    const decided = kindOnRequest(asked, payment.method, await this.settlementOf(payment));
    if ('refused' in decided) throw deskErrors.notAllowed((say) => say[decided.refused]);
    return decided.kind;
  }

  /** Under the payment's lock: never more than remains, a void only of an untouched payment. */
  private newReversal(
    { payment, lines, reversals }: PaymentForReversal,
    kind: ReversalKind,
    body: { amount: number | null; reason: string; idempotencyKey: string },
    actor: StaffActor,
  ): NewReversal {
    const remaining = refundableCents(payment.amountCents, reversals);
    if (remaining === 0) throw deskErrors.notAllowed((say) => say.nothingLeft);
    if (kind === 'void' && remaining < payment.amountCents) {
      throw deskErrors.notAllowed((say) => say.voidTakesAll);
    }
    const amountCents = body.amount ?? payment.amountCents;
    if (amountCents > remaining) throw deskErrors.amountTooHigh(formatCents(remaining));
    const waits = needsApproval(amountCents, this.options.approvalThresholdCents);
    return {
      reference: newReversalReference(),
      paymentId: payment.id,
      guarantorId: payment.guarantorId,
      kind,
      status: waits ? 'awaiting_approval' : 'processing',
      source: 'desk',
      amountCents,
      allocation: allocateReversal(lines, reversals, amountCents, kind),
      reason: body.reason,
      idempotencyKey: body.idempotencyKey,
      requestedBy: actor.staffId,
      sentAt: waits ? null : new Date(),
    };
  }

  /** The same key again: the same reversal, as it stands now; another request under it is refused. */
  private async replay(
    reversal: ReversalRow,
    payment: DeskPaymentRow,
    asked: 'void' | 'refund',
    body: { amount: number | null; reason: string },
    context: RequestContext,
  ): Promise<ReversalResult> {
    const sameKind = (reversal.kind === 'void') === (asked === 'void');
    const sameAmount = body.amount === null || body.amount === reversal.amountCents;
    if (!sameKind || !sameAmount || body.reason !== reversal.reason) throw deskErrors.keyReused();
    return this.answer(reversal, payment, context);
  }

  async approve(
    paymentId: string,
    reversalId: string,
    actor: StaffActor,
    context: RequestContext,
  ): Promise<ReversalResult> {
    const { reversal, payment, reversals } = await this.awaiting(paymentId, reversalId);
    if (reversal.requestedBy === actor.staffId) throw deskErrors.sameRequester();
    const kind = await this.kindOnApproval(reversal, payment, reversals);
    const now = new Date();
    // The allocation stays: a kind changes only for the whole payment, every line whole either way.
    const moved = await this.repository.transition(reversalId, ['awaiting_approval'], {
      kind,
      status: 'processing',
      decidedBy: actor.staffId,
      decidedAt: now,
      sentAt: now,
    });
    if (!moved) throw deskErrors.notAllowed((say) => say.notAwaiting);
    const staff: ReversalActor = { type: 'staff', staffId: actor.staffId };
    await this.effects.record(
      context,
      staff,
      'payment.reversal.approved',
      'success',
      moved,
      kind === reversal.kind ? {} : { requestedKind: reversal.kind },
    );
    return this.answer(await this.send(moved, payment, staff, context), payment, context);
  }

  /**
   * What the approved reversal is to be, settlement asked again now
   * (reversal-kind.ts); a refund by check needs no processor, so no question.
   */
  private async kindOnApproval(
    reversal: ReversalRow,
    payment: DeskPaymentRow,
    reversals: readonly ReversalRow[],
  ): Promise<ReversalKind> {
    if (reversal.kind === 'check') return 'check';
    const others = reversals.filter((row) => row.id !== reversal.id);
    const decided = kindOnApproval(
      { kind: reversal.kind, amountCents: reversal.amountCents },
      {
        method: payment.method,
        amountCents: payment.amountCents,
        heldByOthersCents: payment.amountCents - refundableCents(payment.amountCents, others),
      },
      await this.settlementOf(payment),
    );
    if ('refused' in decided) throw deskErrors.notAllowed((say) => say[decided.refused]);
    return decided.kind;
  }

  async reject(
    paymentId: string,
    reversalId: string,
    reason: string,
    actor: StaffActor,
    context: RequestContext,
  ): Promise<ReversalResult> {
    const { payment } = await this.awaiting(paymentId, reversalId);
    const rejectionReason = wellFormed(reason);
    const moved = await this.repository.transition(reversalId, ['awaiting_approval'], {
      status: 'rejected',
      decidedBy: actor.staffId,
      decidedAt: new Date(),
      rejectionReason,
    });
    if (!moved) throw deskErrors.notAllowed((say) => say.notAwaiting);
    await this.effects.record(
      context,
      { type: 'staff', staffId: actor.staffId },
      'payment.reversal.rejected',
      'success',
      moved,
      { rejectionReason },
    );
    return this.answer(moved, payment, context);
  }

  /** Reversals waiting for a second supervisor, oldest first. */
  async approvals(): Promise<Approvals> {
    const rows = await this.repository.awaiting(500);
    const names = await this.repository.staffNames(rows.map((row) => row.reversal.requestedBy));
    return {
      approvals: rows.map((row) => ({
        ...reversalView(row.reversal, names),
        paymentId: row.reversal.paymentId,
        receiptId: row.receiptId,
        guarantorName: `${row.firstName} ${row.lastName}`.trim(),
        paymentAmountCents: row.paymentAmountCents,
      })),
    };
  }

  private async awaiting(paymentId: string, reversalId: string) {
    const found = await this.repository.payment(paymentId);
    if (!found) throw deskErrors.paymentNotFound();
    const reversal = found.reversals.find((row) => row.id === reversalId);
    if (!reversal) throw deskErrors.reversalNotFound();
    if (reversal.status !== 'awaiting_approval') {
      throw deskErrors.notAllowed((say) => say.notAwaiting);
    }
    return { reversal, payment: found.payment, reversals: found.reversals };
  }

  /**
   * Asks the processor for a written `processing` reversal and records the
   * answer. A refund by check needs no call: the billing system pays it.
   */
  private async send(
    reversal: ReversalRow,
    payment: DeskPaymentRow,
    actor: ReversalActor,
    context: RequestContext,
  ): Promise<ReversalRow> {
    if (reversal.kind === 'check') {
      const done = await this.effects.completeCheck(reversal, actor, context);
      return done ?? (await this.current(reversal));
    }
    await this.checkpoints.reached('reversal-before-processor');
    let answer: ConvergeTxn;
    try {
      answer = await this.call(reversal, payment);
    } catch (error) {
      if (!isConvergeError(error)) throw error;
      return this.unanswered(reversal, error.kind, error.message, actor, context);
    }
    await this.checkpoints.reached('reversal-after-processor');
    if (isApproved(answer) && answer.ssl_txn_id) {
      const done = await this.effects.complete(
        reversal,
        ['processing'],
        { processorTxnId: answer.ssl_txn_id, processorMessage: answer.ssl_result_message ?? null },
        actor,
        context,
      );
      return done ?? (await this.current(reversal));
    }
    if (!isDecline(answer)) return this.unanswered(reversal, 'unclear', '', actor, context);
    return this.closed(reversal, 'declined', answer.ssl_result_message?.trim() || 'DECLINED', {
      actor,
      context,
    });
  }

  private call(reversal: ReversalRow, payment: DeskPaymentRow): Promise<ConvergeTxn> {
    const txnId = payment.processorTxnId ?? '';
    if (reversal.kind === 'void') {
      return this.processor.voidTransaction(txnId, payment.method === 'card' ? 'card' : 'echeck');
    }
    return this.processor.returnTransaction({
      txnId,
      amountCents: reversal.amountCents,
      invoiceNumber: payment.processorReference,
    });
  }

  /**
   * No answer: after a timeout or a lost connection the money may have
   * moved, so the reversal stays `processing` for reconciliation; an error
   * document from the processor is its refusal.
   */
  private async unanswered(
    reversal: ReversalRow,
    kind: string,
    message: string,
    actor: ReversalActor,
    context: RequestContext,
  ): Promise<ReversalRow> {
    if (kind === 'timeout' || kind === 'transport' || kind === 'unclear') {
      await this.effects.record(
        context,
        actor,
        'payment.reversal.outcome_unknown',
        'failure',
        reversal,
        {
          reason: kind,
        },
      );
      return reversal;
    }
    return this.closed(reversal, 'failed', message || words(context).processorError(kind), {
      actor,
      context,
    });
  }

  private async closed(
    reversal: ReversalRow,
    status: 'declined' | 'failed',
    message: string,
    { actor, context }: { actor: ReversalActor; context: RequestContext },
  ): Promise<ReversalRow> {
    const moved = await this.repository.transition(reversal.id, ['processing'], {
      status,
      failureCode: status,
      failureMessage: message,
    });
    if (!moved) return this.current(reversal);
    await this.effects.record(context, actor, `payment.reversal.${status}`, 'failure', moved, {
      message,
    });
    return moved;
  }

  private async current(reversal: ReversalRow): Promise<ReversalRow> {
    return (await this.repository.byId(reversal.id)) ?? reversal;
  }

  private async answer(
    reversal: ReversalRow,
    payment: DeskPaymentRow,
    context: RequestContext,
  ): Promise<ReversalResult> {
    const names = await this.repository.staffNames([reversal.requestedBy, reversal.decidedBy]);
    return {
      reversal: reversalView(reversal, names),
      message: outcomeMessage(reversal, payment.cardLast4, context.language ?? 'en'),
    };
  }
}
