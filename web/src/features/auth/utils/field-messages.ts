import { defineCatalogue } from '@webpay/contracts/catalogue';
import { AUTH_FIELD_MESSAGES, AUTH_FIELD_MESSAGES_ES } from '@webpay/contracts/auth';
import { PLAIN_TEXT_MESSAGES, PLAIN_TEXT_MESSAGES_ES } from '@webpay/contracts/plain-text';
import { SIGN_IN_FIELD_MESSAGES, SIGN_IN_FIELD_MESSAGES_ES } from '@webpay/contracts/sign-in';

/** The shared schemas' messages for the sign-in and sign-up fields, for `useValidationText`. */
export const SIGN_IN_FORM_MESSAGES = [
  defineCatalogue(AUTH_FIELD_MESSAGES, AUTH_FIELD_MESSAGES_ES),
  defineCatalogue(SIGN_IN_FIELD_MESSAGES, SIGN_IN_FIELD_MESSAGES_ES),
  defineCatalogue(PLAIN_TEXT_MESSAGES, PLAIN_TEXT_MESSAGES_ES),
] as const;
