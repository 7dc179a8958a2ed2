import {
  formatCentsIn,
  formatDateIn,
  type Language,
  type Translation,
} from '@webpay/contracts/language';
import { savedMethodName, type NamedMethod } from '@webpay/contracts/payment-methods';
import type { Transaction } from '../../db/client.ts';
import {
  renderMail,
  type MailBlock,
  type MailOutbox,
  type MailService,
  type OutgoingMail,
} from '../mail/index.ts';

/*
 * Autopay's own e-mails: the notice before a charge, a decline and its
 * retry, the final decline, and a statement above the cap. Each is queued in
 * the transaction that causes it, in the guarantor's preferred language, and
 * names a method by its kind and last four digits only.
 */

/** What a charge is for, as the e-mails name it. */
export type ChargeSubject =
  | { kind: 'instalment'; planNumber: string; instalmentNumber: number; instalmentCount: number }
  | { kind: 'statement'; statementDate: string };

/** The method as an e-mail names it: "Visa card ending in 1111" (savedMethodName). */
export type MaskedMethod = NamedMethod;

export interface AutopayMailBase {
  to: string;
  firstName: string;
  language: Language;
  subject: ChargeSubject;
  amountCents: number;
  method: MaskedMethod;
}

export type AutopayMail =
  | (AutopayMailBase & { type: 'notice'; chargeDate: string; changeableUntil: string })
  | (AutopayMailBase & { type: 'declined'; reason: string; retryDate: string })
  | (AutopayMailBase & { type: 'final_decline'; reason: string; billingOfficePhone: string })
  | (AutopayMailBase & { type: 'over_cap'; capCents: number; dueDate: string });

const WORDS = {
  about: (subject: ChargeSubject) =>
    subject.kind === 'instalment'
      ? `payment ${subject.instalmentNumber} of ${subject.instalmentCount} on payment plan ${subject.planNumber}`
      : `your statement of ${subject.statementDate}`,
  amount: 'Amount',
  date: 'Date',
  method_: 'Payment method',
  noticeSubject: (date: string) => `Autopay: a payment will be charged on ${date}`,
  noticeHeading: 'An automatic payment is coming up',
  noticeIntro: (amount: string, about: string, date: string) =>
    `We will charge ${amount} for ${about} on ${date}, as you authorized.`,
  noticeChange: (until: string) =>
    `To skip this payment or cancel autopay, sign in to the portal and open Payment Methods by ${until}. After that day the payment runs as planned.`,
  declinedSubject: 'Autopay: your payment was declined',
  declinedHeading: 'Your automatic payment was declined',
  declinedIntro: (amount: string, about: string, reason: string) =>
    `We could not charge ${amount} for ${about}. The processor answered: ${reason}.`,
  declinedRetry: (date: string) =>
    `We will try once more on ${date}. To pay another way, sign in to the portal before then.`,
  finalSubject: 'Autopay: your payment could not be made',
  finalHeading: 'Your automatic payment could not be made',
  finalIntro: (amount: string, about: string, reason: string) =>
    `We tried twice and could not charge ${amount} for ${about}. The processor answered: ${reason}.`,
  finalAction: (phone: string) =>
    `This payment is now overdue. Please pay it in the portal, or call the billing office at ${phone}.`,
  overCapSubject: 'Autopay: please pay your statement yourself',
  overCapHeading: 'Your statement is above your autopay limit',
  overCapIntro: (amount: string, about: string, cap: string) =>
    `The amount due on ${about}, ${amount}, is above your autopay limit of ${cap}, so it will not be charged automatically.`,
  overCapAction: (date: string) => `Please pay it in the portal by its due date, ${date}.`,
} as const;

