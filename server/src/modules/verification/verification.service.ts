import { randomUUID } from 'node:crypto';
import { PORTAL_BASE_PATH } from '@webpay/contracts/api';
import type { LoginResponse } from '@webpay/contracts/auth';
import type { Language } from '@webpay/contracts/language';
import { SIGN_IN_LIMITS, type VerificationStarted } from '@webpay/contracts/sign-in';
import type { Database } from '../../db/client.ts';
import { apiErrors, type ApiError } from '../../lib/api-error.ts';
import { isUniqueViolation } from '../../lib/database-errors.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditEvent, AuditRepository } from '../audit/index.ts';
import { AuthRepository, type AuthService, type AuthSession } from '../auth/index.ts';
import {
  codeHash,
  decoySecretHash,
  newCode,
  type GuarantorRefs,
  ChallengesRepository,
  type CodeKind,
  type ConsumedCode,
} from '../challenges/index.ts';
import type { SignInAttempt, SignInLockout } from '../lockout/index.ts';
import {
  MailDeliveryError,
  mailDeliveryEvent,
  type MailKind,
  type MailService,
  type OutgoingMail,
} from '../mail/index.ts';
import { SignupRepository } from '../signup/index.ts';
import type { VerificationRepository } from './verification.repository.ts';

export const CODE_MINUTES = SIGN_IN_LIMITS.codeMinutes;
export const MAX_CODE_ATTEMPTS = SIGN_IN_LIMITS.codeAttempts;
export const MAX_RESENDS = SIGN_IN_LIMITS.codeResends;

/** How the code a verification sends is recorded in the audit trail's `method`. */
const METHOD_OF: Record<CodeKind, string> = {
  email_code: 'email_code',
  signup: 'signup',
  mfa: 'email_mfa',
};

export interface VerificationServiceOptions {
  /** PUBLIC_URL: the sign-up e-mail links to the portal's code page there. */
  publicUrl: string;
  fallbackSupportPhone: string;
}

export interface NewCodeVerification {
  kind: CodeKind;
  guarantorId: string;
  firstName: string;
  /** The address stored with the verification and returned to the caller. */
  email: string;
  /** Where the code goes, when not `email` (the address on file as written there). */
  sendTo?: string;
  /** The lockout counter wrong codes feed. */
  identifierHash: string;
  payload?: Record<string, unknown>;
}

type CodeOutcome =
  | { status: 'dead' }
  | { status: 'wrong'; consumed: ConsumedCode }
  | { status: 'session_ended'; guarantorId: string }
  | { status: 'conflict'; guarantorId: string; error: ApiError }
  | {
      status: 'signed_in';
      kind: CodeKind;
      guarantorId: string;
      sessionId: string;
      response: LoginResponse;
      replacedSession?: string;
    };

type LoginFailureAudit = (
  reason: string,
  extra?: Record<string, unknown>,
  guarantorId?: string | null,
) => Promise<void>;

interface RefusalContext {
  attempt: SignInAttempt | undefined;
  method: string;
  failure: LoginFailureAudit;
}

/**
 * E-mailed codes: the e-mail + birthdate sign-in, new codes for a pending
 * verification, e-mail multi-factor, and the code sign-in that ends all of
 * them (and sign-up). docs/decisions/0006-sign-in-flows.md tells what each
 * answer reveals.
 */
export class VerificationService {
  constructor(
    private readonly db: Database,
    private readonly repository: VerificationRepository,
    private readonly challenges: ChallengesRepository,
    private readonly auth: AuthService,
    private readonly authRepository: AuthRepository,
    private readonly audit: AuditRepository,
    private readonly mail: MailService,
    private readonly lockout: SignInLockout,
    private readonly refs: GuarantorRefs,
    private readonly options: VerificationServiceOptions,
  ) {}

  /** The portal's code page for a verification, as the sign-up e-mail links it (SPEC §2 /verify/code). */
  codePageLink(started: VerificationStarted): string {
    const url = new URL(`${this.options.publicUrl}${PORTAL_BASE_PATH}/verify/code`);
    url.searchParams.set('guarantorId', started.guarantorId);
    url.searchParams.set('verificationId', started.verificationId);
    url.searchParams.set('email', started.email);
    return url.toString();
  }

