import type {
  GuarantorRecurring,
  PlansNeedingAttention,
  StaffAutopayCancel,
  StaffAutopayCancelled,
} from '@webpay/contracts/office-recurring';
import { sql, type SQL } from 'drizzle-orm';
import { apiErrors } from '../../lib/api-error.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import {
  guarantorNotFound,
  staffEvent,
  type OfficeServices,
  type StaffActor,
} from '../office/index.ts';
import type { StaffReader, StaffSessionRead } from '../staff/index.ts';
import {
  recurringRowsOf,
  type AttentionRow,
  type OfficeRecurringRepository,
  type RecurringJson,
} from './office-recurring.repository.ts';
import { RECURRING_MESSAGES } from './recurring-messages.ts';
import {
  authorizationView,
  historyView,
  methodUses,
  methodView,
  planView,
  upcomingView,
} from './recurring-view.ts';

/** A staff member's cancel, as the autopay module records it on the authorization. */
export interface StaffCancel {
  kind: 'staff';
  staffId: string;
  reason: string;
}

/**
 * The autopay module's cancels (AutopayEnrolment): autopay off at once,
 * every charge not yet being charged stopped, the authorization revoked
 * with who and why.
 */
export interface StaffAutopayCanceller {
  cancelPlanAutopay(planId: string, by: StaffCancel, context: RequestContext): Promise<unknown>;
  cancelStatementAutopay(
    guarantorId: string,
    by: StaffCancel,
    context: RequestContext,
  ): Promise<unknown>;
}

export interface OfficeRecurringServices {
  /** The guarantor or 404, audited as a failure (the console's guarantor page). */
  page: Pick<OfficeServices['guarantors'], 'require'>;
  enrolment: StaffAutopayCanceller;
  audit: AuditRepository;
  calendar: FacilityCalendar;
  /** AUTOPAY_CHANGE_BUSINESS_DAYS. */
  changeBusinessDays: number;
}

const VIEWED = 'office.recurring.viewed';

type RecurringRows = ReturnType<typeof recurringRowsOf>;

/**
 * The rows `recurring` writes, from what was read: the view with its
 * counts (staffEvent), or the not-found failure GuarantorPageService.require
 * writes for an unknown guarantor.
 */
function viewedRows(json: SQL, requested: SQL): SQL {
  const count = (set: string) => sql`json_array_length(${json}->${set}::text)`;
  return sql`select ${json}->>'guarantorId' as guarantor_id, ${VIEWED}::text as action,
      'success'::text as outcome, 'guarantor'::text as target_type,
      ${json}->>'guarantorId' as target_id,
      jsonb_build_object('methods', ${count('methods')}, 'plans', ${count('plans')},
        'authorizations', ${count('authorizations')}, 'charges', ${count('charges')}) as details
    where ${json}->>'guarantorId' is not null
    union all
    select null::text, ${VIEWED}::text, 'failure'::text, 'guarantor'::text, ${requested},
      jsonb_build_object('reason', 'not_found')
    where ${json}->>'guarantorId' is null`;
}

const ATTENTION_VIEWED = 'office.plans_attention.viewed';

function attentionView(rows: AttentionRow[]): PlansNeedingAttention {
  return {
    plans: rows.map((row) => ({
      guarantorId: row.guarantorId,
      guarantorName: `${row.firstName} ${row.lastName}`.trim(),
      accountNumber: row.accountNumber,
      planNumber: row.planNumber,
      overdueSince: row.needsAttentionSince,
      overdueCents: row.overdueCents,
    })),
  };
}

const words = (context: RequestContext) => RECURRING_MESSAGES[context.language ?? 'en'];

/**
 * A guarantor's recurring payments as the billing office sees them: saved
 * methods masked, portal plans with their instalments, every authorization
 * word for word and what autopay did and will do; and the staff cancel.
 */
export class OfficeRecurringService {
  /** office.recurring.viewed in one statement, prepared once per connection. */
  private readonly viewRead: StaffSessionRead<RecurringJson>;
  /** office.plans_attention.viewed in one statement, prepared once per connection. */
  private readonly attentionRead: StaffSessionRead<AttentionRow[]>;

  constructor(
    private readonly repository: OfficeRecurringRepository,
    private readonly services: OfficeRecurringServices,
  ) {
    const guarantorId = sql`${sql.placeholder('guarantorId')}::text`;
    this.viewRead = repository.staffRead<RecurringJson>({
      name: 'office_recurring_viewed',
      permission: 'read',
      payload: repository.recurringJson(guarantorId),
      audit: (json) => viewedRows(json, guarantorId),
    });
    this.attentionRead = repository.staffRead<AttentionRow[]>({
      name: 'office_plans_attention_viewed',
      permission: 'read',
      payload: repository.plansNeedingAttentionJson(),
      audit: (rows) => sql`select null::text as guarantor_id, ${ATTENTION_VIEWED}::text as action,
          'success'::text as outcome, null::text as target_type, null::text as target_id,
          jsonb_build_object('plans', json_array_length(${rows})) as details`,
    });
  }

  async recurring(
    guarantorId: string,
    actor: StaffActor,
    context: RequestContext,
  ): Promise<GuarantorRecurring> {
    const guarantor = await this.services.page.require(guarantorId, VIEWED, actor, context);
    const id = guarantor.id;
    const [methods, plans, statement, authorizations, charges] = await Promise.all([
      this.repository.methods(id),
      this.repository.plans(id),
      this.repository.statementAutopay(id),
      this.repository.authorizations(id),
      this.repository.charges(id),
    ]);
    const instalments = await this.repository.instalments(plans.map((plan) => plan.id));
    const rows = { methods, plans, statement, authorizations, charges, instalments };
    const answer = this.viewOf(rows);
    await this.services.audit.record(
      context,
      staffEvent(actor, VIEWED, id, {
        methods: answer.methods.length,
        plans: answer.plans.length,
        authorizations: answer.authorizations.length,
        charges: charges.length,
      }),
    );
    return answer;
  }