const WORDS_ES: Translation<typeof WORDS> = {
  about: (subject) =>
    subject.kind === 'instalment'
      ? `el pago ${subject.instalmentNumber} de ${subject.instalmentCount} del plan de pagos ${subject.planNumber}`
      : `su estado de cuenta del ${subject.statementDate}`,
  amount: 'Monto',
  date: 'Fecha',
  method_: 'Forma de pago',
  noticeSubject: (date) => `Pago automático: se hará un cobro el ${date}`,
  noticeHeading: 'Se acerca un pago automático',
  noticeIntro: (amount, about, date) =>
    `Cobraremos ${amount} por ${about} el ${date}, como usted lo autorizó.`,
  noticeChange: (until) =>
    `Para omitir este pago o cancelar el pago automático, inicie sesión en el portal y abra Formas de pago a más tardar el ${until}. Después de ese día el pago se hará como está previsto.`,
  declinedSubject: 'Pago automático: su pago fue rechazado',
  declinedHeading: 'Su pago automático fue rechazado',
  declinedIntro: (amount, about, reason) =>
    `No pudimos cobrar ${amount} por ${about}. El procesador respondió: ${reason}.`,
  declinedRetry: (date) =>
    `Lo intentaremos una vez más el ${date}. Para pagar de otra forma, inicie sesión en el portal antes de esa fecha.`,
  finalSubject: 'Pago automático: no se pudo hacer su pago',
  finalHeading: 'No se pudo hacer su pago automático',
  finalIntro: (amount, about, reason) =>
    `Lo intentamos dos veces y no pudimos cobrar ${amount} por ${about}. El procesador respondió: ${reason}.`,
  finalAction: (phone) =>
    `Este pago está vencido. Páguelo en el portal o llame a la oficina de facturación al ${phone}.`,
  overCapSubject: 'Pago automático: pague usted su estado de cuenta',
  overCapHeading: 'Su estado de cuenta supera su límite de pago automático',
  overCapIntro: (amount, about, cap) =>
    `El monto adeudado en ${about}, ${amount}, supera su límite de pago automático de ${cap}, por lo que no se cobrará automáticamente.`,
  overCapAction: (date) =>
    `Páguelo en el portal a más tardar en su fecha de vencimiento, el ${date}.`,
};

export function autopayWords(language: Language): Translation<typeof WORDS> {
  return language === 'es' ? WORDS_ES : WORDS;
}

function content(mail: AutopayMail): { subject: string; heading: string; blocks: MailBlock[] } {
  const words = autopayWords(mail.language);
  const date = (day: string) => formatDateIn(mail.language, day);
  const amount = formatCentsIn(mail.language, mail.amountCents);
  const about = words.about(
    mail.subject.kind === 'statement'
      ? { ...mail.subject, statementDate: date(mail.subject.statementDate) }
      : mail.subject,
  );
  const paragraph = (text: string): MailBlock => ({ kind: 'paragraph', text });
  const facts = (day: string): MailBlock => ({
    kind: 'facts',
    facts: [
      [words.amount, amount],
      [words.date, date(day)],
      [words.method_, savedMethodName(mail.language, mail.method)],
    ],
  });
  switch (mail.type) {
    case 'notice':
      return {
        subject: words.noticeSubject(date(mail.chargeDate)),
        heading: words.noticeHeading,
        blocks: [
          paragraph(words.noticeIntro(amount, about, date(mail.chargeDate))),
          facts(mail.chargeDate),
          paragraph(words.noticeChange(date(mail.changeableUntil))),
        ],
      };
    case 'declined':
      return {
        subject: words.declinedSubject,
        heading: words.declinedHeading,
        blocks: [
          paragraph(words.declinedIntro(amount, about, mail.reason)),
          paragraph(words.declinedRetry(date(mail.retryDate))),
        ],
      };
    case 'final_decline':
      return {
        subject: words.finalSubject,
        heading: words.finalHeading,
        blocks: [
          paragraph(words.finalIntro(amount, about, mail.reason)),
          paragraph(words.finalAction(mail.billingOfficePhone)),
        ],
      };
    case 'over_cap':
      return {
        subject: words.overCapSubject,
        heading: words.overCapHeading,
        blocks: [
          paragraph(words.overCapIntro(amount, about, formatCentsIn(mail.language, mail.capCents))),
          paragraph(words.overCapAction(date(mail.dueDate))),
        ],
      };
  }
}

/** Builds autopay's e-mails and queues them in the caller's transaction. */
export class AutopayMailer {
  constructor(
    private readonly mail: Pick<MailService, 'branding'>,
    private readonly outbox: Pick<MailOutbox, 'queue'>,
  ) {}

  message(mail: AutopayMail): OutgoingMail {
    const rendered = renderMail(mail.language, this.mail.branding, (words) => {
      const composed = content(mail);
      const greeting: MailBlock = { kind: 'paragraph', text: words.greeting(mail.firstName) };
      return { ...composed, blocks: [greeting, ...composed.blocks] };
    });
    return { kind: 'autopay', to: mail.to, ...rendered };
  }

  async queue(tx: Transaction, mail: AutopayMail, about: Record<string, string>): Promise<void> {
    await this.outbox.queue(this.message(mail), { ...about, autopay: mail.type }, tx);
  }
}
