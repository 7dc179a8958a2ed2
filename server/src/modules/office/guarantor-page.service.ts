import { sql, type SQL } from 'drizzle-orm';
import type { EncountersResponse } from '@webpay/contracts/encounters';
import type { GuarantorPage, SignInState } from '@webpay/contracts/office';
import { apiErrors } from '../../lib/api-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import { encountersAnswerCounts, encountersAnswerJson } from '../encounters/index.ts';
import type { StoredJobJson } from '../jobs/index.ts';
import type { LockoutCount, LockoutJson, SignInLockout } from '../lockout/index.ts';
import { MAIL_DELIVERY_ACTION, type MailOutbox } from '../mail/index.ts';
import type { HistoryPaymentJson, PaymentHistoryService } from '../payment-history/index.ts';
import type { StatementSummaryRow, StatementsService } from '../statements/index.ts';
import type { StaffReader, StaffSessionRead } from '../staff/index.ts';
import {
  directEmailsJson,
  lastPayerJson,
  mailReferences,
  pageGuarantorJson,
  pageGuarantorOf,
  sessionsJson,
  type DirectEmailJson,
  type GuarantorPageRepository,
  type PageGuarantor,
  type PageGuarantorJson,
  type SessionsJson,
} from './guarantor-page.repository.ts';
import { emailsOf, MAX_EMAILS } from './guarantor-emails.ts';
import { OFFICE_MESSAGES } from './office-messages.ts';
import { staffEvent, type StaffActor } from './staff-actor.ts';

const VIEWED = 'office.guarantor.viewed';

export interface GuarantorPageServices {
  statements: Pick<StatementsService, 'summariesJson' | 'summariesOf' | 'pdf'>;
  paymentHistory: Pick<PaymentHistoryService, 'allItemsJson' | 'itemsOf'>;
  lockout: Pick<SignInLockout, 'accountKey' | 'emailKey' | 'stateJson' | 'stateOf'>;
  outbox: Pick<MailOutbox, 'messagesConcerningJson' | 'messagesOf'>;
  audit: AuditRepository;
}

/** Everything on the page beyond the guarantor's own row, as its one statement reads it. */
interface PageJson {
  /** The bills as the portal's GET /encounters answers them. */
  bills: EncountersResponse;
  statements: StatementSummaryRow[];
  payments: HistoryPaymentJson[];
  queued: StoredJobJson[];
  direct: DirectEmailJson[];
  byAccount: LockoutJson | null;
  byEmail: LockoutJson | null;
  sessions: SessionsJson;
  payer: Record<string, string | null> | null;
}

export const guarantorNotFound = () =>
  apiErrors.notFound((_, language) => OFFICE_MESSAGES[language].guarantorNotFound);

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The address the guarantor last paid with, on one line. */
function addressOf(payer: Record<string, string | null> | null): string | null {
  if (!payer) return null;
  const { address, city, state, zipCode } = payer;
  const line = [address, [city, state].filter(Boolean).join(', '), zipCode]
    .filter((part) => part && part.trim())
    .join(' ');
  return line || null;
}

/** Both counters a guarantor signs in under: the account number's and the e-mail address's. */
function signInStateOf(
  row: PageGuarantor,
  [byAccount, byEmail]: [LockoutCount, LockoutCount],
  sessions: SessionsJson,
): SignInState {
  const locks = [byAccount.lockedUntil, byEmail.lockedUntil].filter(
    (date): date is Date => date !== null,
  );
  const lockedUntil = locks.sort((a, b) => b.getTime() - a.getTime())[0] ?? null;
  return {
    signedUp: row.signedUpAt !== null,
    pinIssuedAt: iso(row.pinIssuedAt),
    lockedUntil: iso(lockedUntil),
    failedAttempts: byAccount.failures + byEmail.failures,
    activeSessions: sessions.active,
    lastSignInAt: sessions.lastSignInAt ? new Date(sessions.lastSignInAt).toISOString() : null,
  };
}

/**
 * The view's audit details from the statement's answer (`page`, its JSON):
 * what the page lists, counted as the answer counts it.
 */
const viewedDetails = (page: SQL) => sql`(
  select ${encountersAnswerCounts(sql`${page}->'bills'`)} || jsonb_build_object(
    'statements', json_array_length(${page}->'statements'),
    'payments', json_array_length(${page}->'payments'),
    'emails', least(${MAX_EMAILS}::integer,
      json_array_length(${page}->'queued') + json_array_length(${page}->'direct')))
  from page
)`;

