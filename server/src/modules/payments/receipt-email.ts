import { DEFAULT_LANGUAGE, type Language } from '@webpay/contracts/language';
import { toCents } from '@webpay/contracts/money';
import { PAYMENT_TYPE_LABELS, type Receipt } from '@webpay/contracts/payments';
import type { RequestContext } from '../../lib/request-context.ts';
import { MAIL_MESSAGES, type MailService, type PaymentReceiptMail } from '../mail/index.ts';
import type { PaymentActor, PaymentAudit, AuditedPayment } from './payment-audit.ts';
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

export function receiptMailContent(
  receipt: Receipt,
  language: Language = DEFAULT_LANGUAGE,
): PaymentReceiptMail {
  return {
    firstName: receipt.billingInformation.firstName,
    receiptId: receipt.receiptId,
    paidAt: receipt.date,
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
    const language = context.language ?? DEFAULT_LANGUAGE;
    const message = this.mail.paymentReceipt(to, receiptMailContent(receipt, language), language);
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
