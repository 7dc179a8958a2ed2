import { z } from 'zod';
import type { Translation } from './language.ts';

/*
 * What a text field may never hold, whatever else its rules allow. A line
 * break typed into an address or a name ends up in processor requests, mail
 * headers, CSV files and PDFs, where it starts a new line, header or record
 * of the sender's choosing. No field of ours has a use for one.
 */

/** C0 and C1 controls (CR, LF, tab, ESC, DEL…) and Unicode's line and paragraph separators. */
const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029]/u;
const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029]+/gu;

export const PLAIN_TEXT_MESSAGES = {
  controlCharacters: 'Line breaks, tabs and other control characters are not allowed',
} as const;

export const PLAIN_TEXT_MESSAGES_ES: Translation<typeof PLAIN_TEXT_MESSAGES> = {
  controlCharacters: 'No se permiten saltos de línea, tabulaciones ni otros caracteres de control',
};

export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/**
 * Text from elsewhere (a processor's message) made fit for a text field:
 * each run of control characters becomes one space.
 */
export function withoutControlCharacters(value: string): string {
  return value.replace(CONTROL_CHARACTERS, ' ');
}

/**
 * A string field that refuses control characters before any other rule
 * runs, on the value as sent: trimming would otherwise hide a trailing line
 * break. The refusal ends the checks (the field's other messages would only
 * confuse), so an object's own refinements, such as the payment form's
 * e-mail and eCheck checks, wait until the field is put right. `params` are
 * z.string()'s (the message for a missing value). The service's 400 names
 * the field by its path; the portal shows the message at the field.
 */
export function plainText(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !hasControlCharacter(value), {
    message: PLAIN_TEXT_MESSAGES.controlCharacters,
    abort: true,
  });
}

/**
 * An e-mail address as mail is sent to: a bare `local@domain` (zod's e-mail
 * pattern, which every e-mail field of ours is checked against), with no
 * display name, angle brackets, comments, quotes, spaces or second
 * recipient, so no mail library can read more into it than one mailbox.
 */
export function isPlainEmailAddress(value: string): boolean {
  return z.regexes.email.test(value);
}
