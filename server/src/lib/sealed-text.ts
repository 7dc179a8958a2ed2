import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/*
 * Secrets the service must read back (a queued e-mail, a staff member's TOTP
 * key, an uploaded document) are kept sealed with AES-256-GCM under a key
 * derived from a server secret (deriveKey), so a copy of the database alone
 * reveals nothing and a changed byte is refused rather than read.
 */

const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * iv, tag and ciphertext in one buffer. `keyHex` is 32 bytes in hex
 * (deriveKey's output); `associated`, when given, is bound to the result
 * without being stored in it, and must be given again to open it.
 */
export function sealBytes(keyHex: string, plain: Buffer, associated?: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(keyHex, 'hex'), iv, {
    authTagLength: TAG_BYTES,
  });
  if (associated) cipher.setAAD(associated);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

/** The bytes {@link sealBytes} sealed; throws when the key or `associated` is another or the data was changed. */
export function openBytes(keyHex: string, sealed: Buffer, associated?: Buffer): Buffer {
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(keyHex, 'hex'),
    sealed.subarray(0, IV_BYTES),
    // A fixed tag length: a shortened tag would be easier to forge.
    { authTagLength: TAG_BYTES },
  );
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  if (associated) decipher.setAAD(associated);
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** base64 of iv, tag and ciphertext. `keyHex` is 32 bytes in hex (deriveKey's output). */
export function sealText(keyHex: string, text: string): string {
  return sealBytes(keyHex, Buffer.from(text, 'utf8')).toString('base64');
}

/** The text {@link sealText} sealed; throws when the key is another or the data was changed. */
export function unsealText(keyHex: string, sealed: string): string {
  return openBytes(keyHex, Buffer.from(sealed, 'base64')).toString('utf8');
}
