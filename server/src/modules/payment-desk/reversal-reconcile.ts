import type { RequestContext } from '../../lib/request-context.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import type { MailLog } from '../mail/index.ts';
import { parseConvergeAmount } from '../payments/index.ts';
import { isConvergeError } from '../payments/index.ts';
import type { ConvergeTxn } from '../payments/index.ts';
import { isApproved } from '../payments/index.ts';
import { deskErrors } from './desk-errors.ts';
import { allocateReversal } from './reversal-allocation.ts';
import type { ReversalActor, ReversalEffects } from './reversal-effects.ts';
import { newReversalReference, type ReversalProcessor } from './reversals.service.ts';
import type {
  DeskPaymentRow,
  NewReversal,
  PaymentForReversal,
  ReversalRow,
  ReversalsRepository,
} from './reversals.repository.ts';

/** More unanswered reversals than this in one run wait for the next one. */
const BATCH_LIMIT = 500;
/** How far back reconciliation looks for voids and returns made at the processor. */
const LOOKBACK_DAYS = 2;
const SYSTEM: ReversalActor = { type: 'system' };

export const NO_RECORD_AT_PROCESSOR = 'the processor has no record of it; nothing was given back';
export const MADE_AT_PROCESSOR = 'Made directly at the processor';

export type ReversalReconcileAction = 'completed' | 'failed' | 'found' | 'unchanged' | 'error';

export interface ReversalReconcileEntry {
  reference: string | null;
  paymentId: string;
  kind: string;
  amountCents: number;
  action: ReversalReconcileAction;
  reason?: string;
}

export interface ReversalReconcileReport {
  entries: ReversalReconcileEntry[];
  counts: Record<ReversalReconcileAction, number>;
}

const TYPES_OF: Record<string, string[]> = { void: ['VOID', 'ECSVOID'], return: ['RETURN'] };

const typeOf = (txn: ConvergeTxn) => (txn.ssl_transaction_type ?? '').trim().toUpperCase();

/** A void or return the processor approved. */
function isReversalTxn(txn: ConvergeTxn): boolean {
  return ['VOID', 'ECSVOID', 'RETURN'].includes(typeOf(txn)) && isApproved(txn) && !!txn.ssl_txn_id;
}

/**
 * Settles the payment desk's reversals with the processor: (a) a reversal
 * whose answer was never heard is looked up by its payment's invoice
 * number, completed with the matching void or return, or failed when the
 * processor has none; (b) voids and returns made directly at the processor
 * become completed reversals with their usual effects. Two runs at once are
 * safe: every change is conditional, and a processor txn id is unique.
 */
export class ReversalReconciler {
  constructor(
    private readonly repository: ReversalsRepository,
    private readonly processor: Pick<ReversalProcessor, 'queryTransaction'>,
    private readonly effects: ReversalEffects,
    private readonly log: MailLog,
  ) {}

  async run(
    options: { graceSeconds: number; now?: Date },
    context: RequestContext,
  ): Promise<ReversalReconcileReport> {
    const now = options.now ?? new Date();
    const report: ReversalReconcileReport = {
      entries: [],
      counts: { completed: 0, failed: 0, found: 0, unchanged: 0, error: 0 },
    };
    const add = (entry: ReversalReconcileEntry) => {
      report.entries.push(entry);
      report.counts[entry.action] += 1;
    };
    const unanswered = await this.repository.processingSentBefore(
      new Date(now.getTime() - options.graceSeconds * 1000),
      BATCH_LIMIT,
    );
    for (const reversal of unanswered) add(await this.settleOne(reversal, context));
    for (const entry of await this.findOutside(now, context)) add(entry);
    if (report.entries.some((entry) => entry.action !== 'unchanged')) {
      this.log.info({ counts: report.counts }, 'reversals reconciled with the processor');
    }
    return report;
  }