  /**
   * The same answer and audit row as `recurring` (office.recurring.viewed,
   * or its failure row and 404 for an unknown guarantor), in one trip with
   * the staff session and role checks (staff-session-read.ts).
   */
  async recurringAsStaff(guarantorId: string, read: StaffReader): Promise<GuarantorRecurring> {
    const json = await read(this.viewRead, { guarantorId });
    if (json.guarantorId === null) throw guarantorNotFound();
    return this.viewOf(recurringRowsOf(json));
  }

  private viewOf(rows: RecurringRows): GuarantorRecurring {
    const { plans, statement, instalments, charges } = rows;
    const today = this.services.calendar.dayOf();
    const uses = methodUses(plans, statement?.paymentMethodId ?? null);
    return {
      methods: rows.methods.map((row) => methodView(row, uses.get(row.id) ?? [], today)),
      plans: plans.map((plan) =>
        planView(
          plan,
          instalments.filter((row) => row.planId === plan.id),
          today,
        ),
      ),
      statementAutopay: statement
        ? {
            paymentMethodId: statement.paymentMethodId,
            capCents: statement.capCents,
            since: statement.createdAt.toISOString(),
          }
        : null,
      authorizations: rows.authorizations.map(authorizationView),
      upcoming: upcomingView({
        charges,
        plans,
        instalments,
        today,
        changeBusinessDays: this.services.changeBusinessDays,
      }),
      history: historyView(charges),
    };
  }

  async cancelPlanAutopay(
    guarantorId: string,
    planNumber: string,
    request: StaffAutopayCancel,
    actor: StaffActor,
    context: RequestContext,
  ): Promise<StaffAutopayCancelled> {
    const action = 'office.autopay.plan_cancelled';
    const guarantor = await this.services.page.require(guarantorId, action, actor, context);
    const plan = await this.repository.plan(guarantor.id, planNumber);
    if (!plan) {
      await this.refused(action, guarantor.id, actor, context, 'plan_not_found', planNumber);
      throw apiErrors.notFound((_, language) =>
        RECURRING_MESSAGES[language].planNotFound(planNumber),
      );
    }
    if (!plan.autopayMethodId) {
      await this.refused(action, guarantor.id, actor, context, 'autopay_off', planNumber);
      throw apiErrors.notFound((_, language) =>
        RECURRING_MESSAGES[language].planAutopayOff(planNumber),
      );
    }
    const by = this.staffCancel(actor, request);
    await this.services.enrolment.cancelPlanAutopay(plan.id, by, context);
    await this.cancelled(context, actor, action, guarantor.id, by, {
      planNumber,
      paymentMethodId: plan.autopayMethodId,
    });
    return { message: words(context).planAutopayCancelled(planNumber) };
  }

  async cancelStatementAutopay(
    guarantorId: string,
    request: StaffAutopayCancel,
    actor: StaffActor,
    context: RequestContext,
  ): Promise<StaffAutopayCancelled> {
    const action = 'office.autopay.statement_cancelled';
    const guarantor = await this.services.page.require(guarantorId, action, actor, context);
    const statement = await this.repository.statementAutopay(guarantor.id);
    if (!statement) {
      await this.refused(action, guarantor.id, actor, context, 'autopay_off');
      throw apiErrors.notFound((_, language) => RECURRING_MESSAGES[language].statementAutopayOff);
    }
    const by = this.staffCancel(actor, request);
    await this.services.enrolment.cancelStatementAutopay(guarantor.id, by, context);
    await this.cancelled(context, actor, action, guarantor.id, by, {
      paymentMethodId: statement.paymentMethodId,
      capCents: statement.capCents,
    });
    return { message: words(context).statementAutopayCancelled };
  }

  /** The open plans needing a call, oldest first; a list of names, so audited like a search. */
  async plansNeedingAttention(
    actor: StaffActor,
    context: RequestContext,
  ): Promise<PlansNeedingAttention> {
    const rows = await this.repository.plansNeedingAttention();
    await this.services.audit.record(context, {
      action: ATTENTION_VIEWED,
      outcome: 'success',
      actorType: 'staff',
      actorId: actor.staffId,
      details: { plans: rows.length },
    });
    return attentionView(rows);
  }

  /** The same answer and row as `plansNeedingAttention`, in one trip with the staff checks. */
  async plansNeedingAttentionAsStaff(read: StaffReader): Promise<PlansNeedingAttention> {
    return attentionView(await read(this.attentionRead));
  }

  private staffCancel(actor: StaffActor, request: StaffAutopayCancel): StaffCancel {
    return { kind: 'staff', staffId: actor.staffId, reason: request.reason };
  }

  /** The cancel's audit row: who, why, and what it stopped. */
  private cancelled(
    context: RequestContext,
    actor: StaffActor,
    action: string,
    guarantorId: string,
    by: StaffCancel,
    details: Record<string, unknown>,
  ) {
    return this.services.audit.record(
      context,
      staffEvent(actor, action, guarantorId, { reason: by.reason, ...details }),
    );
  }

  private refused(
    action: string,
    guarantorId: string,
    actor: StaffActor,
    context: RequestContext,
    reason: string,
    planNumber?: string,
  ) {
    return this.services.audit.record(context, {
      ...staffEvent(actor, action, guarantorId, { reason, ...(planNumber ? { planNumber } : {}) }),
      outcome: 'failure',
    });
  }
}