/**
 * A guarantor as the billing office sees them: the figures come from the
 * portal's own services, so the office and the guarantor never see two
 * different balances.
 */
export class GuarantorPageService {
  /** The first of the page's two trips: the staff checks and the guarantor's row. */
  private readonly guarantorRead: StaffSessionRead<{ guarantor: PageGuarantorJson | null }>;

  constructor(
    private readonly repository: GuarantorPageRepository,
    private readonly services: GuarantorPageServices,
  ) {
    const guarantorId = sql`${sql.placeholder('guarantorId')}::text`;
    this.guarantorRead = repository.staffRead({
      name: 'office_guarantor_page',
      permission: 'read',
      payload: sql`json_build_object('guarantor', ${pageGuarantorJson(guarantorId)})`,
    });
  }

  /** The guarantor, or 404 (audited as a failure, so a probe for ids shows in the trail). */
  async require(guarantorId: string, action: string, actor: StaffActor, context: RequestContext) {
    const row = await this.repository.guarantor(guarantorId);
    if (row) return row;
    return this.notFound(guarantorId, action, actor, context);
  }

  private async notFound(
    guarantorId: string,
    action: string,
    actor: StaffActor,
    context: RequestContext,
  ): Promise<never> {
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
    const row = await this.require(guarantorId, VIEWED, actor, context);
    return this.pageOf(row, actor, context);
  }

  /**
   * The page in two trips (decision 0028): the staff session and role
   * checks with the guarantor's row, whose account number and address give
   * the sign-in counters' keys; then everything else with the audit row.
   * `actor` is known once the first has passed.
   */
  async pageAsStaff(
    guarantorId: string,
    read: StaffReader,
    context: RequestContext,
    actor: () => StaffActor,
  ): Promise<GuarantorPage> {
    const { guarantor } = await read(this.guarantorRead, { guarantorId });
    if (!guarantor) return this.notFound(guarantorId, VIEWED, actor(), context);
    return this.pageOf(pageGuarantorOf(guarantor), actor(), context);
  }

  /** The page of a guarantor whose row is read: one statement, its audit row within it. */
  private async pageOf(
    row: PageGuarantor,
    actor: StaffActor,
    context: RequestContext,
  ): Promise<GuarantorPage> {
    const { statements, paymentHistory, lockout, outbox, audit } = this.services;
    const json = await this.repository.readAudited(
      this.pageJson(row),
      audit.insertWith(
        context,
        staffEvent(actor, VIEWED, row.id, {}),
        viewedDetails(sql`page.payload`),
      ),
    );
    const emails = emailsOf(outbox.messagesOf(json.queued), json.direct, context.language ?? 'en');
    const counts: [LockoutCount, LockoutCount] = [
      lockout.stateOf(json.byAccount),
      lockout.stateOf(json.byEmail),
    ];
    return {
      guarantorId: row.id,
      accountNumber: row.accountNumber,
      name: `${row.firstName} ${row.lastName}`.trim(),
      birthdate: row.birthdate,
      email: row.email,
      phone: row.supportPhone,
      address: addressOf(json.payer),
      preferredLanguage: row.preferredLanguage,
      billing: json.bills,
      statements: statements.summariesOf(json.statements),
      payments: paymentHistory.itemsOf(json.payments),
      emails,
      signIn: signInStateOf(row, counts, json.sessions),
    };
  }

  /** The page's reads as one JSON value: the portal's own, the outbox's and the counters'. */
  private pageJson(row: PageGuarantor): SQL<PageJson> {
    const id = sql`${row.id}::text`;
    const { statements, paymentHistory, lockout, outbox } = this.services;
    const references = mailReferences(id);
    const queued = outbox.messagesConcerningJson(
      {
        guarantorId: row.id,
        addresses: row.email ? [row.email] : [],
        paymentIds: references.payments,
        statementIds: references.statements,
      },
      MAX_EMAILS,
    );
    return sql<PageJson>`json_build_object(
      'bills', ${encountersAnswerJson(id)},
      'statements', ${statements.summariesJson(id)},
      'payments', ${paymentHistory.allItemsJson(id)},
      'queued', ${queued},
      'direct', ${directEmailsJson(id, MAIL_DELIVERY_ACTION, MAX_EMAILS)},
      'byAccount', ${lockout.stateJson(lockout.accountKey(row.accountNumber))},
      'byEmail', ${lockout.stateJson(row.email ? lockout.emailKey(row.email) : null)},
      'sessions', ${sessionsJson(id)},
      'payer', ${lastPayerJson(id)})`;
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
}
