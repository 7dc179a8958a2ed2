import { defineCatalogue } from '@webpay/contracts/catalogue';
import type { Translation } from '@webpay/contracts/language';
import { MAIL_MESSAGES_EN } from './mail-messages.en.ts';
import { MAIL_MESSAGES_ES } from './mail-messages.es.ts';

/** What every language's half of the catalogue must hold: MAIL_MESSAGES_EN's keys. */
export type MailMessages = Translation<typeof MAIL_MESSAGES_EN>;

/** The words of the service's e-mails in every language it writes in. */
export const MAIL_MESSAGES = defineCatalogue(MAIL_MESSAGES_EN, MAIL_MESSAGES_ES);
