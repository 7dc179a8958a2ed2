import type { SignupRequest, VerificationStarted } from '@webpay/contracts/sign-in';
import { apiErrors } from '../../lib/api-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { SignInAttempt, SignInLockout } from '../lockout/index.ts';
import {
  MailDeliveryError,
  mailDeliveryEvent,
  type MailOutbox,
  type MailService,
} from '../mail/index.ts';
import { namesMatch } from './names.ts';
import type { EmailOwner, SignupCandidate, SignupRepository } from './signup.repository.ts';

/**
 * Starts the e-mailed code that completes a sign-up. The verification module
 * provides it; sign-up names only what it needs so that it does not depend on
 * verification, which already depends on sign-up's repository.
 */
export interface SignupCodeSender {
  startCodeVerification(
    verification: {
      kind: 'signup';
      guarantorId: string;
      firstName: string;
      email: string;
      identifierHash: string;
      payload: Record<string, unknown>;
    },
    context: RequestContext,
  ): Promise<VerificationStarted>;
}

/**
 * Sign-up by e-mail (PRODUCT.md): the account number, names and birthdate
 * on the statement must match one guarantor who has not signed up yet; the
 * e-mail is then verified by an e-mailed code and only becomes the
 * guarantor's when that code signs in (VerificationService.loginWithCode).
 *
 * An address another guarantor already has is answered like any other
 * (ASVS 5.0 6.3.8), so the form does not tell who is registered: no code is
 * sent, and the address's owner is told of the attempt instead.
 */
export class SignupService {
  constructor(
    private readonly repository: SignupRepository,
    private readonly verifications: SignupCodeSender,
    private readonly mail: MailService,
    private readonly outbox: MailOutbox,
    private readonly audit: AuditRepository,
    private readonly lockout: SignInLockout,
  ) {}

  async signup(request: SignupRequest, context: RequestContext): Promise<true> {
    const identifierHash = this.lockout.accountKey(request.accountNumber);
    const record: SignupRecord = (outcome, guarantorId, details) =>
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

    // Asked before either e-mail below, so that an address someone already
    // has on file is refused alike while the mail server is down (decision 0006).
    try {
      await this.mail.ensureAvailable('signup');
    } catch (error) {
      await record('failure', candidate.id, { reason: 'mail_unavailable' });
      throw apiErrors.mailUnavailable(error);
    }
    const owner = await this.repository.emailOwner(request.email, candidate.id);
    await (owner
      ? this.tellOwner(owner, candidate, record, context)
      : this.sendCode(request, candidate, identifierHash, record, context));
    return true;
  }

  /** The code that finishes the sign-up, to the address given. */
  private async sendCode(
    request: SignupRequest,
    candidate: SignupCandidate,
    identifierHash: string,
    record: SignupRecord,
    context: RequestContext,
  ): Promise<void> {
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
  }

  /**
   * Instead of a code, a notice to the address's owner, in their language.
   * It goes out before the answer as a code does, so that an address on
   * file and a new one take as long and fail alike when the mail server
   * refuses; a refused notice is queued, and reaches its owner once the
   * mail server is back.
   */
  private async tellOwner(
    owner: EmailOwner,
    candidate: SignupCandidate,
    record: SignupRecord,
    context: RequestContext,
  ): Promise<void> {
    const notice = this.mail.signupAttempt(
      owner.email,
      {
        firstName: owner.firstName,
        supportPhone: owner.supportPhone?.trim() || this.mail.branding.supportPhone,
      },
      owner.preferredLanguage,
    );
    const details = { reason: 'email_in_use', emailOwner: owner.id };
    const about = { guarantorId: owner.id, targetType: 'guarantor', targetId: owner.id };
    try {
      await this.mail.deliver(notice);
      await this.audit.record(context, mailDeliveryEvent(notice, 'success', about));
    } catch (error) {
      if (!(error instanceof MailDeliveryError)) throw error;
      await this.audit.record(context, mailDeliveryEvent(notice, 'failure', about));
      await this.outbox.queue(notice, { guarantorId: owner.id });
      await record('failure', candidate.id, { ...details, ownerNotice: 'queued' });
      throw apiErrors.mailUnavailable(error);
    }
    await record('failure', candidate.id, { ...details, ownerNotice: 'sent' });
  }
}

type SignupRecord = (
  outcome: 'success' | 'failure',
  guarantorId: string | null,
  details: Record<string, unknown>,
) => Promise<void>;
