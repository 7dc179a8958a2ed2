import { randomUUID } from 'node:crypto';
import type { LoginResponse, LoginType, PinLoginRequest, User } from '@webpay/contracts/auth';
import { FACILITY } from '@webpay/contracts/facilities';
import { apiErrors } from '../../lib/api-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { hashPin, randomDigits, verifyPin } from '../../lib/secrets.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { AuthRepository } from './auth.repository.ts';
import { TokenError, type SessionTokens } from './session-tokens.ts';

/** Consecutive wrong PINs that lock an account (ASVS 2.2.1 allows at most 100 an hour). */
export const MAX_FAILED_SIGN_INS = 5;
export const LOCKOUT_MINUTES = 15;

/** Who a request is signed in as; set by the authenticate hook. */
export interface AuthSession {
  sessionId: string;
  guarantorId: string;
  roles: string[];
  loginType: LoginType;
  expiresAt: Date;
}

export interface AuthServiceOptions {
  fallbackSupportPhone: string;
  now?: () => Date;
}

function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}

export class AuthService {
  private dummyPinHash: Promise<string> | undefined;
  private readonly now: () => Date;

  constructor(
    private readonly repository: AuthRepository,
    private readonly tokens: SessionTokens,
    private readonly audit: AuditRepository,
    private readonly options: AuthServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * An unknown account still costs one PIN hash check, so the answer's
   * timing does not tell which account numbers exist (ASVS 5.0 6.3.8).
   */
  private burnPinCheck(pin: string): Promise<boolean> {
    this.dummyPinHash ??= hashPin(randomDigits(8));
    return this.dummyPinHash.then((hash) => verifyPin(pin, hash)).then(() => false);
  }

  async loginWithPin(request: PinLoginRequest, context: RequestContext): Promise<LoginResponse> {
    const now = this.now();
    const candidate = await this.repository.findSignInCandidate(request.accountNumber);
    const failure = (
      reason: string,
      guarantorId: string | null,
      extra: Record<string, unknown> = {},
    ) =>
      this.audit.record(context, {
        action: 'auth.login',
        outcome: 'failure',
        actorType: 'anonymous',
        guarantorId,
        targetType: 'guarantor',
        targetId: guarantorId,
        details: { method: 'pin', reason, ...extra },
      });

    if (!candidate) {
      await this.burnPinCheck(request.pin);
      await failure('unknown_account', null);
      throw apiErrors.invalidCredentials();
    }

    if (candidate.lockedUntil && candidate.lockedUntil > now) {
      await failure('locked', candidate.id);
      throw apiErrors.accountLocked(
        minutesUntil(candidate.lockedUntil, now),
        this.options.fallbackSupportPhone,
      );
    }

    const pinMatches = candidate.pinHash
      ? await verifyPin(request.pin, candidate.pinHash)
      : await this.burnPinCheck(request.pin);
    if (!pinMatches) {
      const { lockedUntil } = await this.repository.recordFailedSignIn(
        candidate.id,
        MAX_FAILED_SIGN_INS,
        new Date(now.getTime() + LOCKOUT_MINUTES * 60_000),
      );
      const lockedNow = lockedUntil !== null && lockedUntil > now;
      await failure(candidate.pinHash ? 'wrong_pin' : 'no_pin', candidate.id, {
        locked: lockedNow,
      });
      if (lockedNow) {
        throw apiErrors.accountLocked(
          minutesUntil(lockedUntil, now),
          this.options.fallbackSupportPhone,
        );
      }
      throw apiErrors.invalidCredentials();
    }

    if (candidate.failedSignIns > 0 || candidate.lockedUntil) {
      await this.repository.clearFailedSignIns(candidate.id);
    }
    const sessionId = randomUUID();
    const issued = await this.tokens.issue(
      { sessionId, guarantorId: candidate.id, roles: candidate.roles, loginType: 'pin' },
      now,
    );
    await this.repository.createSession({
      id: sessionId,
      guarantorId: candidate.id,
      loginType: 'pin',
      expiresAt: issued.expiresAt,
    });
    await this.audit.record(context, {
      action: 'auth.login',
      outcome: 'success',
      actorType: 'guarantor',
      actorId: candidate.id,
      guarantorId: candidate.id,
      targetType: 'session',
      targetId: sessionId,
      details: { method: 'pin' },
    });
    return { access_token: issued.token, expires_in: this.tokens.ttlSeconds };
  }

  /**
   * A token counts only while its server-side session lives: logout and
   * expiry end it even though the token itself is still well signed
   * (ASVS 5.0 7.4.1).
   */
  async authenticate(token: string): Promise<AuthSession> {
    const now = this.now();
    let claims;
    try {
      claims = await this.tokens.verify(token, now);
    } catch (error) {
      if (error instanceof TokenError && error.problem === 'expired')
        throw apiErrors.sessionExpired();
      throw apiErrors.unauthorized('Your sign-in is not valid. Please log in again.');
    }
    const session = await this.repository.findSession(claims.sid);
    if (!session || session.guarantorId !== claims.sub) {
      throw apiErrors.unauthorized('Your sign-in is not valid. Please log in again.');
    }
    if (session.revokedAt || session.expiresAt <= now) throw apiErrors.sessionExpired();
    return {
      sessionId: session.id,
      guarantorId: session.guarantorId,
      roles: claims.roles,
      loginType: claims.loginType,
      expiresAt: session.expiresAt,
    };
  }

  async logout(session: AuthSession, context: RequestContext): Promise<void> {
    await this.repository.revokeSession(session.sessionId, 'logout');
    await this.audit.record(context, {
      action: 'auth.logout',
      outcome: 'success',
      actorType: 'guarantor',
      actorId: session.guarantorId,
      guarantorId: session.guarantorId,
      targetType: 'session',
      targetId: session.sessionId,
    });
  }

  async currentUser(session: AuthSession, context: RequestContext): Promise<User> {
    const profile = await this.repository.findProfile(session.guarantorId);
    if (!profile) throw apiErrors.unauthorized();
    await this.audit.record(context, {
      action: 'user.read',
      outcome: 'success',
      actorType: 'guarantor',
      actorId: session.guarantorId,
      guarantorId: session.guarantorId,
      targetType: 'guarantor',
      targetId: session.guarantorId,
    });
    const supportPhone = profile.supportPhone?.trim() ? profile.supportPhone : undefined;
    return {
      email: profile.email,
      firstName: profile.firstName,
      lastName: profile.lastName,
      mmi: profile.mmi,
      ...(supportPhone ? { supportPhone } : {}),
      context: { facility: FACILITY.hospitalsAndClinics, accountNumber: profile.accountNumber },
    };
  }
}
