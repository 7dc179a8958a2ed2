import type { RequestContext } from '../../lib/request-context.ts';
import type { MailLog } from '../mail/index.ts';
import { isConvergeError } from './converge/converge.errors.ts';
import type { ConvergeTxn } from './converge/converge.types.ts';
import type { PaymentActor, PaymentAudit } from './payment-audit.ts';
import { approvalAmong, type PaymentRecorder } from './payment-recorder.ts';
import { OPEN_STATUSES, type PaymentRow, type PaymentsRepository } from './payments.repository.ts';
import type { PaymentProcessor } from './payments.service.ts';

/** Converge's lightbox session lasts 15 minutes (converge.md §1); after that no one can pay into it. */
export const LIGHTBOX_TOKEN_LIFETIME_MS = 15 * 60 * 1000;
/** More payments than this in one run wait for the next one. */
const BATCH_LIMIT = 1000;

export type ReconcileAction =
  | 'recorded'
  | 'already_recorded'
  | 'cancelled'
  | 'declined'
  | 'failed'
  | 'closed'
  | 'still_open'
  | 'unchanged'
  | 'error';

export interface ReconcileEntry {
  paymentId: string;
  refNum: string;
  method: PaymentRow['method'];
  amountCents: number;
  statusBefore: PaymentRow['status'];
  action: ReconcileAction;
  receiptId?: string;
  /** Why, in an operator's words. */
  reason?: string;
}

export interface ReconcileReport {
  entries: ReconcileEntry[];
  counts: Record<ReconcileAction, number>;
}

export interface ReconcileOptions {
  /** Payments younger than this are left alone (they may still be in the lightbox or in flight). */
  graceSeconds: number;
  now?: Date;
}

export interface ReconcileServiceOptions {
  /**
   * How long an eCheck request may still be talking to the processor; one
   * younger than this without a transaction may yet get one.
   */
  inFlightMs: number;
}

const SYSTEM: PaymentActor = { type: 'system' };

function emptyCounts(): Record<ReconcileAction, number> {
  return {
    recorded: 0,
    already_recorded: 0,
    cancelled: 0,
    declined: 0,
    failed: 0,
    closed: 0,
    still_open: 0,
    unchanged: 0,
    error: 0,
  };
}

function isOpen(payment: PaymentRow): boolean {
  return (OPEN_STATUSES as readonly string[]).includes(payment.status);
}

/** The processor declined the sale the lightbox ran (as opposed to nobody paying at all). */
function wasDeclined(txns: readonly ConvergeTxn[]): boolean {
  return txns.some((txn) => /DECLIN/i.test(txn.ssl_result_message ?? ''));
}

/** How an open payment with no approval at the processor ends. */
function closingOutcome(payment: PaymentRow, txns: readonly ConvergeTxn[]) {
  if (payment.method === 'eCheck') {
    return {
      status: 'failed',
      code: 'not_found_at_processor',
      message: 'not found at processor',
    } as const;
  }
  return wasDeclined(txns)
    ? ({ status: 'declined', code: 'declined', message: 'declined at the processor' } as const)
    : ({ status: 'cancelled', code: 'expired', message: 'expired' } as const);
}

/**
 * Settles every payment whose outcome we did not hear from the processor:
 * a lightbox never completed, a completion lost to a crash, an eCheck whose
 * answer timed out, a cancel that raced an approval. Each is looked up at
 * the processor by its invoice number (our reference). An approval is
 * recorded through the same PaymentRecorder as every other path; nothing
 * found once no one can pay any more closes the payment. Two runs at once
 * (two instances, or the CLI beside a server) are safe: every change is a
 * conditional update that only one of them wins.
 */
export class ReconcileService {
  constructor(
    private readonly repository: PaymentsRepository,
    private readonly processor: Pick<PaymentProcessor, 'queryTransaction'>,
    private readonly recorder: PaymentRecorder,
    private readonly audit: PaymentAudit,
    private readonly log: MailLog,
    private readonly options: ReconcileServiceOptions,
  ) {}

  async run(options: ReconcileOptions, context: RequestContext): Promise<ReconcileReport> {
    const now = options.now ?? new Date();
    const candidates = await this.repository.unreconciled(
      new Date(now.getTime() - options.graceSeconds * 1000),
      BATCH_LIMIT,
    );
    const report: ReconcileReport = { entries: [], counts: emptyCounts() };
    for (const payment of candidates) {
      const entry = await this.reconcileOne(payment, now, context);
      report.entries.push(entry);
      report.counts[entry.action] += 1;
    }
    const changed = report.entries.filter((entry) =>
      ['recorded', 'cancelled', 'declined', 'failed', 'error'].includes(entry.action),
    );
    if (changed.length > 0) {
      this.log.info({ counts: report.counts }, 'payments reconciled with the processor');
    }
    return report;
  }

  private async reconcileOne(
    payment: PaymentRow,
    now: Date,
    context: RequestContext,
  ): Promise<ReconcileEntry> {
    const entry = (action: ReconcileAction, extra: Partial<ReconcileEntry> = {}) => ({
      paymentId: payment.id,
      refNum: payment.processorReference,
      method: payment.method,
      amountCents: payment.amountCents,
      statusBefore: payment.status,
      action,
      ...extra,
    });

    let txns: ConvergeTxn[];
    try {
      txns = await this.processor.queryTransaction({ invoiceNumber: payment.processorReference });
    } catch (error) {
      if (!isConvergeError(error)) throw error;
      this.log.warn(
        { paymentId: payment.id, err: error },
        'reconciliation could not ask the processor',
      );
      return entry('error', { reason: `the processor could not be asked (${error.kind})` });
    }

    const approval = approvalAmong(txns, payment);
    if (approval) {
      const { receipt, recorded } = await this.recorder.record(payment, approval, SYSTEM, context);
      if (recorded) {
        await this.audit.recordQuietly(context, SYSTEM, 'payment.reconciled', 'success', payment, {
          action: 'recorded',
          statusBefore: payment.status,
          txnId: approval.ssl_txn_id,
        });
      }
      return entry(recorded ? 'recorded' : 'already_recorded', {
        receiptId: receipt.receiptId,
        reason: `approved at the processor (${approval.ssl_txn_id ?? ''})`,
      });
    }

    if (this.stillPayable(payment, now)) {
      return entry('still_open', { reason: 'no approval yet; it can still be paid' });
    }

    if (!isOpen(payment)) {
      const closed = await this.repository.markReconciled(payment.id, payment.status, now);
      return entry(closed ? 'closed' : 'unchanged', {
        reason: 'no approval at the processor',
      });
    }

    const outcome = closingOutcome(payment, txns);
    const changed = await this.repository.markOutcome(payment.id, [payment.status], {
      status: outcome.status,
      failureCode: outcome.code,
      failureMessage: outcome.message,
      reconciledAt: now,
    });
    if (!changed) return entry('unchanged', { reason: 'changed by someone else meanwhile' });
    await this.audit.recordQuietly(context, SYSTEM, 'payment.reconciled', 'success', payment, {
      action: outcome.status,
      statusBefore: payment.status,
      reason: outcome.message,
    });
    return entry(outcome.status, { reason: outcome.message });
  }
  /** A card inside its lightbox window, or an eCheck still in flight, may yet be paid. */
  private stillPayable(payment: PaymentRow, now: Date): boolean {
    return payment.method === 'card'
      ? now.getTime() - (payment.tokenIssuedAt ?? payment.createdAt).getTime() <
          LIGHTBOX_TOKEN_LIFETIME_MS
      : now.getTime() - payment.createdAt.getTime() < this.options.inFlightMs;
  }
}
