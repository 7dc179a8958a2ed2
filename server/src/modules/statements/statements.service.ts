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
import type { EncountersRepository } from '../encounters/index.ts';
import { renderStatementPdf, type StatementTotals } from './statement-pdf.ts';
import { reconcileStatement } from './statement-reconciliation.ts';
import { statementStatusOn } from './statement-status.ts';
import type {
  StatementRow,
  StatementsRepository,
  StatementSummaryRow,
} from './statements.repository.ts';

export interface StatementsServiceOptions {
  providerName: string;
  portalName: string;
  supportEmail: string;
  /** SPEC §1: the guarantor's own support phone wins; this is the fallback. */
  fallbackSupportPhone: string;
  /** The facility's days, which due dates are read on. */
  calendar: FacilityCalendar;
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

function guarantorName(row: Pick<StatementRow, 'firstName' | 'lastName'>): string {
  return `${row.firstName} ${row.lastName}`.trim();
}

export class StatementsService {
  private readonly now: () => Date;

  constructor(
    private readonly repository: StatementsRepository,
    /** The guarantor's open bills, which the dashboard shows: each statement is compared with them. */
    private readonly bills: Pick<EncountersRepository, 'openBills'>,
    private readonly audit: AuditRepository,
    private readonly options: StatementsServiceOptions,
  ) {
    this.now = options.now ?? (() => new Date());
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
    const rows = await this.repository.listForGuarantor(guarantorId);
    const today = this.today();
    return rows.map((row) => toStatementSummary(row, today));
  }

  async list(guarantorId: string, context: RequestContext): Promise<StatementList> {
    const statements = await this.summaries(guarantorId);
    await this.record(context, guarantorId, 'statements.listed', 'success', {
      targetType: 'guarantor',
      targetId: guarantorId,
      details: { statements: statements.length },
    });
    return { statements };
  }

  async detail(guarantorId: string, id: string, context: RequestContext): Promise<StatementDetail> {
    const row = await this.find(guarantorId, id, 'statement.viewed', context);
    await this.record(context, guarantorId, 'statement.viewed', 'success', {
      targetType: 'statement',
      targetId: row.id,
      details: { statementDate: row.statementDate, items: row.items.length },
    });
    const today = this.today();
    return toStatementDetail(row, today, await this.reconcile(guarantorId, row, today));
  }

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
