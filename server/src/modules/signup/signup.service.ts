import type { SignupRequest } from '@webpay/contracts/sign-in';
import { apiErrors } from '../../lib/api-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/audit.repository.ts';
import type { SignInAttempt, SignInLockout } from '../lockout/lockout.service.ts';
import type { VerificationService } from '../verification/verification.service.ts';
import { namesMatch } from './names.ts';
import type { SignupRepository } from './signup.repository.ts';

/**
 * Sign-up by e-mail (PRODUCT.md): the account number, names and birthdate
 * on the statement must match one guarantor who has not signed up yet; the
 * e-mail is then verified by an e-mailed code and only becomes the
 * guarantor's when that code signs in (VerificationService.loginWithCode).
 */
export class SignupService {
  constructor(
    private readonly repository: SignupRepository,
    private readonly verifications: VerificationService,
    private readonly audit: AuditRepository,
    private readonly lockout: SignInLockout,
  ) {}

  async signup(request: SignupRequest, context: RequestContext): Promise<true> {
    const identifierHash = this.lockout.accountKey(request.accountNumber);
    const record = (
      outcome: 'success' | 'failure',
      guarantorId: string | null,
      details: Record<string, unknown>,
    ) =>
      this.audit.record(context, {
        action: 'auth.signup.start',
        outcome,
        actorType: 'anonymous',
        guarantorId,
        targetType: 'guarantor',
        targetId: guarantorId,
        details: { paperless: request.enrollPaperless, ...details },
      });

    // Wrong details count against the account number like wrong PINs, so
    // the form cannot be used to guess a birthdate. Counted before they are
    // compared, so parallel guesses get no more comparisons than sequential ones.
    let attempt: SignInAttempt;
    try {
      attempt = await this.lockout.beginAttempt(identifierHash);
    } catch (error) {
      await record('failure', null, { reason: 'locked' });
      throw error;
    }
    const candidate = await this.repository.findByAccountNumber(request.accountNumber);
    const matches =
      candidate !== undefined &&
      candidate.birthdate === request.birthdate &&
      namesMatch(request.firstName, candidate.firstName) &&
      namesMatch(request.lastName, candidate.lastName);
    if (!candidate || !matches) {
      await this.lockout.failed(attempt);
      const { lockedUntil } = attempt;
      await record('failure', candidate?.id ?? null, {
        reason: 'account_mismatch',
        locked: lockedUntil !== null,
      });
      if (lockedUntil) throw this.lockout.locked(lockedUntil);
      throw apiErrors.signupAccountMismatch();
    }
    // Matching details are no failure (nor a sign-in, which would clear the count).
    await this.lockout.release(attempt);
    if (candidate.signedUp) {
      await record('failure', candidate.id, { reason: 'already_registered' });
      throw apiErrors.signupAlreadyRegistered();
    }
    if (await this.repository.emailInUse(request.email, candidate.id)) {
      await record('failure', candidate.id, { reason: 'email_in_use' });
      throw apiErrors.signupEmailInUse();
    }

    try {
      const started = await this.verifications.startCodeVerification(
        {
          kind: 'signup',
          guarantorId: candidate.id,
          firstName: candidate.firstName,
          email: request.email,
          identifierHash,
          payload: { enrollPaperless: request.enrollPaperless },
        },
        context,
      );
      await record('success', candidate.id, { verificationId: started.verificationId });
    } catch (error) {
      await record('failure', candidate.id, { reason: 'email_not_sent' });
      throw error;
    }
    return true;
  }
}