  private codeMail(
    kind: CodeKind,
    to: string,
    firstName: string,
    code: string,
    started: VerificationStarted,
    language: Language | undefined,
  ): OutgoingMail {
    const content = { firstName, code, lifetimeMinutes: CODE_MINUTES };
    switch (kind) {
      case 'email_code':
        return this.mail.signInCode(to, content, language);
      case 'mfa':
        return this.mail.mfaCode(to, content, language);
      case 'signup':
        return this.mail.signupCode(to, { ...content, link: this.codePageLink(started) }, language);
    }
  }

  /**
   * E-mail + birthdate codes go out after the answer, like magic links, so
   * that an address that matched and one that did not are answered alike.
   * Sign-up and multi-factor codes go out before it: their callers already
   * know the account exists, and a failure is a 503 they can act on.
   */
  private async send(
    kind: CodeKind,
    message: OutgoingMail,
    guarantorId: string,
    verificationId: string,
    context: RequestContext,
  ): Promise<void> {
    const about = { guarantorId, targetType: 'verification', targetId: verificationId };
    const record = (outcome: 'success' | 'failure') =>
      this.audit.record(context, mailDeliveryEvent(message, outcome, about));
    if (kind === 'email_code') {
      this.mail.deliverInBackground(
        message,
        () => record('failure'),
        () => record('success'),
      );
      return;
    }
    try {
      await this.mail.deliver(message);
    } catch (error) {
      if (!(error instanceof MailDeliveryError)) throw error;
      await record('failure');
      throw apiErrors.mailUnavailable(error);
    }
    await record('success');
  }

  /**
   * Before answering a form whose code may go out after the answer: 503
   * MAIL_UNAVAILABLE, after `refuse` has audited it, while the mail server
   * cannot take mail. Asked alike whoever the request is about, so that the
   * answer and its timing depend on the mail server alone (decision 0006).
   */
  private async assertMailAvailable(kind: MailKind, refuse: () => Promise<void>): Promise<void> {
    try {
      await this.mail.ensureAvailable(kind);
    } catch (error) {
      await refuse();
      throw apiErrors.mailUnavailable(error);
    }
  }

  /**
   * Creates a verification for a guarantor and e-mails its code. Throws 503
   * MAIL_UNAVAILABLE when a code that goes out at once could not be sent.
   */
  async startCodeVerification(
    verification: NewCodeVerification,
    context: RequestContext,
  ): Promise<VerificationStarted> {
    const verificationId = randomUUID();
    const code = newCode();
    const started: VerificationStarted = {
      guarantorId: this.refs.of(verification.guarantorId),
      verificationId,
      email: verification.email,
    };
    await this.challenges.create({
      id: verificationId,
      guarantorId: verification.guarantorId,
      kind: verification.kind,
      email: verification.email,
      secretHash: codeHash(verificationId, code),
      guarantorRef: started.guarantorId,
      identifierHash: verification.identifierHash,
      payload: verification.payload ?? null,
      lifetimeSeconds: CODE_MINUTES * 60,
      maxAttempts: MAX_CODE_ATTEMPTS,
    });
    const message = this.codeMail(
      verification.kind,
      verification.sendTo ?? verification.email,
      verification.firstName,
      code,
      started,
      context.language,
    );
    await this.send(verification.kind, message, verification.guarantorId, verificationId, context);
    return started;
  }

  /**
   * POST /auth/login/email. The same answer whether or not the address and
   * birthdate match: on no match, a decoy verification with ids shaped and
   * repeated like real ones, which no code ever opens. Wrong codes count
   * against the address for decoys as for real verifications, so the
   * lockout, too, behaves alike for every address.
   */
  async startEmailLogin(
    request: { email: string; birthdate: string },
    context: RequestContext,
  ): Promise<VerificationStarted> {
    const identifierHash = this.lockout.emailKey(request.email);
    const record = (event: Omit<AuditEvent, 'action' | 'actorType'>) =>
      this.audit.record(context, {
        action: 'auth.email_code.start',
        actorType: 'anonymous',
        targetType: 'verification',
        ...event,
      });

    try {
      await this.lockout.assertOpen(identifierHash);
    } catch (error) {
      await record({ outcome: 'failure', details: { reason: 'locked' } });
      throw error;
    }

    const guarantor = await this.repository.findByEmailAndBirthdate(
      request.email,
      request.birthdate,
    );
    await this.assertMailAvailable('email_code', () =>
      record({
        outcome: 'failure',
        guarantorId: guarantor?.id ?? null,
        details: { matched: guarantor !== undefined, reason: 'mail_unavailable' },
      }),
    );
    let started: VerificationStarted;
    if (guarantor?.email) {
      started = await this.startCodeVerification(
        {
          kind: 'email_code',
          guarantorId: guarantor.id,
          firstName: guarantor.firstName,
          email: request.email,
          sendTo: guarantor.email,
          identifierHash,
        },
        context,
      );
    } else {
      started = {
        guarantorId: this.refs.unmatched(request.email, request.birthdate),
        verificationId: randomUUID(),
        email: request.email,
      };
      await this.challenges.create({
        id: started.verificationId,
        guarantorId: null,
        kind: 'email_code',
        email: request.email,
        secretHash: decoySecretHash(),
        guarantorRef: started.guarantorId,
        identifierHash,
        lifetimeSeconds: CODE_MINUTES * 60,
        maxAttempts: MAX_CODE_ATTEMPTS,
      });
    }
    await record({
      outcome: 'success',
      guarantorId: guarantor?.id ?? null,
      targetId: started.verificationId,
      details: { matched: guarantor !== undefined },
    });
    return started;
  }

