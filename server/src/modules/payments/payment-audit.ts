import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { MailLog } from '../mail/index.ts';
import type { Metrics, PaymentOutcome } from '../metrics/index.ts';

/** Who moved a payment on: the signed-in guarantor, or the service itself (reconciliation). */
export type PaymentActor = { type: 'guarantor'; guarantorId: string } | { type: 'system' };

export interface AuditedPayment {
  id: string;
  guarantorId: string;
  processorReference: string;
  method: string;
}

const FINAL_ACTIONS: Record<string, PaymentOutcome> = {
  'payment.recorded': 'recorded',
  'payment.declined': 'declined',
  'payment.cancelled': 'cancelled',
  'payment.failed': 'failed',
};

/**
 * The final status an event puts a payment in, if any. Reconciliation's own
 * "recorded" is left out: the recorder has already reported that payment.
 */
function finalOutcome(
  action: string,
  details: Record<string, unknown>,
): PaymentOutcome | undefined {
  if (action === 'payment.reconciled') {
    const status = details.action;
    return status === 'declined' || status === 'cancelled' || status === 'failed'
      ? status
      : undefined;
  }
  return FINAL_ACTIONS[action];
}

/**
 * Every payment step goes into the audit trail under the payment's id and
 * reference. Details are amounts, statuses, processor ids and reasons: never
 * card numbers, bank numbers or lightbox tokens.
 */
export class PaymentAudit {
  constructor(
    private readonly audit: AuditRepository,
    private readonly log: MailLog,
    private readonly metrics?: Metrics,
  ) {}

  async record(
    context: RequestContext,
    actor: PaymentActor,
    action: string,
    outcome: 'success' | 'failure',
    payment: AuditedPayment,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    // Counted before the audit write: the payment's status has already changed either way.
    const final = finalOutcome(action, details);
    if (final) this.metrics?.observePayment(payment.method, final);
    await this.audit.record(context, {
      action,
      outcome,
      actorType: actor.type,
      actorId: actor.type === 'guarantor' ? actor.guarantorId : null,
      guarantorId: payment.guarantorId,
      targetType: 'payment',
      targetId: payment.id,
      details: { refNum: payment.processorReference, ...details },
    });
  }

  /** A payment request refused before anything was written: there is no payment to name. */
  async refusal(
    context: RequestContext,
    guarantorId: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record(context, {
      action: 'payment.refused',
      outcome: 'failure',
      actorType: 'guarantor',
      actorId: guarantorId,
      guarantorId,
      targetType: 'guarantor',
      targetId: guarantorId,
      details,
    });
  }

  /**
   * For steps after money was taken: the payment is already safe, so an
   * audit row that cannot be written is logged rather than failing it.
   */
  async recordQuietly(...args: Parameters<PaymentAudit['record']>): Promise<void> {
    try {
      await this.record(...args);
    } catch (error) {
      this.log.warn(
        { err: error, action: args[2], paymentId: args[4].id },
        'could not write a payment audit event',
      );
    }
  }
}
