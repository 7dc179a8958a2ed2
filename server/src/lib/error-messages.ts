import { defineCatalogue } from '@webpay/contracts/catalogue';
import type { Translation } from '@webpay/contracts/language';
import { ERROR_MESSAGES_EN } from './error-messages.en.ts';
import { ERROR_MESSAGES_ES } from './error-messages.es.ts';

/** What every language's half of the catalogue must hold: ERROR_MESSAGES_EN's keys. */
export type ErrorMessages = Translation<typeof ERROR_MESSAGES_EN>;

/** The words of the service's error objects in every language it answers in. */
export const ERROR_MESSAGES = defineCatalogue(ERROR_MESSAGES_EN, ERROR_MESSAGES_ES);
