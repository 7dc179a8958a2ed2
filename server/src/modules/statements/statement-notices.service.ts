import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { MagicLinkService } from '../magic-link/index.ts';
import type { MailOutbox, MailService } from '../mail/index.ts';
import type {
  StatementNoticeRow,
  StatementNoticesRepository,
} from './statement-notices.repository.ts';

export interface NotifyStatementsOptions {
  /** Only this guarantor. */
  accountNumber?: string;
  /** Say what would be sent; send nothing, record nothing. */
  dryRun?: boolean;
  /** Send even when the latest statement was already notified. */
  force?: boolean;
}

/** `queued`: in the mail outbox, sent by the server's worker (now, or after an outage). */
export type NoticeOutcome = 'queued' | 'would_send' | 'already_notified';

export interface NoticeResult {
  outcome: NoticeOutcome;
  notice: StatementNoticeRow;
}

export interface NotifyStatementsReport {
  results: NoticeResult[];
  /** When one account was asked for and gets no notice: why. */
  notEligible?: string;
}

export interface StatementNoticeServiceOptions {
  /** STATEMENT_LINK_TTL_HOURS: how long the notice's sign-in link works. */
  linkLifetimeHours: number;
}

/**
 * E-mails paperless guarantors that their latest statement is ready, with a
 * single-use sign-in link that lives longer than one asked for on the login
 * page (it waits in a mailbox). Each statement is notified once unless
 * `force` is given.
 */
export class StatementNoticeService {
  constructor(
    private readonly repository: StatementNoticesRepository,
    private readonly magicLinks: MagicLinkService,
    private readonly mail: MailService,
    private readonly outbox: MailOutbox,
    private readonly audit: AuditRepository,
    private readonly options: StatementNoticeServiceOptions,
  ) {}

  async notify(
    options: NotifyStatementsOptions,
    context: RequestContext,
  ): Promise<NotifyStatementsReport> {
    const notices = await this.repository.latestForPaperless(options.accountNumber);
    const report: NotifyStatementsReport = { results: [] };
    if (options.accountNumber !== undefined && notices.length === 0) {
      report.notEligible = await this.whyNotEligible(options.accountNumber);
    }
    for (const notice of notices) {
      report.results.push(await this.notifyOne(notice, options, context));
    }
    return report;
  }

  private async whyNotEligible(accountNumber: string): Promise<string> {
    const eligibility = await this.repository.eligibility(accountNumber);
    if (!eligibility.found) return `there is no guarantor with account number ${accountNumber}`;
    if (!eligibility.paperless) return `account ${accountNumber} is not enrolled in paperless`;
    if (!eligibility.verifiedEmail)
      return `account ${accountNumber} has no verified e-mail address`;
    if (eligibility.onHold)
      return `account ${accountNumber} has an open financial assistance application: its notices are on hold`;
    return `account ${accountNumber} has no statement yet`;
  }

  private async notifyOne(
    notice: StatementNoticeRow,
    options: NotifyStatementsOptions,
    context: RequestContext,
  ): Promise<NoticeResult> {
    if (notice.notifiedAt && !options.force) return { outcome: 'already_notified', notice };
    if (options.dryRun) return { outcome: 'would_send', notice };

    const lifetimeMinutes = this.options.linkLifetimeHours * 60;
    const { link, challengeId } = await this.magicLinks.issue(
      { id: notice.guarantorId, firstName: notice.firstName, email: notice.email },
      notice.email,
      lifetimeMinutes,
      { purpose: 'statement_notice', statementId: notice.statementId },
    );
    const message = this.mail.statementNotice(
      notice.email,
      {
        firstName: notice.firstName,
        statementDate: notice.statementDate,
        amountDueCents: notice.amountDueCents,
        dueDate: notice.dueDate,
        link,
        lifetimeMinutes,
      },
      notice.preferredLanguage,
    );
    const record = (outcome: 'success' | 'failure', details: Record<string, unknown>) =>
      this.audit.record(context, {
        action: 'statement.notify',
        outcome,
        actorType: 'operator',
        guarantorId: notice.guarantorId,
        targetType: 'statement',
        targetId: notice.statementId,
        details: { linkChallengeId: challengeId, ...details },
      });

    try {
      await this.repository.markNotified(notice.statementId, (tx) =>
        this.outbox.queue(message, { statementId: notice.statementId }, tx).then(() => undefined),
      );
    } catch (error) {
      await record('failure', { reason: 'not_queued' });
      throw error;
    }
    await record('success', { again: notice.notifiedAt !== null });
    return { outcome: 'queued', notice };
  }
}
