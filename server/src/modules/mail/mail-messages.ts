import type { Language, Translation } from '@webpay/contracts/language';
import { MAIL_MESSAGES_EN } from './mail-messages.en.ts';
import { MAIL_MESSAGES_ES } from './mail-messages.es.ts';

/** What every language's e-mail catalogue must hold: MAIL_MESSAGES_EN's keys. */
export type MailMessages = Translation<typeof MAIL_MESSAGES_EN>;

export const MAIL_MESSAGES: Readonly<Record<Language, MailMessages>> = {
  en: MAIL_MESSAGES_EN,
  es: MAIL_MESSAGES_ES,
};
