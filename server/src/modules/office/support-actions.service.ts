import type {
  SupportAction,
  SupportActionRequest,
  SupportActionResult,
} from '@webpay/contracts/office';
import type { Language } from '@webpay/contracts/language';
import { apiErrors } from '../../lib/api-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { SignInLockout } from '../lockout/index.ts';
import { MAGIC_LINK_MINUTES, type MagicLinkService } from '../magic-link/index.ts';
import type { MailOutbox, MailService } from '../mail/index.ts';
import type { GuarantorPageRepository, GuarantorRow } from './guarantor-page.repository.ts';
import type { GuarantorPageService } from './guarantor-page.service.ts';
import { OFFICE_MESSAGES } from './office-messages.ts';
import { staffEvent, type StaffActor } from './staff-actor.ts';

export interface SupportActionServices {
  page: Pick<GuarantorPageService, 'require'>;
  lockout: Pick<SignInLockout, 'accountKey' | 'emailKey' | 'clear'>;
  magicLinks: Pick<MagicLinkService, 'issue'>;
  mail: Pick<MailService, 'magicLink'>;
  outbox: Pick<MailOutbox, 'queue'>;
  audit: AuditRepository;
}

/** What an action did: the reader's message, and facts for its audit row. */
interface Done {
  message: (language: Language) => string;
  details: Record<string, unknown>;
  pinLetterId?: string;
}

/** A new-PIN issuer: gives the guarantor a new statement PIN and answers its letter's id. */
export interface PinIssuer {
  issueFor(guarantor: GuarantorRow, actor: StaffActor, context: RequestContext): Promise<string>;
}

const words = (language: Language) => OFFICE_MESSAGES[language];

/**
 * What the billing office does for a guarantor on the phone. Every action
 * names a reason, which its audit row keeps with who did it and from where.
 */
export class SupportActionsService {
  constructor(
    private readonly repository: GuarantorPageRepository,
    private readonly services: SupportActionServices,
    private readonly pins: PinIssuer,
  ) {}

  async perform(
    guarantorId: string,
    action: SupportAction,
    request: SupportActionRequest,
    actor: StaffActor,
    context: RequestContext,
  ): Promise<SupportActionResult> {
    const auditAction = `office.support.${action}`;
    const row = await this.services.page.require(guarantorId, auditAction, actor, context);
    const done = await this.run(row, action, request, actor, context);
    await this.services.audit.record(
      context,
      staffEvent(actor, auditAction, row.id, { reason: request.reason, ...done.details }),
    );
    return {
      action,
      message: done.message(context.language ?? 'en'),
      ...(done.pinLetterId ? { pinLetterId: done.pinLetterId } : {}),
    };
  }

  private run(
    row: GuarantorRow,
    action: SupportAction,
    request: SupportActionRequest,
    actor: StaffActor,
    context: RequestContext,
  ): Promise<Done> {
    switch (action) {
      case 'unlock-sign-in':
        return this.unlock(row);
      case 'sign-out-all-sessions':
        return this.signOutAll(row);
      case 'send-sign-in-link':
        return this.sendSignInLink(row, context);
      case 'issue-new-pin':
        return this.issuePin(row, actor, context);
      case 'correct-email':
        return this.correctEmail(row, request.email);
    }
  }

  /** Both counters a guarantor can be locked under. */
  private async unlock(row: GuarantorRow): Promise<Done> {
    const { lockout } = this.services;
    await lockout.clear(lockout.accountKey(row.accountNumber));
    if (row.email) await lockout.clear(lockout.emailKey(row.email));
    return { message: (language) => words(language).unlocked, details: {} };
  }

  private async signOutAll(row: GuarantorRow): Promise<Done> {
    const revoked = await this.repository.revokeSessions(row.id, 'office_sign_out');
    return { message: (language) => words(language).signedOut(revoked), details: { revoked } };
  }

  /**
   * A magic link to the address on file, queued in the mail outbox so it is
   * retried through a mail server outage and listed on the guarantor's page.
   * It is written in the guarantor's language, not the staff member's.
   */
  private async sendSignInLink(row: GuarantorRow, context: RequestContext): Promise<Done> {
    const email = row.email;
    if (!email) throw this.badRequest((language) => words(language).noEmailOnFile);
    const recipient = { id: row.id, firstName: row.firstName, email };
    const issued = await this.services.magicLinks.issue(recipient, email, MAGIC_LINK_MINUTES, {
      purpose: 'sign_in',
      sentBy: 'office',
      requestId: context.requestId,
    });
    const message = this.services.mail.magicLink(
      email,
      { firstName: row.firstName, link: issued.link, lifetimeMinutes: MAGIC_LINK_MINUTES },
      row.preferredLanguage,
    );
    await this.services.outbox.queue(message, {
      guarantorId: row.id,
      challengeId: issued.challengeId,
    });
    return {
      message: (language) => words(language).linkSent(email),
      details: { challengeId: issued.challengeId },
    };
  }

  private async issuePin(
    row: GuarantorRow,
    actor: StaffActor,
    context: RequestContext,
  ): Promise<Done> {
    const pinLetterId = await this.pins.issueFor(row, actor, context);
    return {
      message: (language) => words(language).pinIssued,
      details: { pinLetterId },
      pinLetterId,
    };
  }

  /** The rules sign-up has: one address per guarantor, whatever its letter case. */
  private async correctEmail(row: GuarantorRow, email: string | undefined): Promise<Done> {
    if (!email) throw this.badRequest((language) => words(language).emailRequired);
    const saved = await this.repository.setEmail(row.id, email);
    if (saved === 'unchanged') throw this.badRequest((language) => words(language).emailUnchanged);
    if (saved === 'in_use') throw apiErrors.signupEmailInUse();
    return {
      message: (language) => words(language).emailCorrected(email),
      details: { oldEmail: row.email, newEmail: email },
    };
  }

  private badRequest(text: (language: Language) => string) {
    return apiErrors.validation([(_, language) => text(language)]);
  }
}
