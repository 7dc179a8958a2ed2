import { sql, type SQL } from 'drizzle-orm';
import { fromCents, sumCents } from '@webpay/contracts/money';
import type { StatementReconciliation } from '@webpay/contracts/statement-reconciliation';
import type {
  StatementDetail,
  StatementList,
  StatementSummary,
} from '@webpay/contracts/statements';
import type { StatementItem } from '../../db/schema.ts';
import { apiErrors } from '../../lib/api-error.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditActor, AuditRepository } from '../audit/index.ts';
import type { AuthService, SessionReadSpec, SignedInRead } from '../auth/index.ts';
import { openBillsJson, type EncountersRepository, type OpenBills } from '../encounters/index.ts';
import {
  renderStatementPdf,
  type StatementPdfInput,
  type StatementTotals,
} from './statement-pdf.ts';
import { reconcileStatement } from './statement-reconciliation.ts';
import { statementStatusOn } from './statement-status.ts';
import {
  statementJson,
  statementSummariesJson,
  type StatementRow,
  type StatementsRepository,
  type StatementSummaryRow,
} from './statements.repository.ts';

export type { StatementSummaryRow } from './statements.repository.ts';

export interface StatementsServiceOptions {
  providerName: string;
  portalName: string;
  supportEmail: string;
  /** SPEC §1: the guarantor's own support phone wins; this is the fallback. */
  fallbackSupportPhone: string;
  /** The facility's days, which due dates are read on. */
  calendar: FacilityCalendar;
  /** Where the financial assistance policy is published and whom to call about it (section 501(r)). */
  assistance: StatementPdfInput['assistance'];
  /** The clock statuses are read against; tests set it. */
  now?: () => Date;
}

export interface StatementPdf {
  filename: string;
  bytes: Uint8Array;
}

/** Each column of the lines summed, in cents. */
export function statementTotals(items: readonly StatementItem[]): StatementTotals {
  return {
    chargesCents: sumCents(items.map((item) => item.chargesCents)),
    paymentsCents: sumCents(items.map((item) => item.paymentsCents)),
    adjustmentsCents: sumCents(items.map((item) => item.adjustmentsCents)),
    balanceCents: sumCents(items.map((item) => item.balanceCents)),
  };
}

/** `today` is the facility's day, which the status is read on. */
export function toStatementSummary(row: StatementSummaryRow, today: string): StatementSummary {
  return {
    id: row.id,
    statementDate: row.statementDate,
    accountNumber: row.accountNumber,
    amountDue: fromCents(row.amountDueCents),
    dueDate: row.dueDate,
    status: statementStatusOn(row, today),
  };
}

export function toStatementDetail(
  row: StatementRow,
  today: string,
  reconciliation: StatementReconciliation,
): StatementDetail {
  const totals = statementTotals(row.items);
  return {
    ...toStatementSummary(row, today),
    guarantorName: guarantorName(row),
    items: row.items.map((item) => ({
      facilityId: item.facilityId,
      accountNumber: item.accountNumber,
      patientName: item.patientName,
      description: item.description,
      serviceDate: item.serviceDate,
      charges: fromCents(item.chargesCents),
      payments: fromCents(item.paymentsCents),
      adjustments: fromCents(item.adjustmentsCents),
      balance: fromCents(item.balanceCents),
    })),
    totals: {
      charges: fromCents(totals.chargesCents),
      payments: fromCents(totals.paymentsCents),
      adjustments: fromCents(totals.adjustmentsCents),
      balance: fromCents(totals.balanceCents),
    },
    reconciliation,
  };
}

/** The values of GET /statements/{id}'s read. */
export type StatementIdValues = { statementId: string };

/** The statement id asked, as its read's placeholder. */
const STATEMENT_ID = sql`${sql.placeholder('statementId')}`;

/** One statement with the open bills it is compared with, as GET /statements/{id} reads them. */
interface StatementWithBills {
  statement: StatementRow;
  bills: OpenBills;
}

/** GET /statements in one statement with its session and role checks (auth's session-read.ts). */
const STATEMENTS_READ: SessionReadSpec = {
  name: 'statements_read',
  payload: statementSummariesJson,
  action: 'statements.listed',
  details: (summaries) => sql`jsonb_build_object('statements', json_array_length(${summaries}))`,
  historicalData: true,
};

/**
 * GET /statements/{id} likewise, with the bills it is compared with. A
 * missing or someone else's id reads null, recorded as a failure against
 * the id asked, as a found one is recorded against its own.
 */
const STATEMENT_READ: SessionReadSpec = {
  name: 'statement_read',
  payload: (guarantorId) => sql`(
    select json_build_object('statement', found.statement, 'bills', ${openBillsJson(guarantorId)})
    from (select ${statementJson(guarantorId, STATEMENT_ID)} as statement) found
    where found.statement is not null
  )`,
  action: 'statement.viewed',
  outcome: (read) => sql`case when ${read} is null then 'failure' else 'success' end`,
  target: { type: 'statement', id: () => STATEMENT_ID },
  details: (read) => sql`case when ${read} is null
    then jsonb_build_object('reason', 'not_found')
    else jsonb_build_object(
      'statementDate', ${read}->'statement'->>'statementDate',
      'items', json_array_length(${read}->'statement'->'items'))
    end`,
  historicalData: true,
};

