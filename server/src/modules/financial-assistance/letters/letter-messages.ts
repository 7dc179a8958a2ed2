import { defineCatalogue } from '@webpay/contracts/catalogue';
import type { Translation } from '@webpay/contracts/language';
import { LETTER_MESSAGES_EN } from './letter-messages.en.ts';
import { LETTER_MESSAGES_ES } from './letter-messages.es.ts';

/** What every language's letters must say: LETTER_MESSAGES_EN's keys. */
export type LetterMessages = Translation<typeof LETTER_MESSAGES_EN>;

/** The words of the financial assistance letters in every language the portal speaks. */
export const LETTER_MESSAGES = defineCatalogue(LETTER_MESSAGES_EN, LETTER_MESSAGES_ES);
