import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/*
 * Secrets the service must read back (a queued e-mail, a staff member's TOTP
 * key) are kept sealed with AES-256-GCM under a key derived from a server
 * secret (deriveKey), so a copy of the database alone reveals nothing and a
 * changed byte is refused rather than read.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** base64 of iv, tag and ciphertext. `keyHex` is 32 bytes in hex (deriveKey's output). */
export function sealText(keyHex: string, text: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), iv);
  const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
}

/** The text {@link sealText} sealed; throws when the key is another or the data was changed. */
export function unsealText(keyHex: string, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(keyHex, 'hex'),
    bytes.subarray(0, IV_BYTES),
  );
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([
    decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
    decipher.final(),
  ]).toString('utf8');
}
