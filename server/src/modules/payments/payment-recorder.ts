import type { Payer } from '@webpay/contracts/billing';
import type { AcceptedAuthorization } from '@webpay/contracts/echeck-authorization';
import type { Receipt } from '@webpay/contracts/payments';
import type { RequestContext } from '../../lib/request-context.ts';
import type { ConvergeTxn } from './converge/converge.types.ts';
import { verifyApproval } from './converge/verify-approval.ts';
import type { PaymentCheckpoints } from './payment-checkpoints.ts';
import type { PaymentActor, PaymentAudit } from './payment-audit.ts';
import { newReceiptId } from './payment-references.ts';
import type { PaymentLineRow, PaymentRow, PaymentsRepository } from './payments.repository.ts';
import type { ReceiptMailer } from './receipt-email.ts';
import {
  buildReceipt,
  cardFromTxn,
  receiptFromSnapshot,
  type BankSummary,
  type CardSummary,
  type ReceiptLine,
} from './receipts.ts';

/**
 * The first transaction the processor holds for this payment's invoice that
 * is an approval of exactly its amount, not voided.
 */
export function approvalAmong(
  txns: readonly ConvergeTxn[],
  payment: Pick<PaymentRow, 'amountCents' | 'processorReference'>,
): ConvergeTxn | undefined {
  // A void carries the sale's invoice number: a sale voided at the processor
  // before WebPay recorded it took no money and must never be exported.
  if (txns.some(isVoidOf(payment.processorReference))) return undefined;
  return txns.find(
    (txn) =>
      verifyApproval(txn, {
        amountCents: payment.amountCents,
        invoiceNumber: payment.processorReference,
      }).ok,
  );
}

function isVoidOf(invoiceNumber: string) {
  return (txn: ConvergeTxn) =>
    /^(VOID|ECSVOID)$/i.test((txn.ssl_transaction_type ?? '').trim()) &&
    (txn.ssl_invoice_number ?? '').trim() === invoiceNumber;
}

export function payerOf(payment: Pick<PaymentRow, 'payer'>): Payer {
  return payment.payer as unknown as Payer;
}

/** The eCheck authorization kept with the payment, for its receipt. */
function authorizationOf(
  payment: Pick<PaymentRow, 'eCheckAuthorization' | 'eCheckAuthorizationLanguage'>,
): AcceptedAuthorization | null {
  const { eCheckAuthorization: text, eCheckAuthorizationLanguage: language } = payment;
  return text && language ? { text, language } : null;
}

function receiptLines(lines: readonly PaymentLineRow[]) {
  return lines.map((line): ReceiptLine => ({
    paymentType: line.paymentType as ReceiptLine['paymentType'],
    facilityId: line.facilityId,
    accountId: line.accountId,
    amountCents: line.amountCents,
    description: line.description ?? line.accountId,
  }));
}

export interface RecordResult {
  receipt: Receipt;
  /** True for the one call that recorded the payment; every other call found it recorded. */
  recorded: boolean;
}

/**
 * The one way a confirmed approval becomes a recorded payment, whoever
 * noticed it: the card completion, the eCheck answer, a cancel that found an
 * approval, or reconciliation. Whatever the number of callers, one wins the
 * recording, writes the receipt and the pending payments and sends the
 * e-mail; all get the same receipt.
 */
export class PaymentRecorder {
  private readonly listeners: ((payment: PaymentRow) => Promise<void>)[] = [];

  constructor(
    private readonly repository: PaymentsRepository,
    private readonly audit: PaymentAudit,
    private readonly mailer: ReceiptMailer,
    private readonly checkpoints: PaymentCheckpoints,
  ) {}

  /**
   * Told of each payment once it is recorded, whoever recorded it (a plan's
   * figures follow the money paid on it). A listener handles its own failures:
   * the payment stands whatever it does.
   */
  onRecorded(listener: (payment: PaymentRow) => Promise<void>): void {
    this.listeners.push(listener);
  }

  async record(
    payment: PaymentRow,
    txn: ConvergeTxn,
    actor: PaymentActor,
    context: RequestContext,
  ): Promise<RecordResult> {
    if (payment.status === 'recorded')
      return { receipt: await this.storedReceipt(payment), recorded: false };

    const card: CardSummary | null = payment.method === 'card' ? cardFromTxn(txn) : null;
    const bank: BankSummary | null =
      payment.method === 'eCheck' && payment.bankAccountType && payment.bankLast4
        ? {
            accountType: payment.bankAccountType,
            last4: payment.bankLast4,
            authorization: authorizationOf(payment),
          }
        : null;
    const outcome = await this.repository.record(
      payment.id,
      {
        txnId: txn.ssl_txn_id ?? '',
        approvalCode: txn.ssl_approval_code?.trim() || null,
        cardBrand: card?.brand ?? null,
        cardLast4: card?.last4 ?? null,
        cardExpiry: card?.expiry ?? null,
      },
      new Date(),
      newReceiptId,
      (recorded, lines, receiptId) =>
        buildReceipt({
          paymentId: recorded.id,
          receiptId,
          method: recorded.method,
          amountCents: recorded.amountCents,
          recordedAt: recorded.recordedAt ?? new Date(),
          lines: receiptLines(lines),
          payer: payerOf(recorded),
          card,
          bank,
          emailedTo: recorded.receiptEmail,
        }),
      (tx, recorded) =>
        this.mailer.queue(tx, receiptFromSnapshot(recorded.snapshot), actor, context),
    );
    if (!outcome.won) {
      return { receipt: await this.storedReceipt(payment), recorded: false };
    }

    const receipt = receiptFromSnapshot(outcome.snapshot);
    await this.audit.recordQuietly(context, actor, 'payment.recorded', 'success', outcome.payment, {
      method: outcome.payment.method,
      amountCents: outcome.payment.amountCents,
      txnId: outcome.payment.processorTxnId,
      receiptId: outcome.receiptId,
      lines: receipt.accounts.length,
    });
    await this.saveEmailIfAsked(outcome.payment, actor, context);
    for (const listener of this.listeners) await listener(outcome.payment);
    // The receipt e-mail is queued with the recording; from here it is the outbox's.
    await this.checkpoints.reached('before-receipt-email');
    return { receipt, recorded: true };
  }

  async storedReceipt(payment: Pick<PaymentRow, 'id'>): Promise<Receipt> {
    const stored = await this.repository.receiptOf(payment.id);
    if (!stored) throw new Error(`Payment ${payment.id} is recorded but has no receipt`);
    return receiptFromSnapshot(stored.snapshot);
  }

  /** SPEC §6: asked for by a 'totp' session at the start, applied once the money is in. */
  private async saveEmailIfAsked(
    payment: PaymentRow,
    actor: PaymentActor,
    context: RequestContext,
  ): Promise<void> {
    const email = payerOf(payment).email;
    if (!payment.saveEmailAsGuarantor || !email) return;
    try {
      const result = await this.repository.saveGuarantorEmail(payment.guarantorId, email);
      await this.audit.recordQuietly(
        context,
        actor,
        'guarantor.email_saved',
        result === 'in_use' ? 'failure' : 'success',
        payment,
        { result },
      );
    } catch (error) {
      // The payment is recorded; the address can be saved another time.
      await this.audit.recordQuietly(context, actor, 'guarantor.email_saved', 'failure', payment, {
        result: 'error',
        error: error instanceof Error ? error.name : 'unknown',
      });
    }
  }
}
