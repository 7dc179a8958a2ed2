import type { ECheck } from './billing.ts';
import { dayIn } from './dates.ts';
import { formatCentsIn, formatDateIn, type Language, type Translation } from './language.ts';

/*
 * The authorization a guarantor accepts before an eCheck debits their bank
 * account. NACHA's rules for debits authorized on the web ask for wording
 * that is readily identifiable as an authorization and states its terms:
 * a one-time debit, of what amount, on what date, from which account, to
 * whom, and how to reach them. The portal shows this text and sends the
 * one it showed; the service words it again from its own data and keeps it
 * with the payment only when the two are the same.
 */

/** Everything the authorization states. */
export interface ECheckAuthorizationTerms {
  /** Who debits the account: the provider's name. */
  payee: string;
  amountCents: number;
  /** The hospital's calendar day of the debit, `YYYY-MM-DD`. */
  date: string;
  accountType: ECheck['accountType'];
  /** The account number's last four digits; absent while the number is still being typed. */
  last4?: string;
  billingOfficePhone: string;
  billingOfficeEmail: string;
}

/**
 * Where the terms other than the debit come from. The portal reads them from
 * the app configuration and the signed-in user, the service from its
 * settings and the guarantor's record: the same values, so the same words.
 */
export interface AuthorizationSources {
  payee: string;
  billingOfficeEmail: string;
  /** The guarantor's own support phone, which their Contact page calls the billing office's. */
  supportPhone: string | null | undefined;
  fallbackSupportPhone: string;
  /** The hospital's IANA time zone: the debit is dated with its calendar day. */
  timeZone: string;
}

export interface AuthorizedDebit {
  amountCents: number;
  accountType: ECheck['accountType'];
  /** As typed; its last four digits are stated once it is a whole account number. */
  accountNumber: string;
}

/** The terms of a debit made now. */
export function authorizationTerms(
  sources: AuthorizationSources,
  debit: AuthorizedDebit,
  now: Date = new Date(),
): ECheckAuthorizationTerms {
  const phone = sources.supportPhone?.trim() ? sources.supportPhone : sources.fallbackSupportPhone;
  return {
    payee: sources.payee,
    amountCents: debit.amountCents,
    date: dayIn(sources.timeZone, now),
    accountType: debit.accountType,
    ...(/^\d{4,20}$/.test(debit.accountNumber) ? { last4: debit.accountNumber.slice(-4) } : {}),
    billingOfficePhone: phone,
    billingOfficeEmail: sources.billingOfficeEmail,
  };
}

/** The accepted authorization as it is kept with a payment and shown on its receipt. */
export interface AcceptedAuthorization {
  text: string;
  /** The language it was shown and accepted in, which the receipt may not be read in. */
  language: Language;
}

const WORDING = {
  account: { CHECKING: 'checking account', SAVINGS: 'savings account' },
  ending: (last4: string) => ` ending in ${last4}`,
  text: (payee: string, amount: string, account: string, date: string, contact: string) =>
    `I authorize ${payee} to make a one-time electronic debit (ACH) of ${amount} from my ${account} on ${date}. This authorization covers this payment only. For questions about it, I can contact the billing office at ${contact}.`,
  contact: (phone: string, email: string) => `${phone} or ${email}`,
} as const;

const WORDING_ES: Translation<typeof WORDING> = {
  account: { CHECKING: 'cuenta de cheques', SAVINGS: 'cuenta de ahorros' },
  ending: (last4) => ` terminada en ${last4}`,
  text: (payee, amount, account, date, contact) =>
    `Autorizo a ${payee} a realizar un único débito electrónico (ACH) de ${amount} de mi ${account} el ${date}. Esta autorización es solo para este pago. Para preguntas sobre el pago, puedo comunicarme con la oficina de facturación al ${contact}.`,
  contact: (phone, email) => `${phone} o a ${email}`,
};

export const ECHECK_AUTHORIZATION_WORDING = { en: WORDING, es: WORDING_ES } as const;

/** The authorization in a language, its amount and date written as that language writes them. */
export function eCheckAuthorizationText(
  language: Language,
  terms: ECheckAuthorizationTerms,
): string {
  const words = ECHECK_AUTHORIZATION_WORDING[language];
  const ending = terms.last4 ? words.ending(terms.last4) : '';
  return words.text(
    terms.payee,
    formatCentsIn(language, terms.amountCents),
    `${words.account[terms.accountType]}${ending}`,
    formatDateIn(language, terms.date),
    words.contact(terms.billingOfficePhone, terms.billingOfficeEmail),
  );
}

/** The schema's messages (SPEC §5 style), English beside Spanish. */
export const ECHECK_AUTHORIZATION_MESSAGES = {
  required: 'Please accept the authorization to pay by eCheck',
  textRequired: 'The text of the accepted authorization is required',
} as const;

export const ECHECK_AUTHORIZATION_MESSAGES_ES: Translation<typeof ECHECK_AUTHORIZATION_MESSAGES> = {
  required: 'Acepte la autorización para pagar con cheque electrónico',
  textRequired: 'Se requiere el texto de la autorización aceptada',
};
