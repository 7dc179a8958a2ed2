import { randomInt } from 'node:crypto';
import { RECOVERY_CODE_COUNT } from '@webpay/contracts/office';
import { keyedFingerprint } from '../../lib/secrets.ts';

/*
 * Recovery codes replace the TOTP code when the phone is lost: ten made at
 * enrolment, each `xxxxx-xxxxx` of lower-case letters and digits without
 * look-alikes (about 49 bits), each good once. Only a keyed hash is kept, so
 * the database alone cannot be searched for them.
 */

const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const HALF_LENGTH = 5;

function randomHalf(): string {
  let half = '';
  for (let i = 0; i < HALF_LENGTH; i += 1) half += ALPHABET[randomInt(ALPHABET.length)];
  return half;
}

/** RECOVERY_CODE_COUNT new codes, all different, as shown to their owner. */
export function newRecoveryCodes(): string[] {
  const codes = new Set<string>();
  while (codes.size < RECOVERY_CODE_COUNT) codes.add(`${randomHalf()}-${randomHalf()}`);
  return [...codes];
}

/** True when a sign-in code has a recovery code's shape rather than a TOTP code's. */
export function looksLikeRecoveryCode(code: string): boolean {
  return !/^\d{6}$/.test(code.trim());
}

/** The stored form: a keyed hash over the staff member and the code, typed with or without its hyphen, in any case. */
export function recoveryCodeHash(key: string, staffId: string, code: string): string {
  const normalized = code.trim().toLowerCase().replace(/-/g, '');
  return keyedFingerprint(key, `${staffId}:${normalized}`);
}