  /**
   * POST /auth/signup/email/send-code: a new code for a pending
   * verification of any kind, even one whose code expired or was tried too
   * often. Unknown ids get the same answer with nothing sent; a verification
   * that has had MAX_RESENDS new codes gets 429, and one whose address or
   * account number is locked gets 423.
   */
  async resend(
    request: { guarantorId: string; verificationId: string },
    context: RequestContext,
  ): Promise<VerificationStarted> {
    const { guarantorId: ref, verificationId } = request;
    const code = newCode();
    const record = (event: Omit<AuditEvent, 'action' | 'actorType' | 'targetType' | 'targetId'>) =>
      this.audit.record(context, {
        action: 'auth.code.resend',
        actorType: 'anonymous',
        targetType: 'verification',
        targetId: verificationId,
        ...event,
      });

    const summary = await this.challenges.summary(verificationId);
    if (summary?.identifierHash) {
      try {
        await this.lockout.assertOpen(summary.identifierHash);
      } catch (error) {
        await record({ outcome: 'failure', details: { reason: 'locked' } });
        throw error;
      }
    }

    // Asked for every request, unknown ids included, before a resend is used up.
    await this.assertMailAvailable(summary?.kind ?? 'email_code', () =>
      record({ outcome: 'failure', details: { reason: 'mail_unavailable' } }),
    );
    const restarted = await this.challenges.restartCode({
      id: verificationId,
      guarantorRef: ref,
      secretHash: codeHash(verificationId, code),
      lifetimeSeconds: CODE_MINUTES * 60,
      maxResends: MAX_RESENDS,
    });
    if (!restarted) {
      if (await this.challenges.resendsExhausted(verificationId, ref, MAX_RESENDS)) {
        await record({ outcome: 'failure', details: { reason: 'too_many_codes' } });
        throw apiErrors.tooManyCodes();
      }
      await record({ outcome: 'failure', details: { reason: 'unknown_verification' } });
      return { guarantorId: ref, verificationId, email: '' };
    }

    const email = restarted.email ?? '';
    const started: VerificationStarted = { guarantorId: ref, verificationId, email };
    // Looked up for decoys too (finding no one), so both cost the same.
    const recipient = await this.repository.findRecipient(restarted.guarantorId ?? '');
    const sendTo = restarted.kind === 'signup' ? restarted.email : recipient?.email;
    if (!restarted.guarantorId || !recipient || !sendTo) {
      await record({
        outcome: 'success',
        details: { kind: restarted.kind, matched: false, resends: restarted.resends },
      });
      return started;
    }

    const message = this.codeMail(
      restarted.kind,
      sendTo,
      recipient.firstName,
      code,
      started,
      context.language,
    );
    try {
      await this.send(restarted.kind, message, recipient.id, verificationId, context);
    } catch (error) {
      await this.challenges.returnResend(verificationId);
      await record({
        outcome: 'failure',
        guarantorId: recipient.id,
        details: { kind: restarted.kind, reason: 'email_not_sent' },
      });
      throw error;
    }
    await record({
      outcome: 'success',
      guarantorId: recipient.id,
      details: { kind: restarted.kind, matched: true, resends: restarted.resends },
    });
    return started;
  }

