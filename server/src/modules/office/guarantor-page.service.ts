import type { GuarantorPage, SentEmail, SignInState } from '@webpay/contracts/office';
import { apiErrors } from '../../lib/api-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { EncountersService } from '../encounters/index.ts';
import type { SignInLockout } from '../lockout/index.ts';
import type { MailOutbox } from '../mail/index.ts';
import type { PaymentHistoryService } from '../payment-history/index.ts';
import type { StatementsService } from '../statements/index.ts';
import type { GuarantorPageRepository, GuarantorRow } from './guarantor-page.repository.ts';
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

  private async emails(row: GuarantorRow): Promise<SentEmail[]> {
    const references = await this.repository.mailReferences(row.id);
    const messages = await this.services.outbox.messagesConcerning(
      {
        guarantorId: row.id,
        addresses: row.email ? [row.email] : [],
        paymentIds: references.payments,
        statementIds: references.statements,
      },
      MAX_EMAILS,
    );
    return messages.map((message) => ({
      id: message.id,
      kind: message.kind.replaceAll('_', '-'),
      to: message.to,
      subject: message.subject,
      status: message.status,
      queuedAt: message.queuedAt.toISOString(),
      sentAt: iso(message.sentAt),
      error: message.error,
    }));
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
