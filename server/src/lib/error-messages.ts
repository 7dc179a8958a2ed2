import type { Language, Translation } from '@webpay/contracts/language';
import { ERROR_MESSAGES_EN } from './error-messages.en.ts';
import { ERROR_MESSAGES_ES } from './error-messages.es.ts';

/** What every language's catalogue of error words must hold: ERROR_MESSAGES_EN's keys. */
export type ErrorMessages = Translation<typeof ERROR_MESSAGES_EN>;

export const ERROR_MESSAGES: Readonly<Record<Language, ErrorMessages>> = {
  en: ERROR_MESSAGES_EN,
  es: ERROR_MESSAGES_ES,
};
