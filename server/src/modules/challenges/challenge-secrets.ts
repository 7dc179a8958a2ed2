import { deriveKey, hashToken, keyedUuid, randomDigits, randomToken } from '../../lib/secrets.ts';

/** Digits of an e-mailed code: 10^6 values, 20 bits (ASVS 2.7.6). */
export const CODE_DIGITS = 6;

export function newCode(): string {
  return randomDigits(CODE_DIGITS);
}

/**
 * A code is stored only as a hash that covers its verification id: the same
 * six digits are a different secret in every verification, and one
 * verification's code can never open another.
 */
export function codeHash(verificationId: string, code: string): string {
  return hashToken(`code:${verificationId}:${code}`);
}

/** A magic link's token: 32 random bytes, stored as its SHA-256. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomToken(32);
  return { token, hash: hashToken(token) };
}

/** The secret of a decoy: a hash of something nobody was ever told. */
export function decoySecretHash(): string {
  return hashToken(`decoy:${randomToken(32)}`);
}

/**
 * The `guarantorId` a verification answer carries. It is an opaque
 * reference rather than the guarantor's row id: the same for every
 * verification of a guarantor, shaped like a random UUID, and computed the
 * same way for an e-mail and birthdate that match no one, so that neither
 * its shape nor its repetition tells whether they matched.
 */
export class GuarantorRefs {
  private readonly key: string;

  constructor(secret: string) {
    this.key = deriveKey(secret, 'guarantor-ref');
  }

  of(guarantorId: string): string {
    return keyedUuid(this.key, `guarantor:${guarantorId}`);
  }

  unmatched(email: string, birthdate: string): string {
    return keyedUuid(this.key, `unmatched:${email.trim().toLowerCase()}:${birthdate}`);
  }
}
