import { eq } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, type Language } from '@webpay/contracts/language';
import type { Transaction } from '../../db/client.ts';
import { guarantors, payments, receipts } from '../../db/schema.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { MailOutbox, MailService, PaymentReversalMail } from '../mail/index.ts';
import type { ReversalRow } from './reversals.repository.ts';

/** What a queued reversal e-mail carries besides the message: the mail rows name their payment. */
export interface ReversalAbout extends Record<string, string> {
  paymentId: string;
  reversalId: string;
  guarantorId: string;
  to: string;
}

function howOf(
  reversal: Pick<ReversalRow, 'kind'>,
  cardLast4: string | null,
): PaymentReversalMail['how'] {
  if (reversal.kind === 'void') return { kind: 'void' };
  if (reversal.kind === 'check') return { kind: 'check' };
  return { kind: 'card', last4: cardLast4 };
}

/**
 * Tells the guarantor that money went back, through the outbox and in the
 * transaction that completes the reversal: a crash delays the e-mail, never
 * loses it. To the address on file (else the receipt's), in the
 * guarantor's preferred language.
 */
export class ReversalMailer {
  constructor(
    private readonly mail: Pick<MailService, 'paymentReversal'>,
    private readonly outbox: Pick<MailOutbox, 'queue'>,
    private readonly calendar: FacilityCalendar,
  ) {}

  async queue(tx: Transaction, reversal: ReversalRow): Promise<void> {
    const [row] = await tx
      .select({
        email: guarantors.email,
        firstName: guarantors.firstName,
        language: guarantors.preferredLanguage,
        receiptEmail: payments.receiptEmail,
        cardLast4: payments.cardLast4,
        receiptId: receipts.receiptId,
      })
      .from(payments)
      .innerJoin(guarantors, eq(guarantors.id, payments.guarantorId))
      .leftJoin(receipts, eq(receipts.paymentId, payments.id))
      .where(eq(payments.id, reversal.paymentId));
    const to = row?.email ?? row?.receiptEmail;
    if (!row || !to) return;
    const language = (row.language as Language | null) ?? DEFAULT_LANGUAGE;
    const message = this.mail.paymentReversal(
      to,
      {
        firstName: row.firstName,
        receiptId: row.receiptId ?? '',
        date: this.calendar.dayOf(reversal.completedAt ?? new Date()),
        amountCents: reversal.amountCents,
        how: howOf(reversal, row.cardLast4),
      },
      language,
    );
    const about: ReversalAbout = {
      paymentId: reversal.paymentId,
      reversalId: reversal.id,
      guarantorId: reversal.guarantorId,
      to,
    };
    await this.outbox.queue(message, about, tx);
  }
}
