import type {
  DeskPayment,
  PaymentEvent,
  ProcessorTransaction,
} from '@webpay/contracts/payment-desk';
import type { Language } from '@webpay/contracts/language';
import { formatCents } from '@webpay/contracts/money';
import type { SentEmail, StaffRole } from '@webpay/contracts/office';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { MailOutbox } from '../mail/index.ts';
import type { StaffActor } from '../office/index.ts';
import { parseConvergeAmount } from '../payments/index.ts';
import { parseConvergeTime } from '../payments/index.ts';
import { isConvergeError } from '../payments/index.ts';
import type { ConvergeTxn } from '../payments/index.ts';
import { deskActions } from './desk-actions.ts';
import { deskErrors } from './desk-errors.ts';
import { DESK_MESSAGES } from './desk-messages.ts';
import type { PaymentPageRepository, PaymentEventRow } from './payment-page.repository.ts';
import { instrumentOf } from './payment-search.service.ts';
import { completedCents, deskStatus, refundableCents, takenByLine } from './reversal-allocation.ts';
import { reversalView } from './reversal-view.ts';
import type { ReversalProcessor } from './reversals.service.ts';
import type { PaymentForReversal, ReversalsRepository } from './reversals.repository.ts';

/** E-mails listed at most, newest first. */
const MAX_EMAILS = 50;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The processor's record of the payment, read live; its error in the reader's words. */
type ProcessorRecord = DeskPayment['processor'];

function transactionOf(txn: ConvergeTxn): ProcessorTransaction {
  const status = (txn.ssl_trans_status ?? '').trim().toUpperCase();
  const time = parseConvergeTime(txn.ssl_txn_time)?.toISOString() ?? null;
  return {
    txnId: txn.ssl_txn_id ?? '',
    type: (txn.ssl_transaction_type ?? '').trim().toUpperCase(),
    status,
    settled: status === 'STL',
    amountCents: parseConvergeAmount(txn.ssl_amount ?? '') ?? null,
    time,
    resultMessage: txn.ssl_result_message ?? '',
    approvalCode: (txn.ssl_approval_code ?? '').trim(),
  };
}

/**
 * A payment as the desk sees it: lines with what was given back of each,
 * payer, guarantor, posting, the processor's record read live, reversals,
 * what may be done now and why not, e-mails and the whole history.
 */
export class PaymentPageService {
  constructor(
    private readonly reversals: ReversalsRepository,
    private readonly repository: PaymentPageRepository,
    private readonly processor: Pick<ReversalProcessor, 'queryTransaction'>,
    private readonly outbox: Pick<MailOutbox, 'messagesConcerning'>,
    private readonly audit: AuditRepository,
    private readonly options: { approvalThresholdCents: number },
  ) {}

  async page(paymentId: string, actor: StaffActor, context: RequestContext): Promise<DeskPayment> {
    const found = await this.reversals.payment(paymentId);
    if (!found) {
      await this.audit.record(context, {
        action: 'office.payment.viewed',
        outcome: 'failure',
        actorType: 'staff',
        actorId: actor.staffId,
        targetType: 'payment',
        targetId: paymentId,
        details: { reason: 'not_found' },
      });
      throw deskErrors.paymentNotFound();
    }
    const language = context.language ?? 'en';
    const { payment } = found;
    const [guarantor, receipt, processor, emails, events, role] = await Promise.all([
      this.reversals.guarantor(payment.guarantorId),
      this.reversals.receiptOf(payment.id),
      this.processorRecord(found, language),
      this.emails(payment.id),
      this.events(payment.id, language),
      this.reversals.staffRole(actor.staffId),
    ]);
    const names = await this.reversals.staffNames(
      found.reversals.flatMap((row) => [row.requestedBy, row.decidedBy]),
    );
    await this.audit.record(context, {
      action: 'office.payment.viewed',
      outcome: 'success',
      actorType: 'staff',
      actorId: actor.staffId,
      guarantorId: payment.guarantorId,
      targetType: 'payment',
      targetId: payment.id,
      details: { reversals: found.reversals.length, emails: emails.length },
    });
    return this.view(
      found,
      { guarantor, receipt, processor, emails, events, names },
      {
        role: role as StaffRole | undefined,
        language,
      },
    );
  }

