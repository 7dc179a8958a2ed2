import { toCents } from '@webpay/contracts/money';
import { PAYMENT_TYPE_LABELS, type Receipt } from '@webpay/contracts/payments';
import type { RequestContext } from '../../lib/request-context.ts';
import type { MailService } from '../mail/mail.service.ts';
import type { PaymentReceiptMail } from '../mail/mail.templates.ts';
import type { PaymentActor, PaymentAudit, AuditedPayment } from './payment-audit.ts';
import type { PaymentsRepository } from './payments.repository.ts';

const CARD_BRANDS: Record<string, string> = {
  VISA: 'Visa',
  MC: 'Mastercard',
  DISC: 'Discover',
  AMEX: 'American Express',
};

/** "Visa ending in 9990", "Checking account ending in 6789": never more than four digits. */
export function paidWith(receipt: Pick<Receipt, 'card' | 'eCheck'>): string {
  if (receipt.card) {
    const brand = CARD_BRANDS[receipt.card.brand.toUpperCase()] ?? receipt.card.brand;
    return `${brand} ending in ${receipt.card.last4}`;
  }
  if (receipt.eCheck) {
    const type = receipt.eCheck.accountType === 'SAVINGS' ? 'Savings' : 'Checking';
    return `${type} account ending in ${receipt.eCheck.accountNumber.replace(/\D/g, '').slice(-4)}`;
  }
  return 'Payment';
}

/**
 * What a receipt line is called in the e-mail. The payer's address may not be
 * the guarantor's, so accounts are named by number and patients not at all.
 */
export function receiptLineLabel(line: Receipt['accounts'][number]): string {
  switch (line.paymentType) {
    case PAYMENT_TYPE_LABELS.encounter:
      return `Account ${line.accountId}`;
    case PAYMENT_TYPE_LABELS.external:
      return `Account ${line.facilityId}-${line.accountId}`;
    case PAYMENT_TYPE_LABELS.payment_plan:
      return `Payment plan ${(line.description ?? line.accountId).split(' | ')[0]}`;
    case PAYMENT_TYPE_LABELS.total:
      return 'Payment on your account';
  }
}

export function receiptMailContent(receipt: Receipt): PaymentReceiptMail {
  return {
    firstName: receipt.billingInformation.firstName,
    receiptId: receipt.receiptId,
    paidAt: receipt.date,
    amountCents: toCents(receipt.amount),
    paidWith: paidWith(receipt),
    lines: receipt.accounts.map((line) => ({
      label: receiptLineLabel(line),
      amountCents: toCents(line.amount),
    })),
    postingNote:
      'Your payment posts to your accounts within 1-2 business days. Until then it shows as a pending payment when you sign in.',
  };
}

/**
 * Sends the receipt after the payment is recorded, without holding up the
 * answer. A failure is logged (by the transport) and audited; the payment
 * stands, and the receipt stays on screen and in the portal.
 */
export class ReceiptMailer {
  constructor(
    private readonly mail: MailService,
    private readonly repository: PaymentsRepository,
    private readonly audit: PaymentAudit,
  ) {}

  send(
    receipt: Receipt,
    payment: AuditedPayment,
    actor: PaymentActor,
    context: RequestContext,
  ): void {
    const to = receipt.emailedTo;
    if (!to) return;
    const message = this.mail.paymentReceipt(to, receiptMailContent(receipt));
    const details = { receiptId: receipt.receiptId };
    this.mail.deliverInBackground(
      message,
      () =>
        this.audit.recordQuietly(context, actor, 'payment.receipt_emailed', 'failure', payment, {
          ...details,
          reason: 'email_not_sent',
        }),
      async () => {
        await this.repository.markEmailed(payment.id, to, new Date());
        await this.audit.recordQuietly(
          context,
          actor,
          'payment.receipt_emailed',
          'success',
          payment,
          details,
        );
      },
    );
  }
}
