import { sql, type SQL } from 'drizzle-orm';
import { SIGN_IN_LIMITS } from '@webpay/contracts/sign-in';
import { apiErrors } from '../../lib/api-error.ts';
import { deriveKey, keyedFingerprint } from '../../lib/secrets.ts';
import {
  lockoutStateJson,
  type FailurePolicy,
  type LockoutJson,
  type LockoutRepository,
} from './lockout.repository.ts';

export type { LockoutJson } from './lockout.repository.ts';

/** Consecutive failures that pause sign-in (ASVS 2.2.1 allows at most 100 an hour). */
export const MAX_FAILED_SIGN_INS = SIGN_IN_LIMITS.lockoutFailures;
export const LOCKOUT_MINUTES = SIGN_IN_LIMITS.lockoutMinutes;
/** A failure is forgotten after a day without another attempt. */
export const FAILURE_MEMORY_HOURS = 24;
/**
 * How long an attempt waits on a lock that attempts still in flight started,
 * for one of them to succeed (lifting it) or fail (confirming it): longer
 * than a PIN check takes on a busy server, far shorter than the portal's 30 s.
 */
const SETTLE_MS = 5000;
const SETTLE_FIRST_PAUSE_MS = 20;
const SETTLE_MAX_PAUSE_MS = 250;

/** An attempt counted before its secret was checked. */
export interface SignInAttempt {
  identifierHash: string;
  /** When the lock this attempt started lifts, should it fail; null when it started none. */
  lockedUntil: Date | null;
}

/** An identifier's counter as it stands: failures, and until when it is locked (null when not). */
export interface LockoutCount {
  failures: number;
  lockedUntil: Date | null;
}

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

  /**
   * For calls that start a sign-in without checking a secret (asking for a
   * code): throws 423 ACCOUNT_LOCKED while the identifier is paused.
   */
  async assertOpen(identifierHash: string): Promise<void> {
    const state = await this.repository.find(identifierHash, LOCKOUT_MINUTES * 60);
    if (state?.lockedUntil) throw this.locked(state.lockedUntil);
  }

  /**
   * Counts an attempt before its secret is checked (throws 423 while the
   * identifier is paused). Counting first is what bounds guesses made in
   * parallel, from however many clients: a check made first and a failure
   * counted after it would let a whole burst through before the lock. The
   * caller then ends the attempt: `clear` on success, `failed` on a failure,
   * `release` when it was no failure after all.
   *
   * Counting first also means that more than MAX_FAILED_SIGN_INS attempts in
   * flight at once start a lock before any of them has failed — say a
   * household signing in together. Such a lock is "settling": an attempt
   * that meets one waits, up to SETTLE_MS, for a success to lift it or a
   * failure to confirm it, instead of being refused for fifteen minutes.
   */
  async beginAttempt(identifierHash: string): Promise<SignInAttempt> {
    const waitUntil = Date.now() + SETTLE_MS;
    for (let pause = SETTLE_FIRST_PAUSE_MS; ; pause = Math.min(pause * 2, SETTLE_MAX_PAUSE_MS)) {
      const reservation = await this.repository.reserveAttempt(identifierHash, this.policy());
      if (!reservation.blocked) return { identifierHash, lockedUntil: reservation.lockedUntil };
      if (!reservation.settling || Date.now() >= waitUntil) {
        throw this.locked(reservation.lockedUntil);
      }
      await new Promise((resolve) => setTimeout(resolve, pause));
    }
  }

  /** The attempt failed: it was counted already; this settles a lock its round started. */
  failed(attempt: SignInAttempt): Promise<void> {
    return this.repository.confirmFailure(attempt.identifierHash);
  }

  /** An attempt that was not a failure after all no longer counts. */
  release(attempt: SignInAttempt): Promise<void> {
    return this.repository.releaseAttempt(
      attempt.identifierHash,
      this.policy(),
      attempt.lockedUntil !== null,
    );
  }

  private policy(): FailurePolicy {
    return {
      maxFailures: MAX_FAILED_SIGN_INS,
      lockSeconds: LOCKOUT_MINUTES * 60,
      memorySeconds: FAILURE_MEMORY_HOURS * 3600,
    };
  }

  /**
   * An identifier's counter as it stands, as one JSON value for a read made
   * in one statement (read with `stateOf`); a null identifier has none.
   */
  stateJson(identifierHash: string | null): SQL<LockoutJson | null> {
    return lockoutStateJson(sql`${identifierHash}::text`);
  }

  /** The counter of `stateJson`'s value: failures, and until when it is locked (null when not). */
  stateOf(json: LockoutJson | null): LockoutCount {
    return {
      failures: json?.failures ?? 0,
      lockedUntil: json?.lockedUntil ? new Date(json.lockedUntil) : null,
    };
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
