import { formatDateIn, type Language } from '@webpay/contracts/language';
import type { Transaction } from '../../db/client.ts';
import {
  renderMail,
  type MailBranding,
  type MailOutbox,
  type OutgoingMail,
} from '../mail/index.ts';
import { moneyIn, planWords } from './plan-messages.ts';

/** What the copy of a plan's authorization says. */
export interface PlanAuthorizationMail {
  firstName: string;
  planNumber: string;
  totalCents: number;
  monthlyCents: number;
  numberOfPayments: number;
  firstDueDate: string;
  autopay: boolean;
  /** Word for word as accepted, in the language it was shown in. */
  authorization: { text: string; language: Language };
}

/** The e-mail: the plan's facts, then the authorization quoted as it was accepted. */
export function planAuthorizationMail(
  branding: MailBranding,
  to: string,
  content: PlanAuthorizationMail,
  language: Language,
): OutgoingMail {
  const words = planWords(language).mail;
  const money = (cents: number) => moneyIn(language, cents);
  const rendered = renderMail(language, branding, (mailWords) => ({
    subject: words.subject(branding.providerName, content.planNumber),
    heading: words.heading,
    blocks: [
      { kind: 'paragraph', text: mailWords.greeting(content.firstName.trim() || undefined) },
      { kind: 'paragraph', text: words.intro(content.planNumber) },
      {
        kind: 'facts',
        facts: [
          [words.planNumber, content.planNumber],
          [words.total, money(content.totalCents)],
          [words.monthly, money(content.monthlyCents)],
          [words.payments, String(content.numberOfPayments)],
          [words.firstDue, formatDateIn(language, content.firstDueDate)],
          [words.autopay, content.autopay ? words.autopayOn : words.autopayOff],
        ],
      },
      { kind: 'paragraph', text: words.authorizationIntro },
      {
        kind: 'quote',
        text: content.authorization.text,
        language: content.authorization.language,
      },
      { kind: 'note', text: words.note },
    ],
  }));
  return { kind: 'plan_authorization', to, ...rendered };
}

/** What a queued copy carries besides the message. */
export interface PlanMailAbout extends Record<string, string> {
  planId: string;
  planNumber: string;
  guarantorId: string;
  to: string;
}

/**
 * Queues the copy in the transaction that makes the plan (mail-outbox.ts):
 * a crash or a mail outage delays it, never loses it.
 */
export class PlanAuthorizationMailer {
  constructor(
    private readonly branding: MailBranding,
    private readonly outbox: Pick<MailOutbox, 'queue'>,
  ) {}

  async queue(
    tx: Transaction,
    to: string,
    content: PlanAuthorizationMail,
    about: Omit<PlanMailAbout, 'to'>,
    language: Language,
  ): Promise<void> {
    const message = planAuthorizationMail(this.branding, to, content, language);
    await this.outbox.queue(message, { ...about, to }, tx);
  }
}
