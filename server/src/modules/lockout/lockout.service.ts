import { SIGN_IN_LIMITS } from '@webpay/contracts/sign-in';
import { apiErrors } from '../../lib/api-error.ts';
import { deriveKey, keyedFingerprint } from '../../lib/secrets.ts';
import type { LockoutRepository } from './lockout.repository.ts';

/** Consecutive failures that pause sign-in (ASVS 2.2.1 allows at most 100 an hour). */
export const MAX_FAILED_SIGN_INS = SIGN_IN_LIMITS.lockoutFailures;
export const LOCKOUT_MINUTES = SIGN_IN_LIMITS.lockoutMinutes;
/** A failure is forgotten after a day without another. */
export const FAILURE_MEMORY_HOURS = 24;

export interface SignInLockoutOptions {
  /** The server secret the identifier key is derived from (JWT_SECRET). */
  secret: string;
  fallbackSupportPhone: string;
  now?: () => Date;
}

/**
 * Pauses sign-in for an identifier (an account number or an e-mail address)
 * after repeated failures. Identifiers are counted by keyed hash whether or
 * not they belong to anyone, so a lock never tells that an account exists
 * (ASVS 5.0 6.3.8), and the counters live in the database so every instance
 * shares them.
 */
export class SignInLockout {
  private readonly key: string;
  private readonly now: () => Date;

  constructor(
    private readonly repository: LockoutRepository,
    private readonly options: SignInLockoutOptions,
  ) {
    this.key = deriveKey(options.secret, 'sign-in-identifier');
    this.now = options.now ?? (() => new Date());
  }

  /** The counter of an account number (PIN sign-in, sign-up, e-mail multi-factor). */
  accountKey(accountNumber: string): string {
    return keyedFingerprint(this.key, `account:${accountNumber.trim()}`);
  }

  /** The counter of an e-mail address (e-mail + birthdate sign-in), case-insensitive. */
  emailKey(email: string): string {
    return keyedFingerprint(this.key, `email:${email.trim().toLowerCase()}`);
  }

  locked(lockedUntil: Date) {
    return apiErrors.accountLocked(lockedUntil, this.now(), this.options.fallbackSupportPhone);
  }

  /** Throws 423 ACCOUNT_LOCKED while the identifier is paused; else tells whether it has failures. */
  async assertOpen(identifierHash: string): Promise<{ hasFailures: boolean }> {
    const state = await this.repository.find(identifierHash);
    if (state?.lockedUntil) throw this.locked(state.lockedUntil);
    return { hasFailures: state !== undefined };
  }

  /** Counts a failure; returns when the lock lifts if the identifier is now paused. */
  recordFailure(identifierHash: string): Promise<Date | null> {
    return this.repository.recordFailure(identifierHash, {
      maxFailures: MAX_FAILED_SIGN_INS,
      lockSeconds: LOCKOUT_MINUTES * 60,
      memorySeconds: FAILURE_MEMORY_HOURS * 3600,
    });
  }

  /** A success: the count starts again. */
  clear(identifierHash: string): Promise<void> {
    return this.repository.clear(identifierHash);
  }

  /** Drops counters nobody has touched for a while (housekeeping). */
  purgeStale(): Promise<number> {
    return this.repository.purgeStale(FAILURE_MEMORY_HOURS * 3600);
  }
}
