import { AUTH_FIELD_MESSAGES, AUTH_FIELD_MESSAGES_ES } from './auth.ts';
import {
  BILLING_MESSAGES,
  BILLING_MESSAGES_ES,
  ECHECK_MESSAGES,
  ECHECK_MESSAGES_ES,
} from './billing.ts';
import {
  ECHECK_AUTHORIZATION_MESSAGES,
  ECHECK_AUTHORIZATION_MESSAGES_ES,
} from './echeck-authorization.ts';
import { FACILITY_ID_MESSAGE, FACILITY_ID_MESSAGE_ES } from './facilities.ts';
import { defineCatalogue } from './catalogue.ts';
import type { Language } from './language.ts';
import { messageLookup, type SchemaMessages } from './message-lookup.ts';
import { AMOUNT_MESSAGES, AMOUNT_MESSAGES_ES } from './money.ts';
import {
  PAYMENT_HISTORY_QUERY_MESSAGES,
  PAYMENT_HISTORY_QUERY_MESSAGES_ES,
} from './payment-history.ts';
import { PAYMENT_LINE_MESSAGES, PAYMENT_LINE_MESSAGES_ES } from './payments.ts';
import { PLAIN_TEXT_MESSAGES, PLAIN_TEXT_MESSAGES_ES } from './plain-text.ts';
import { SIGN_IN_FIELD_MESSAGES, SIGN_IN_FIELD_MESSAGES_ES } from './sign-in.ts';

/**
 * Every message the shared schemas give, English beside Spanish. The
 * schemas keep English words (SPEC's), so both the portal's forms and the
 * service's 400 answers translate an issue's message through this list.
 */
export const VALIDATION_CATALOGUES = [
  defineCatalogue(AUTH_FIELD_MESSAGES, AUTH_FIELD_MESSAGES_ES),
  defineCatalogue(SIGN_IN_FIELD_MESSAGES, SIGN_IN_FIELD_MESSAGES_ES),
  defineCatalogue(BILLING_MESSAGES, BILLING_MESSAGES_ES),
  defineCatalogue(ECHECK_MESSAGES, ECHECK_MESSAGES_ES),
  defineCatalogue(ECHECK_AUTHORIZATION_MESSAGES, ECHECK_AUTHORIZATION_MESSAGES_ES),
  defineCatalogue(AMOUNT_MESSAGES, AMOUNT_MESSAGES_ES),
  defineCatalogue(PAYMENT_LINE_MESSAGES, PAYMENT_LINE_MESSAGES_ES),
  defineCatalogue(PAYMENT_HISTORY_QUERY_MESSAGES, PAYMENT_HISTORY_QUERY_MESSAGES_ES),
  defineCatalogue(PLAIN_TEXT_MESSAGES, PLAIN_TEXT_MESSAGES_ES),
  defineCatalogue({ facilityId: FACILITY_ID_MESSAGE }, { facilityId: FACILITY_ID_MESSAGE_ES }),
] as const satisfies readonly SchemaMessages[];

const lookUp = messageLookup(VALIDATION_CATALOGUES);

/** A shared schema's message in the reader's language; undefined when it is not one of ours. */
export function translateValidationMessage(
  message: string,
  language: Language,
): string | undefined {
  return lookUp(message, language);
}