  private async settleOne(
    reversal: ReversalRow,
    context: RequestContext,
  ): Promise<ReversalReconcileEntry> {
    const entry = (action: ReversalReconcileAction, reason?: string) => ({
      reference: reversal.reference,
      paymentId: reversal.paymentId,
      kind: reversal.kind,
      amountCents: reversal.amountCents,
      action,
      ...(reason ? { reason } : {}),
    });
    if (reversal.kind === 'check') {
      const done = await this.effects.completeCheck(reversal, SYSTEM, context);
      return entry(done ? 'completed' : 'unchanged', 'refund by check');
    }
    const payment = await this.repository.paymentById(reversal.paymentId);
    if (!payment) return entry('error', 'its payment is gone');
    let txns: ConvergeTxn[];
    try {
      txns = await this.processor.queryTransaction({ invoiceNumber: payment.processorReference });
    } catch (error) {
      if (!isConvergeError(error)) throw error;
      return entry('error', `the processor could not be asked (${error.kind})`);
    }
    const candidates = txns.filter(
      (txn) =>
        isReversalTxn(txn) &&
        (TYPES_OF[reversal.kind] ?? []).includes(typeOf(txn)) &&
        parseConvergeAmount(txn.ssl_amount ?? '') === reversal.amountCents,
    );
    const known = await this.repository.knownTxnIds(candidates.map((txn) => txn.ssl_txn_id ?? ''));
    const match = candidates.find((txn) => !known.has(txn.ssl_txn_id ?? ''));
    if (match) {
      try {
        const done = await this.effects.complete(
          reversal,
          ['processing'],
          { processorTxnId: match.ssl_txn_id ?? null, processorMessage: 'found by reconciliation' },
          SYSTEM,
          context,
        );
        return entry(done ? 'completed' : 'unchanged', `at the processor (${match.ssl_txn_id})`);
      } catch (error) {
        if (!isUniqueViolation(error, 'payment_reversals_processor_txn_key')) throw error;
        return entry('unchanged', 'its transaction was linked meanwhile');
      }
    }
    const failed = await this.repository.transition(reversal.id, ['processing'], {
      status: 'failed',
      failureCode: 'not_found_at_processor',
      failureMessage: NO_RECORD_AT_PROCESSOR,
    });
    if (!failed) return entry('unchanged', 'changed by someone else meanwhile');
    await this.effects.record(context, SYSTEM, 'payment.reversal.failed', 'failure', failed, {
      message: NO_RECORD_AT_PROCESSOR,
    });
    return entry('failed', NO_RECORD_AT_PROCESSOR);
  }

  /**
   * A staff member's "Check with the processor" on one payment: the voids
   * and returns its invoice number has at the processor that WebPay has not
   * recorded become completed reversals, as the scheduled run would make them.
   */
  async checkPayment(
    paymentId: string,
    staff: ReversalActor,
    context: RequestContext,
  ): Promise<ReversalReconcileEntry[]> {
    const payment = await this.repository.paymentById(paymentId);
    if (!payment) throw deskErrors.paymentNotFound();
    let txns: ConvergeTxn[];
    try {
      txns = await this.processor.queryTransaction({ invoiceNumber: payment.processorReference });
    } catch (error) {
      if (!isConvergeError(error)) throw error;
      throw deskErrors.processorUnavailable();
    }
    const found = await this.recordFound(txns, context);
    await this.effects.onPayment(context, staff, 'payment.processor.checked', 'success', payment, {
      found: found.length,
    });
    return found;
  }

  /** Voids and returns of WebPay's payments made at the processor, not yet a reversal. */
  private async findOutside(now: Date, context: RequestContext): Promise<ReversalReconcileEntry[]> {
    let txns: ConvergeTxn[];
    try {
      txns = await this.processor.queryTransaction({
        from: new Date(now.getTime() - LOOKBACK_DAYS * 86_400_000),
        to: now,
      });
    } catch (error) {
      if (!isConvergeError(error)) throw error;
      this.log.warn({ err: error }, 'reconciliation could not list the processor’s reversals');
      // A refusal of the search itself (a processor without search by period)
      // is reported but is no failure of the run; an unreachable one is.
      const refused = error.kind === 'processor';
      return [
        {
          reference: null,
          paymentId: '',
          kind: 'search',
          amountCents: 0,
          action: refused ? 'unchanged' : 'error',
          reason: refused
            ? `the processor refused the search by period: ${error.message}`
            : `the processor could not be asked (${error.kind})`,
        },
      ];
    }
    return this.recordFound(txns, context);
  }