  /**
   * POST /auth/mfa/email: e-mails a code to the signed-in guarantor's address
   * on file. The code sign-in then gives a 'totp' session in place of this one.
   */
  async startMfa(session: AuthSession, context: RequestContext): Promise<VerificationStarted> {
    const profile = await this.authRepository.findProfile(session.guarantorId);
    if (!profile) throw apiErrors.unauthorized();
    const record = (outcome: 'success' | 'failure', details: Record<string, unknown>) =>
      this.audit.record(context, {
        action: 'auth.mfa.start',
        outcome,
        actorType: 'guarantor',
        actorId: session.guarantorId,
        guarantorId: session.guarantorId,
        targetType: 'session',
        targetId: session.sessionId,
        details: { loginType: session.loginType, ...details },
      });

    if (!profile.email) {
      await record('failure', { reason: 'no_email_on_file' });
      throw apiErrors.noEmailOnFile(
        profile.supportPhone?.trim() || this.options.fallbackSupportPhone,
      );
    }
    const identifierHash = this.lockout.accountKey(profile.accountNumber);
    try {
      await this.lockout.assertOpen(identifierHash);
    } catch (error) {
      await record('failure', { reason: 'locked' });
      throw error;
    }
    let started: VerificationStarted;
    try {
      started = await this.startCodeVerification(
        {
          kind: 'mfa',
          guarantorId: profile.id,
          firstName: profile.firstName,
          email: profile.email,
          identifierHash,
          payload: { sessionId: session.sessionId },
        },
        context,
      );
    } catch (error) {
      await record('failure', { reason: 'email_not_sent' });
      throw error;
    }
    await record('success', { verificationId: started.verificationId });
    return started;
  }

  /**
   * POST /auth/login/code: the right code of a live verification signs in
   * with loginType 'totp'. Sign-up verifications first make the e-mail the
   * guarantor's; multi-factor ones replace the session that asked. Every
   * wrong try counts, for the verification (the MAX_CODE_ATTEMPTS-th kills
   * its code) and for the lockout of its account number or e-mail address,
   * which, once engaged, refuses even the right code.
   */
  async loginWithCode(
    request: { guarantorId: string; verificationId: string; code: string },
    context: RequestContext,
  ): Promise<LoginResponse> {
    const { verificationId } = request;
    const failure = this.loginFailureAudit(context, verificationId);

    const summary = await this.challenges.summary(verificationId);
    if (!summary || summary.kind === 'magic_link') {
      await failure('unknown_verification');
      throw apiErrors.invalidCode();
    }
    const method = METHOD_OF[summary.kind];
    if (!summary.live) {
      await failure('verification_not_live', { method });
      throw apiErrors.invalidCode();
    }
    // Counted before the code is tried, so parallel guesses get no more tries than sequential ones.
    let attempt: SignInAttempt | undefined;
    if (summary.identifierHash) {
      try {
        attempt = await this.lockout.beginAttempt(summary.identifierHash);
      } catch (error) {
        await failure('locked', { method });
        throw error;
      }
    }

    let outcome: CodeOutcome;
    try {
      outcome = await this.db.transaction((tx) => this.useCode(tx, request, context.language));
    } catch (error) {
      if (isUniqueViolation(error)) {
        if (attempt) await this.lockout.release(attempt);
        await failure('email_in_use', { method });
        throw apiErrors.signupEmailInUse();
      }
      throw error;
    }
    if (outcome.status !== 'signed_in') {
      return this.refuseCode(outcome, { attempt, method, failure });
    }

    if (summary.identifierHash) await this.lockout.clear(summary.identifierHash);
    await this.recordCodeSignIn(context, outcome, verificationId);
    return outcome.response;
  }

  /** Records a refused code sign-in, with its reason, against the verification. */
  private loginFailureAudit(context: RequestContext, verificationId: string): LoginFailureAudit {
    return (reason, extra = {}, guarantorId = null) =>
      this.audit.record(context, {
        action: 'auth.login',
        outcome: 'failure',
        actorType: 'anonymous',
        guarantorId,
        targetType: 'verification',
        targetId: verificationId,
        details: { method: 'code', reason, ...extra },
      });
  }