  private view(
    found: PaymentForReversal,
    read: {
      guarantor: Awaited<ReturnType<ReversalsRepository['guarantor']>>;
      receipt: Awaited<ReturnType<ReversalsRepository['receiptOf']>>;
      processor: ProcessorRecord;
      emails: SentEmail[];
      events: PaymentEvent[];
      names: Map<string, string>;
    },
    reader: { role: StaffRole | undefined; language: Language },
  ): DeskPayment {
    const { payment } = found;
    const { guarantor, receipt, processor, emails, events, names } = read;
    const given = takenByLine(found.reversals.filter((row) => row.status === 'completed'));
    const payer = payment.payer;
    const address = [
      payer.address,
      [payer.city, payer.state].filter(Boolean).join(', '),
      payer.zipCode,
    ]
      .filter((part) => part && part.trim())
      .join(' ');
    return {
      paymentId: payment.id,
      receiptId: receipt?.receiptId ?? null,
      reference: payment.processorReference,
      status: deskStatus(payment.status, payment.amountCents, found.reversals),
      guarantor: {
        guarantorId: payment.guarantorId,
        accountNumber: guarantor?.accountNumber ?? '',
        name: guarantor ? `${guarantor.firstName} ${guarantor.lastName}`.trim() : '',
      },
      payer: {
        name: `${payer.firstName ?? ''} ${payer.lastName ?? ''}`.trim(),
        email: payer.email ?? null,
        address: address || null,
      },
      receiptEmail: receipt?.emailedTo ?? payment.receiptEmail ?? guarantor?.email ?? null,
      createdAt: payment.createdAt.toISOString(),
      recordedAt: iso(payment.recordedAt),
      amountCents: payment.amountCents,
      refundedCents: completedCents(found.reversals),
      refundableCents:
        payment.status === 'recorded' ? refundableCents(payment.amountCents, found.reversals) : 0,
      instrument: instrumentOf(payment),
      lines: found.lines.map((line) => ({
        lineNumber: line.lineNumber,
        facilityId: line.facilityId,
        accountId: line.accountId,
        paymentType: line.paymentType,
        description: line.description,
        amountCents: line.amountCents,
        refundedCents: given.get(line.lineNumber) ?? 0,
      })),
      posting: {
        exportedAt: iso(payment.exportedAt),
        exportBatch: payment.exportBatch,
        appliedAt: iso(payment.appliedAt),
      },
      processor,
      reversals: found.reversals.map((row) => reversalView(row, names)),
      actions: deskActions({
        payment,
        reversals: found.reversals,
        settled: processor.settled,
        role: reader.role,
        hasEmail: Boolean(receipt?.emailedTo ?? payment.receiptEmail ?? guarantor?.email),
        language: reader.language,
        approvalThresholdCents: this.options.approvalThresholdCents,
      }),
      emails,
      events,
    };
  }

  private async processorRecord(
    found: PaymentForReversal,
    language: Language,
  ): Promise<ProcessorRecord> {
    const { payment } = found;
    try {
      const txns = await this.processor.queryTransaction({
        invoiceNumber: payment.processorReference,
      });
      const sale = txns.find(
        (txn) => payment.processorTxnId && txn.ssl_txn_id === payment.processorTxnId,
      );
      return {
        transactions: txns.map(transactionOf),
        settled: sale ? (sale.ssl_trans_status ?? '').trim().toUpperCase() === 'STL' : false,
        error: null,
      };
    } catch (error) {
      if (!isConvergeError(error)) throw error;
      return {
        transactions: [],
        settled: null,
        error: DESK_MESSAGES[language].processorError(error.kind),
      };
    }
  }

  /** Receipt and reversal e-mails about this payment, as the outbox keeps them. */
  private async emails(paymentId: string): Promise<SentEmail[]> {
    const messages = await this.outbox.messagesConcerning(
      { addresses: [], paymentIds: [paymentId], statementIds: [] },
      MAX_EMAILS,
    );
    return messages.map((message) => ({
      id: message.id,
      kind: message.kind.replaceAll('_', '-'),
      to: message.to,
      subject: message.subject,
      status: message.status,
      queuedAt: message.queuedAt.toISOString(),
      sentAt: iso(message.sentAt),
      error: message.error,
    }));
  }

  private async events(paymentId: string, language: Language): Promise<PaymentEvent[]> {
    const rows = await this.repository.events(paymentId);
    const staffIds = rows.filter((row) => row.actorType === 'staff').map((row) => row.actorId);
    const guarantorIds = rows
      .filter((row) => row.actorType === 'guarantor' && row.actorId)
      .map((row) => row.actorId ?? '');
    const [staff, guarantorNames] = await Promise.all([
      this.reversals.staffNames(staffIds),
      this.repository.guarantorNames([...new Set(guarantorIds)]),
    ]);
    return rows.map((row) =>
      eventOf(row, language, {
        ...Object.fromEntries(staff),
        ...Object.fromEntries(guarantorNames),
      }),
    );
  }
}

/** One line of a payment's history in the reader's language. */
export function eventOf(
  row: PaymentEventRow,
  language: Language,
  names: Record<string, string>,
): PaymentEvent {
  const say = DESK_MESSAGES[language];
  const details = row.details ?? {};
  const cents = typeof details.amountCents === 'number' ? details.amountCents : null;
  const summarize = say.event[row.action];
  const reason = typeof details.reason === 'string' ? details.reason : null;
  return {
    at: row.occurredAt.toISOString(),
    action: row.action,
    summary: summarize
      ? summarize(cents === null ? '' : formatCents(cents)).replace('  ', ' ')
      : say.eventOther(row.action),
    actorType: row.actorType,
    actorName: row.actorId ? (names[row.actorId] ?? null) : null,
    outcome: row.outcome,
    reason,
  };
}