function guarantorName(row: Pick<StatementRow, 'firstName' | 'lastName'>): string {
  return `${row.firstName} ${row.lastName}`.trim();
}

export class StatementsService {
  private readonly now: () => Date;
  private readonly readSummaries: SignedInRead<StatementSummaryRow[]>;
  private readonly readStatement: SignedInRead<StatementWithBills | null, StatementIdValues>;

  constructor(
    private readonly repository: StatementsRepository,
    /** The guarantor's open bills, which the dashboard shows: each statement is compared with them. */
    private readonly bills: Pick<EncountersRepository, 'openBills'>,
    private readonly audit: AuditRepository,
    private readonly options: StatementsServiceOptions,
    /** Where the guarantor's one-trip reads are made. */
    signedIn: Pick<AuthService, 'signedInRead'>,
  ) {
    this.now = options.now ?? (() => new Date());
    this.readSummaries = signedIn.signedInRead(STATEMENTS_READ);
    this.readStatement = signedIn.signedInRead(STATEMENT_READ);
  }

  private today(): string {
    return this.options.calendar.dayOf(this.now());
  }

  /** How the statement compares with the dashboard as the bills stand on `today`. */
  private async reconcile(
    guarantorId: string,
    row: StatementRow,
    today: string,
  ): Promise<StatementReconciliation> {
    return reconcileStatement(row, await this.bills.openBills(guarantorId), today);
  }

  /** What GET /statements answers the guarantor, unaudited: the caller records who looked. */
  async summaries(guarantorId: string): Promise<StatementSummary[]> {
    return this.summariesOf(await this.repository.listForGuarantor(guarantorId));
  }

  /** The guarantor's statement summaries as one JSON value, for a read made in one statement. */
  summariesJson(guarantorId: SQL): SQL<StatementSummaryRow[]> {
    return statementSummariesJson(guarantorId);
  }

  /** What `summaries` answers, from `summariesJson`'s rows. */
  summariesOf(rows: readonly StatementSummaryRow[]): StatementSummary[] {
    const today = this.today();
    return rows.map((row) => toStatementSummary(row, today));
  }

  /** GET /statements: the token's guarantor's statements, read and audited with the checks. */
  readonly list: SignedInRead<StatementList> = async (token, context, asked) => {
    const { session, payload } = await this.readSummaries(token, context, asked);
    const today = this.today();
    return {
      session,
      payload: { statements: payload.map((row) => toStatementSummary(row, today)) },
    };
  };

  /** GET /statements/{id}: one of them, compared with the bills as they stand today. */
  readonly detail: SignedInRead<StatementDetail, StatementIdValues> = async (
    token,
    context,
    asked,
  ) => {
    const { session, payload } = await this.readStatement(token, context, asked);
    if (!payload) throw apiErrors.statementNotFound();
    const today = this.today();
    const { statement, bills } = payload;
    return {
      session,
      payload: toStatementDetail(statement, today, reconcileStatement(statement, bills, today)),
    };
  };

  /** `actor`: who downloads it, the guarantor unless the billing office does (modules/office). */
  async pdf(
    guarantorId: string,
    id: string,
    context: RequestContext,
    actor: AuditActor = { actorType: 'guarantor', actorId: guarantorId },
  ): Promise<StatementPdf> {
    const row = await this.find(guarantorId, id, 'statement.pdf_downloaded', context, actor);
    const today = this.today();
    const bytes = await renderStatementPdf({
      provider: {
        name: this.options.providerName,
        portalName: this.options.portalName,
        supportPhone: row.supportPhone?.trim() || this.options.fallbackSupportPhone,
        supportEmail: this.options.supportEmail,
      },
      assistance: this.options.assistance,
      guarantorName: guarantorName(row),
      accountNumber: row.accountNumber,
      statementDate: row.statementDate,
      dueDate: row.dueDate,
      status: statementStatusOn(row, today),
      amountDueCents: row.amountDueCents,
      items: row.items,
      totals: statementTotals(row.items),
      reconciliation: await this.reconcile(guarantorId, row, today),
      ...(context.language ? { language: context.language } : {}),
    });
    await this.record(
      context,
      guarantorId,
      'statement.pdf_downloaded',
      'success',
      {
        targetType: 'statement',
        targetId: row.id,
        details: { statementDate: row.statementDate, items: row.items.length, bytes: bytes.length },
      },
      actor,
    );
    return { filename: `statement-${row.statementDate}.pdf`, bytes };
  }

  /** The caller's statement; a missing or someone else's id is recorded and answered alike. */
  private async find(
    guarantorId: string,
    id: string,
    action: string,
    context: RequestContext,
    actor?: AuditActor,
  ): Promise<StatementRow> {
    const row = await this.repository.findForGuarantor(guarantorId, id);
    if (row) return row;
    await this.record(
      context,
      guarantorId,
      action,
      'failure',
      { targetType: 'statement', targetId: id, details: { reason: 'not_found' } },
      actor,
    );
    throw apiErrors.statementNotFound();
  }

  private record(
    context: RequestContext,
    guarantorId: string,
    action: string,
    outcome: 'success' | 'failure',
    event: { targetType: string; targetId: string; details: Record<string, unknown> },
    actor: AuditActor = { actorType: 'guarantor', actorId: guarantorId },
  ): Promise<void> {
    return this.audit.record(context, { action, outcome, ...actor, guarantorId, ...event });
  }
}
