import type { StaffSessionResponse, StaffSignInRequest } from '@webpay/contracts/office';
import { apiErrors } from '../../lib/api-error.ts';
import {
  deriveKey,
  hashPassword,
  keyedFingerprint,
  randomToken,
  verifyPassword,
} from '../../lib/secrets.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { SignInAttempt, SignInLockout } from '../lockout/index.ts';
import { UnreadableTotpKeyError, type SecondFactor, type SecondFactors } from './second-factor.ts';
import type { SessionOrigin, StaffSessions } from './staff-sessions.service.ts';
import type { StaffRepository, StaffRow } from './staff.repository.ts';

/** Why a sign-in failed, for the audit trail only: the answer is the same for all. */
type FailureReason =
  | 'locked'
  | 'unknown_email'
  | 'not_active'
  | 'no_password'
  | 'wrong_password'
  | 'wrong_code'
  | 'totp_key_unreadable';

/**
 * E-mail, password and authentication code. Every failure gets the same
 * answer, and an unknown address costs a password check too, so neither the
 * answer nor its timing tells which addresses belong to staff. Attempts are
 * counted per address, known or not, by the guarantors' lockout.
 */
export class StaffSignIn {
  private dummyHash: Promise<string> | undefined;
  private readonly identifierKey: string;

  constructor(
    private readonly staff: StaffRepository,
    private readonly sessions: StaffSessions,
    private readonly secondFactors: SecondFactors,
    private readonly lockout: SignInLockout,
    private readonly audit: AuditRepository,
    secret: string,
  ) {
    this.identifierKey = deriveKey(secret, 'staff-sign-in-identifier');
  }

  /** The lockout counter of a staff e-mail address, apart from any guarantor's. */
  lockoutKey(email: string): string {
    return keyedFingerprint(this.identifierKey, email.trim().toLowerCase());
  }

  private async passwordMatches(member: StaffRow | undefined, password: string): Promise<boolean> {
    if (member?.passwordHash) return verifyPassword(password, member.passwordHash);
    this.dummyHash ??= hashPassword(randomToken());
    await verifyPassword(password, await this.dummyHash);
    return false;
  }

  /** What proved the staff member, or why nothing did. */
  private async verify(
    member: StaffRow | undefined,
    request: StaffSignInRequest,
  ): Promise<{ member: StaffRow; factor: SecondFactor } | { reason: FailureReason }> {
    const passwordOk = await this.passwordMatches(member, request.password);
    if (!member) return { reason: 'unknown_email' };
    if (member.kind !== 'local' || member.status !== 'active') return { reason: 'not_active' };
    if (!member.passwordHash) return { reason: 'no_password' };
    if (!passwordOk) return { reason: 'wrong_password' };
    // Only after the password: a wrong password must not use up a code.
    try {
      const factor = await this.secondFactors.check(this.staff, member, request.code);
      return factor ? { member, factor } : { reason: 'wrong_code' };
    } catch (error) {
      if (error instanceof UnreadableTotpKeyError) return { reason: 'totp_key_unreadable' };
      throw error;
    }
  }

  async signIn(request: StaffSignInRequest, origin: SessionOrigin): Promise<StaffSessionResponse> {
    const identifier = this.lockoutKey(request.email);
    const failed = (reason: FailureReason, member: StaffRow | undefined, locked: boolean) =>
      this.audit.record(origin.context, {
        action: 'staff.sign-in',
        outcome: 'failure',
        actorType: member ? 'staff' : 'anonymous',
        actorId: member?.id ?? null,
        targetType: 'staff',
        targetId: member?.id ?? null,
        details: { method: 'password', reason, locked },
      });

    let attempt: SignInAttempt;
    try {
      attempt = await this.lockout.beginAttempt(identifier);
    } catch (error) {
      await failed('locked', await this.staff.findByEmail(request.email), true);
      throw error;
    }
    const member = await this.staff.findByEmail(request.email);
    const outcome = await this.verify(member, request);
    if ('reason' in outcome) {
      await this.lockout.failed(attempt);
      await failed(outcome.reason, member, attempt.lockedUntil !== null);
      if (attempt.lockedUntil) throw this.lockout.locked(attempt.lockedUntil);
      throw apiErrors.staffInvalidCredentials();
    }
    await this.lockout.clear(identifier);
    const details: Record<string, unknown> = { secondFactor: outcome.factor };
    if (outcome.factor === 'recovery-code') {
      details.recoveryCodesLeft = await this.staff.unusedRecoveryCodes(outcome.member.id);
    }
    return this.sessions.issueSession(outcome.member, 'password', origin, details);
  }
}