  /** The approved voids and returns among `txns` that are no reversal yet, recorded as found. */
  private async recordFound(
    txns: readonly ConvergeTxn[],
    context: RequestContext,
  ): Promise<ReversalReconcileEntry[]> {
    const reversalTxns = txns.filter(isReversalTxn);
    const known = await this.repository.knownTxnIds(
      reversalTxns.map((txn) => txn.ssl_txn_id ?? ''),
    );
    const fresh = reversalTxns.filter((txn) => !known.has(txn.ssl_txn_id ?? ''));
    const payments = await this.repository.recordedByReference(
      fresh.map((txn) => (txn.ssl_invoice_number ?? '').trim()),
    );
    const entries: ReversalReconcileEntry[] = [];
    for (const txn of fresh) {
      const payment = payments.find(
        (row) => row.processorReference === (txn.ssl_invoice_number ?? '').trim(),
      );
      if (!payment) continue;
      const row = await this.repository.insertFound(
        payment.id,
        (found) => foundReversal(found, txn),
        (tx, inserted) => this.effects.alsoOnCompletion(tx, inserted),
      );
      if (!row) continue;
      await this.effects.record(context, SYSTEM, 'payment.reversal.found', 'success', row, {
        txnId: txn.ssl_txn_id,
      });
      entries.push({
        reference: row.reference,
        paymentId: row.paymentId,
        kind: row.kind,
        amountCents: row.amountCents,
        action: 'found',
        reason: `${typeOf(txn)} ${txn.ssl_txn_id ?? ''} made at the processor`,
      });
    }
    return entries;
  }
}

/**
 * The completed reversal a processor transaction stands for, or undefined
 * when the desk's own reversal of it is still waiting for its answer (the
 * first pass links that one).
 */
export function foundReversal(
  { payment, lines, reversals }: PaymentForReversal,
  txn: ConvergeTxn,
): NewReversal | undefined {
  const kind = typeOf(txn) === 'RETURN' ? 'return' : 'void';
  const amountCents =
    kind === 'void' ? payment.amountCents : parseConvergeAmount(txn.ssl_amount ?? '');
  if (amountCents === undefined || amountCents <= 0) return undefined;
  const waiting = reversals.some(
    (row) =>
      row.status === 'processing' &&
      row.kind === kind &&
      row.amountCents === amountCents &&
      row.processorTxnId === null,
  );
  if (waiting) return undefined;
  return {
    reference: newReversalReference(),
    paymentId: payment.id,
    guarantorId: payment.guarantorId,
    kind,
    status: 'completed',
    source: 'processor',
    amountCents,
    allocation: allocation(lines, reversals, amountCents, kind),
    reason: MADE_AT_PROCESSOR,
    idempotencyKey: null,
    processorTxnId: txn.ssl_txn_id ?? null,
    processorMessage: txn.ssl_result_message ?? null,
    completedAt: new Date(),
  };
}

/** As usual; when the desk's holds leave too little room, spread over the lines as they are. */
function allocation(
  lines: PaymentForReversal['lines'],
  reversals: PaymentForReversal['reversals'],
  amountCents: number,
  kind: 'void' | 'return',
) {
  try {
    return allocateReversal(lines, reversals, amountCents, kind);
  } catch {
    return allocateReversal(lines, [], Math.min(amountCents, sumOf(lines)), kind);
  }
}

const sumOf = (lines: readonly Pick<DeskPaymentRow, 'amountCents'>[]) =>
  lines.reduce((sum, line) => sum + line.amountCents, 0);
