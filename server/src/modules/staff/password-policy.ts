import {
  OFFICE_FIELD_MESSAGES,
  STAFF_PASSWORD_MAX_LENGTH,
  STAFF_PASSWORD_MIN_LENGTH,
} from '@webpay/contracts/office';
import { COMMON_PASSWORDS_TEXT } from './common-passwords.ts';

/*
 * NIST SP 800-63B §5.1.1.2: length is what counts (12 to 256 characters,
 * spaces and any Unicode allowed), there are no composition rules, and a
 * password is refused when it is a known common or breached one, or built
 * from the service's name or the person's own name or e-mail address.
 */

const COMMON = new Set(
  COMMON_PASSWORDS_TEXT.split('\n')
    .map((line) => line.trim())
    .filter(Boolean),
);

/** Ordered runs people type: a password inside one of them (or reversed) is a pattern, not a secret. */
const RUNS = [
  'abcdefghijklmnopqrstuvwxyz',
  '01234567890',
  'qwertyuiop',
  'asdfghjkl',
  'zxcvbnm',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
  'qazwsxedcrfvtgbyhnujmikolp',
];

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};

/** Context words shorter than this are too common inside other words to refuse. */
const MIN_CONTEXT_WORD = 4;
/** A password with fewer different characters is a repetition ("aaaa…", "abcabc…"). */
const MIN_DISTINCT_CHARACTERS = 5;

export type PasswordProblem = 'tooShort' | 'tooLong' | 'common' | 'personal';

export const PASSWORD_PROBLEM_MESSAGES: Record<PasswordProblem, string> = {
  tooShort: OFFICE_FIELD_MESSAGES.passwordTooShort,
  tooLong: OFFICE_FIELD_MESSAGES.passwordTooLong,
  common: OFFICE_FIELD_MESSAGES.passwordCommon,
  personal: OFFICE_FIELD_MESSAGES.passwordPersonal,
};

/** Lower case, letters and digits only. */
const compact = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');

const unleet = (text: string) =>
  [...text].map((character) => LEET[character] ?? character).join('');

/** The word a password is built on: decorations of digits and symbols at either end taken off. */
const coreOf = (lower: string) => lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

function isRun(lower: string): boolean {
  const letters = lower.replace(/[^\p{L}\p{N}]+/gu, '');
  if (letters.length < 4) return false;
  const reversed = [...letters].reverse().join('');
  return RUNS.some((run) => run.includes(letters) || run.includes(reversed));
}

function isCommon(password: string): boolean {
  const lower = password.normalize('NFKC').toLowerCase();
  if (new Set(lower).size < MIN_DISTINCT_CHARACTERS || isRun(lower)) return true;
  const candidates = new Set([lower, compact(lower), coreOf(lower), unleet(lower)]);
  candidates.add(coreOf(unleet(lower)));
  candidates.add(compact(coreOf(unleet(lower))));
  for (const candidate of candidates) {
    if (candidate.length === 0 || COMMON.has(candidate)) return true;
  }
  return false;
}

/** The words a password must not be built from: the service's and the person's. */
export function contextWords(context: PasswordContext): string[] {
  const words = new Set<string>();
  const add = (text: string) => {
    const whole = compact(text);
    if (whole.length >= MIN_CONTEXT_WORD) words.add(whole);
    for (const piece of text.split(/[^\p{L}\p{N}]+/u)) {
      const word = compact(piece);
      if (word.length >= MIN_CONTEXT_WORD) words.add(word);
    }
  };
  for (const name of context.serviceNames) add(name);
  add(context.name);
  add(context.email.split('@')[0] ?? '');
  return [...words];
}

export interface PasswordContext {
  /** The portal's and the hospital's names (WEBPAY_PORTAL_NAME, WEBPAY_PROVIDER_NAME). */
  serviceNames: readonly string[];
  /** The staff member's name and e-mail address. */
  name: string;
  email: string;
}

/** What is wrong with a new password, or undefined when it may be used. */
export function passwordProblem(
  password: string,
  context: PasswordContext,
): PasswordProblem | undefined {
  // Characters as people count them: an emoji or an accented letter is one.
  const length = [...password.normalize('NFKC')].length;
  if (length < STAFF_PASSWORD_MIN_LENGTH) return 'tooShort';
  if (length > STAFF_PASSWORD_MAX_LENGTH) return 'tooLong';
  if (isCommon(password)) return 'common';
  const plain = compact(password);
  const readable = unleet(password.normalize('NFKC').toLowerCase()).replace(/[^\p{L}\p{N}]+/gu, '');
  if (contextWords(context).some((word) => plain.includes(word) || readable.includes(word))) {
    return 'personal';
  }
  return undefined;
}
