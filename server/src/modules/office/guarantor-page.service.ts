import type { GuarantorPage, SentEmail, SignInState } from '@webpay/contracts/office';
import { apiErrors } from '../../lib/api-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { EncountersService } from '../encounters/index.ts';
import type { SignInLockout } from '../lockout/index.ts';
import { MAIL_DELIVERY_ACTION, type MailOutbox } from '../mail/index.ts';
import type { PaymentHistoryService } from '../payment-history/index.ts';
import type { StatementsService } from '../statements/index.ts';
import type {
  DirectEmail,
  GuarantorPageRepository,
  GuarantorRow,
} from './guarantor-page.repository.ts';
import { OFFICE_MESSAGES } from './office-messages.ts';
import { staffEvent, type StaffActor } from './staff-actor.ts';

/** E-mails listed on the page at most, newest first. */
const MAX_EMAILS = 50;

export interface GuarantorPageServices {
  encounters: Pick<EncountersService, 'openBills'>;
  statements: Pick<StatementsService, 'summaries' | 'pdf'>;
  paymentHistory: Pick<PaymentHistoryService, 'items'>;
  lockout: Pick<SignInLockout, 'accountKey' | 'emailKey' | 'state'>;
  outbox: Pick<MailOutbox, 'messagesConcerning'>;
  audit: AuditRepository;
}

export const guarantorNotFound = () =>
  apiErrors.notFound((_, language) => OFFICE_MESSAGES[language].guarantorNotFound);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** `magic_link` as the console shows it: `magic-link`. */
const kindName = (kind: string) => kind.replaceAll('_', '-');

/** An audit row of a direct send, when it names its recipient and subject. */
function directEmail(row: DirectEmail): SentEmail[] {
  const { kind, to, subject } = row.details ?? {};
  if (typeof kind !== 'string' || typeof to !== 'string' || typeof subject !== 'string') return [];
  const at = row.occurredAt.toISOString();
  const sent = row.outcome === 'success';
  return [
    {
      id: `direct-${row.id}`,
      kind: kindName(kind),
      to,
      subject,
      status: sent ? 'sent' : 'failed',
      queuedAt: at,
      sentAt: sent ? at : null,
      error: sent ? null : 'The mail server did not accept it',
    },
  ];
}

/**
 * A guarantor as the billing office sees them: the figures come from the
 * portal's own services, so the office and the guarantor never see two
 * different balances.
 */
export class GuarantorPageService {
  constructor(
    private readonly repository: GuarantorPageRepository,
    private readonly services: GuarantorPageServices,
  ) {}

  /** The guarantor, or 404 (audited as a failure, so a probe for ids shows in the trail). */
  async require(guarantorId: string, action: string, actor: StaffActor, context: RequestContext) {
    const row = await this.repository.guarantor(guarantorId);
    if (row) return row;
    await this.services.audit.record(context, {
      action,
      outcome: 'failure',
      actorType: 'staff',
      actorId: actor.staffId,
      targetType: 'guarantor',
      targetId: guarantorId,
      details: { reason: 'not_found' },
    });
    throw guarantorNotFound();
  }

  async page(
    guarantorId: string,
    actor: StaffActor,
    context: RequestContext,
  ): Promise<GuarantorPage> {
    const action = 'office.guarantor.viewed';
    const row = await this.require(guarantorId, action, actor, context);
    const [billing, statements, payments, emails, signIn, address] = await Promise.all([
      this.services.encounters.openBills(row.id),
      this.services.statements.summaries(row.id),
      this.services.paymentHistory.items(row.id, {}),
      this.emails(row),
      this.signInState(row),
      this.repository.lastPayerAddress(row.id),
    ]);
    await this.services.audit.record(
      context,
      staffEvent(actor, action, row.id, {
        encounters: billing.encounters.length,
        paymentPlans: billing.paymentPlans.length,
        statements: statements.length,
        payments: payments.length,
        emails: emails.length,
      }),
    );
    return {
      guarantorId: row.id,
      accountNumber: row.accountNumber,
      name: `${row.firstName} ${row.lastName}`.trim(),
      birthdate: row.birthdate,
      email: row.email,
      phone: row.supportPhone,
      address,
      preferredLanguage: row.preferredLanguage,
      billing,
      statements,
      payments,
      emails,
      signIn,
    };
  }

  /** The statement PDF the portal makes, its download recorded as the staff member's. */
  async statementPdf(
    guarantorId: string,
    statementId: string,
    actor: StaffActor,
    context: RequestContext,
  ) {
    const row = await this.require(guarantorId, 'statement.pdf_downloaded', actor, context);
    return this.services.statements.pdf(row.id, statementId, context, {
      actorType: 'staff',
      actorId: actor.staffId,
    });
  }

  /**
   * What was e-mailed to the guarantor: the outbox's messages (receipts,
   * notices, the console's sign-in links) and those sent while they waited
   * (codes and links they asked for), newest first.
   */
  private async emails(row: GuarantorRow): Promise<SentEmail[]> {
    const references = await this.repository.mailReferences(row.id);
    const [queued, direct] = await Promise.all([
      this.services.outbox.messagesConcerning(
        {
          guarantorId: row.id,
          addresses: row.email ? [row.email] : [],
          paymentIds: references.payments,
          statementIds: references.statements,
        },
        MAX_EMAILS,
      ),
      this.repository.directEmails(row.id, MAIL_DELIVERY_ACTION, MAX_EMAILS),
    ]);
    const emails: SentEmail[] = [
      ...queued.map((message) => ({
        id: message.id,
        kind: kindName(message.kind),
        to: message.to,
        subject: message.subject,
        status: message.status,
        queuedAt: message.queuedAt.toISOString(),
        sentAt: iso(message.sentAt),
        error: message.error,
      })),
      ...direct.flatMap(directEmail),
    ];
    return emails.sort((a, b) => b.queuedAt.localeCompare(a.queuedAt)).slice(0, MAX_EMAILS);
  }

  /** Both counters a guarantor signs in under: the account number's and the e-mail address's. */
  private async signInState(row: GuarantorRow): Promise<SignInState> {
    const { lockout } = this.services;
    const [byAccount, byEmail, sessions] = await Promise.all([
      lockout.state(lockout.accountKey(row.accountNumber)),
      row.email ? lockout.state(lockout.emailKey(row.email)) : undefined,
      this.repository.sessions(row.id),
    ]);
    const locks = [byAccount.lockedUntil, byEmail?.lockedUntil ?? null].filter(
      (date): date is Date => date !== null,
    );
    const lockedUntil = locks.sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
    return {
      signedUp: row.signedUpAt !== null,
      pinIssuedAt: iso(row.pinIssuedAt),
      lockedUntil: iso(lockedUntil),
      failedAttempts: byAccount.failures + (byEmail?.failures ?? 0),
      activeSessions: sessions.active,
      lastSignInAt: iso(sessions.lastSignInAt),
    };
  }
}
