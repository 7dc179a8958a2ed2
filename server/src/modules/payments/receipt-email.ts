import { DEFAULT_LANGUAGE, type Language } from '@webpay/contracts/language';
import { dayIn } from '@webpay/contracts/dates';
import { toCents } from '@webpay/contracts/money';
import { PAYMENT_TYPE_LABELS, type Receipt } from '@webpay/contracts/payments';
import type { RequestContext } from '../../lib/request-context.ts';
import type { Transaction } from '../../db/client.ts';
import {
  MAIL_MESSAGES,
  type MailOutbox,
  type MailService,
  type PaymentReceiptMail,
  type QueuedMail,
} from '../mail/index.ts';
import type { PaymentActor, PaymentAudit } from './payment-audit.ts';
import type { PaymentsRepository } from './payments.repository.ts';

const CARD_BRANDS: Record<string, string> = {
  VISA: 'Visa',
  MC: 'Mastercard',
  DISC: 'Discover',
  AMEX: 'American Express',
};

/**
 * "Visa ending in 9990", "Checking account ending in 6789" (or their Spanish
 * wording): never more than four digits.
 */
export function paidWith(
  receipt: Pick<Receipt, 'card' | 'eCheck'>,
  language: Language = DEFAULT_LANGUAGE,
): string {
  const words = MAIL_MESSAGES[language].receipt;
  if (receipt.card) {
    const brand = CARD_BRANDS[receipt.card.brand.toUpperCase()] ?? receipt.card.brand;
    return words.cardEnding(brand, receipt.card.last4);
  }
  if (receipt.eCheck) {
    const last4 = receipt.eCheck.accountNumber.replace(/\D/g, '').slice(-4);
    return receipt.eCheck.accountType === 'SAVINGS'
      ? words.savingsEnding(last4)
      : words.checkingEnding(last4);
  }
  return words.paymentMethodUnknown;
}

/**
 * What a receipt line is called in the e-mail. The payer's address may not be
 * the guarantor's, so accounts are named by number and patients not at all.
 */
export function receiptLineLabel(
  line: Receipt['accounts'][number],
  language: Language = DEFAULT_LANGUAGE,
): string {
  const words = MAIL_MESSAGES[language].receipt;
  switch (line.paymentType) {
    case PAYMENT_TYPE_LABELS.encounter:
      return words.account(line.accountId);
    case PAYMENT_TYPE_LABELS.external:
      return words.account(`${line.facilityId}-${line.accountId}`);
    case PAYMENT_TYPE_LABELS.payment_plan:
      return words.paymentPlan((line.description ?? line.accountId).split(' | ')[0] ?? '');
    case PAYMENT_TYPE_LABELS.total:
      return words.onAccount;
  }
}

/**
 * The e-mail's words for a receipt. Its date is the facility's day
 * (`timeZone`), the day the portal and the service count the payment on,
 * whatever the zone of the machine that sends it.
 */
export function receiptMailContent(
  receipt: Receipt,
  language: Language = DEFAULT_LANGUAGE,
  timeZone?: string,
): PaymentReceiptMail {
  return {
    firstName: receipt.billingInformation.firstName,
    receiptId: receipt.receiptId,
    paidAt: timeZone ? dayIn(timeZone, new Date(receipt.date)) : receipt.date,
    amountCents: toCents(receipt.amount),
    paidWith: paidWith(receipt, language),
    lines: receipt.accounts.map((line) => ({
      label: receiptLineLabel(line, language),
      amountCents: toCents(line.amount),
    })),
    postingNote: MAIL_MESSAGES[language].receipt.postingNote,
    ...(receipt.eCheck?.authorization ? { authorization: receipt.eCheck.authorization } : {}),
  };
}

/**
 * Queues the receipt e-mail in the transaction that records the payment
 * (mail-outbox.ts): a crash or a mail server outage delays it, never loses
 * it. Once sent, the receipt is marked e-mailed; both outcomes are audited.
 * The payment stands either way, and its receipt is on screen and in the portal.
 */
export class ReceiptMailer {
  constructor(
    private readonly mail: MailService,
    private readonly outbox: MailOutbox,
    private readonly repository: PaymentsRepository,
    private readonly audit: PaymentAudit,
    /** WEBPAY_TIME_ZONE: the receipt is dated on the facility's day. */
    private readonly timeZone: string,
  ) {
    outbox.follow('payment_receipt', {
      sent: (queued) => this.emailed(queued, 'success'),
      failed: (queued) => this.emailed(queued, 'failure'),
    });
  }

  /** In the recording's transaction; nothing when the payer asked for no e-mail. */
  async queue(
    tx: Transaction,
    receipt: Receipt,
    actor: PaymentActor,
    context: RequestContext,
  ): Promise<void> {
    const to = receipt.emailedTo;
    if (!to) return;
    const language = context.language ?? DEFAULT_LANGUAGE;
    const message = this.mail.paymentReceipt(
      to,
      receiptMailContent(receipt, language, this.timeZone),
      language,
    );
    const about: ReceiptAbout = {
      paymentId: receipt.id,
      receiptId: receipt.receiptId,
      to,
      requestId: context.requestId,
      correlationId: context.correlationId,
      ...(actor.type === 'guarantor' ? { guarantorId: actor.guarantorId } : {}),
    };
    await this.outbox.queue(message, about, tx);
  }

  private async emailed(queued: QueuedMail, outcome: 'success' | 'failure'): Promise<void> {
    const about = queued.about as Partial<ReceiptAbout>;
    const payment = about.paymentId ? await this.repository.findById(about.paymentId) : undefined;
    if (!payment || !about.to) return;
    if (outcome === 'success') await this.repository.markEmailed(payment.id, about.to, new Date());
    const context: RequestContext = {
      requestId: about.requestId ?? '',
      correlationId: about.correlationId ?? about.requestId ?? '',
      ipAddress: '',
    };
    const actor: PaymentActor = about.guarantorId
      ? { type: 'guarantor', guarantorId: about.guarantorId }
      : { type: 'system' };
    await this.audit.recordQuietly(context, actor, 'payment.receipt_emailed', outcome, payment, {
      receiptId: about.receiptId,
      ...(outcome === 'failure' ? { reason: 'email_not_sent' } : {}),
    });
  }
}

/** What a queued receipt e-mail carries besides the message, to follow it up. */
type ReceiptAbout = {
  paymentId: string;
  receiptId: string;
  to: string;
  requestId: string;
  correlationId: string;
  guarantorId?: string;
};