  /** Every way a tried code fails to sign in: audited, then refused. */
  private async refuseCode(
    outcome: Exclude<CodeOutcome, { status: 'signed_in' }>,
    { attempt, method, failure }: RefusalContext,
  ): Promise<never> {
    // Outcomes that are not a wrong code do not count against the identifier.
    if (outcome.status !== 'wrong' && attempt) await this.lockout.release(attempt);
    switch (outcome.status) {
      case 'dead':
        await failure('verification_not_live', { method });
        throw apiErrors.invalidCode();
      case 'wrong': {
        const { consumed } = outcome;
        if (attempt) await this.lockout.failed(attempt);
        await failure(
          'wrong_code',
          {
            method,
            attempt: consumed.attempts,
            killed: consumed.attempts >= consumed.maxAttempts,
            locked: Boolean(attempt?.lockedUntil),
          },
          consumed.guarantorId,
        );
        // The code was wrong whatever else follows; a lock it started shows on the next try.
        throw apiErrors.invalidCode();
      }
      case 'session_ended':
        await failure('session_ended', { method }, outcome.guarantorId);
        throw apiErrors.invalidCode();
      case 'conflict':
        await failure(outcome.error.code, { method }, outcome.guarantorId);
        throw outcome.error;
    }
  }

  /** The audit rows of a code sign-in that worked, and of the sign-up it completed. */
  private async recordCodeSignIn(
    context: RequestContext,
    outcome: Extract<CodeOutcome, { status: 'signed_in' }>,
    verificationId: string,
  ): Promise<void> {
    if (outcome.kind === 'signup') {
      await this.audit.record(context, {
        action: 'auth.signup.complete',
        outcome: 'success',
        actorType: 'guarantor',
        actorId: outcome.guarantorId,
        guarantorId: outcome.guarantorId,
        targetType: 'guarantor',
        targetId: outcome.guarantorId,
        details: { verificationId },
      });
    }
    await this.audit.record(context, {
      action: 'auth.login',
      outcome: 'success',
      actorType: 'guarantor',
      actorId: outcome.guarantorId,
      guarantorId: outcome.guarantorId,
      targetType: 'session',
      targetId: outcome.sessionId,
      details: {
        method: METHOD_OF[outcome.kind],
        verificationId,
        ...(outcome.replacedSession ? { replacedSession: outcome.replacedSession } : {}),
      },
    });
  }

  /** One transaction: use the code, then do what its kind completes, then start the session. */
  private async useCode(
    tx: Database,
    request: { guarantorId: string; verificationId: string; code: string },
    language: Language | undefined,
  ): Promise<CodeOutcome> {
    const challenges = new ChallengesRepository(tx);
    const consumed = await challenges.consumeCode({
      id: request.verificationId,
      guarantorRef: request.guarantorId,
      secretHash: codeHash(request.verificationId, request.code),
    });
    if (!consumed) return { status: 'dead' };
    if (!consumed.matched || !consumed.guarantorId) return { status: 'wrong', consumed };

    const guarantorId = consumed.guarantorId;
    const authRepository = new AuthRepository(tx);
    let replacedSession: string | undefined;

    if (consumed.kind === 'signup') {
      const signups = new SignupRepository(tx);
      const email = consumed.email ?? '';
      if (!email || (await signups.emailInUse(email, guarantorId))) {
        return { status: 'conflict', guarantorId, error: apiErrors.signupEmailInUse() };
      }
      const completed = await signups.completeSignup(guarantorId, {
        email,
        paperless: consumed.payload?.enrollPaperless === true,
      });
      if (!completed) {
        return { status: 'conflict', guarantorId, error: apiErrors.signupAlreadyRegistered() };
      }
      await challenges.retireOtherSignups(guarantorId, request.verificationId);
    }

    if (consumed.kind === 'mfa') {
      const askingSession = consumed.payload?.sessionId;
      const revoked =
        typeof askingSession === 'string' &&
        (await authRepository.revokeSession(askingSession, 'mfa_verified'));
      if (!revoked) return { status: 'session_ended', guarantorId };
      replacedSession = askingSession;
    }

    const roles = (await authRepository.findRoles(guarantorId)) ?? [];
    // A code sign-in, a finished sign-up and a confirmed MFA all keep the language they were done in.
    const { sessionId, response } = await this.auth.startSession(
      { guarantorId, roles, loginType: 'totp', ...(language ? { language } : {}) },
      tx,
    );
    return {
      status: 'signed_in',
      kind: consumed.kind,
      guarantorId,
      sessionId,
      response,
      ...(replacedSession ? { replacedSession } : {}),
    };
  }
}
