import { randomUUID } from 'node:crypto';
import { PORTAL_BASE_PATH } from '@webpay/contracts/api';
import type { LoginResponse } from '@webpay/contracts/auth';
import { SIGN_IN_LIMITS } from '@webpay/contracts/sign-in';
import { apiErrors } from '../../lib/api-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { hashToken } from '../../lib/secrets.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { AuthService } from '../auth/index.ts';
import { newLinkToken, type ChallengesRepository } from '../challenges/index.ts';
import type { SignInLockout } from '../lockout/index.ts';
import { mailDeliveryEvent, type MailService } from '../mail/index.ts';
import type { MagicLinkRecipient, MagicLinkRepository } from './magic-link.repository.ts';

export const MAGIC_LINK_MINUTES = SIGN_IN_LIMITS.magicLinkMinutes;
/** Links one address may be sent per MAGIC_LINK_MINUTES; further requests are accepted and dropped. */
export const MAX_RECENT_MAGIC_LINKS = 5;

export interface MagicLinkServiceOptions {
  /** PUBLIC_URL: links point at the portal there. */
  publicUrl: string;
}

export interface IssuedMagicLink {
  challengeId: string;
  link: string;
}

/** What a link is for, recorded with it and in the audit trail. */
export type MagicLinkPurpose = 'sign_in' | 'statement_notice';

/**
 * Magic links: `/webpay/login/magic?abracadabra=TOKEN`, single use. The
 * request form answers the same whoever the address belongs to; the link
 * itself is consumed atomically, so it works exactly once.
 */
export class MagicLinkService {
  constructor(
    private readonly repository: MagicLinkRepository,
    private readonly challenges: ChallengesRepository,
    private readonly auth: AuthService,
    private readonly audit: AuditRepository,
    private readonly mail: MailService,
    private readonly lockout: SignInLockout,
    private readonly options: MagicLinkServiceOptions,
  ) {}

  linkFor(token: string): string {
    const url = new URL(`${this.options.publicUrl}${PORTAL_BASE_PATH}/login/magic`);
    url.searchParams.set('abracadabra', token);
    return url.toString();
  }

  /**
   * Creates a live link for a guarantor (the e-mail is the caller's to send).
   * `recipient` null makes a decoy row that does the same work and can never
   * be used.
   */
  async issue(
    recipient: MagicLinkRecipient | null,
    email: string,
    lifetimeMinutes: number,
    payload: { purpose: MagicLinkPurpose } & Record<string, unknown>,
  ): Promise<IssuedMagicLink> {
    const { token, hash } = newLinkToken();
    const challengeId = randomUUID();
    await this.challenges.create({
      id: challengeId,
      guarantorId: recipient?.id ?? null,
      kind: 'magic_link',
      email: recipient?.email ?? email,
      secretHash: hash,
      identifierHash: this.lockout.emailKey(email),
      payload,
      lifetimeSeconds: lifetimeMinutes * 60,
    });
    return { challengeId, link: this.linkFor(token) };
  }

  /**
   * POST /auth/login/magic/request: accepted alike for every address, and a
   * link e-mailed only to a signed-up guarantor, after the answer; 503
   * MAIL_UNAVAILABLE alike for every address while the mail server is down.
   */
  async request(email: string, context: RequestContext): Promise<{ accepted: true }> {
    const recipient = (await this.repository.findSignedUpByEmail(email)) ?? null;
    const recent = await this.challenges.countRecent(
      'magic_link',
      this.lockout.emailKey(email),
      MAGIC_LINK_MINUTES * 60,
    );
    const record = (outcome: 'success' | 'failure', details: Record<string, unknown>) =>
      this.audit.record(context, {
        action: 'auth.magic_link.request',
        outcome,
        actorType: 'anonymous',
        guarantorId: recipient?.id ?? null,
        targetType: 'guarantor',
        targetId: recipient?.id ?? null,
        details,
      });

    // Asked for every address, before anything else is decided (decision 0006).
    try {
      await this.mail.ensureAvailable('magic_link');
    } catch (error) {
      await record('failure', { matched: recipient !== null, reason: 'mail_unavailable' });
      throw apiErrors.mailUnavailable(error);
    }
    if (recent >= MAX_RECENT_MAGIC_LINKS) {
      await record('failure', { matched: recipient !== null, reason: 'too_many_links' });
      return { accepted: true };
    }

    const issued = await this.issue(recipient, email, MAGIC_LINK_MINUTES, { purpose: 'sign_in' });
    await record('success', { matched: recipient !== null, challengeId: issued.challengeId });
    if (recipient) {
      const message = this.mail.magicLink(
        recipient.email,
        {
          firstName: recipient.firstName,
          link: issued.link,
          lifetimeMinutes: MAGIC_LINK_MINUTES,
        },
        context.language,
      );
      const about = {
        guarantorId: recipient.id,
        targetType: 'login_challenge',
        targetId: issued.challengeId,
      };
      this.mail.deliverInBackground(
        message,
        () => this.audit.record(context, mailDeliveryEvent(message, 'failure', about)),
        () => this.audit.record(context, mailDeliveryEvent(message, 'success', about)),
      );
    }
    return { accepted: true };
  }

  /** POST /auth/login/magic: a live, unused link signs in with loginType 'magic'. */
  async login(token: string, context: RequestContext): Promise<LoginResponse> {
    const consumed = await this.challenges.consumeMagicLink(hashToken(token));
    if (!consumed) {
      await this.audit.record(context, {
        action: 'auth.login',
        outcome: 'failure',
        actorType: 'anonymous',
        details: { method: 'magic_link', reason: 'invalid_link' },
      });
      throw apiErrors.magicLinkInvalid();
    }
    const { sessionId, response } = await this.auth.startSession({
      guarantorId: consumed.guarantorId,
      roles: consumed.roles,
      loginType: 'magic',
      ...(context.language ? { language: context.language } : {}),
    });
    await this.audit.record(context, {
      action: 'auth.login',
      outcome: 'success',
      actorType: 'guarantor',
      actorId: consumed.guarantorId,
      guarantorId: consumed.guarantorId,
      targetType: 'session',
      targetId: sessionId,
      details: {
        method: 'magic_link',
        challengeId: consumed.challengeId,
        purpose: consumed.payload?.purpose ?? 'sign_in',
      },
    });
    return response;
  }
}
