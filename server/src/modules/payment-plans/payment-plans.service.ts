import { randomUUID } from 'node:crypto';
import { DEFAULT_LANGUAGE, type Language } from '@webpay/contracts/language';
import {
  firstDueDate,
  planAuthorizationText,
  planSchedule,
  planTermsProblem,
  type AutopayTimings,
  type CreatePlanRequest,
  type PlanCreated,
  type PlanRules,
  type ScheduledInstalment,
} from '@webpay/contracts/payment-plans';
import type { Database } from '../../db/client.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { AuditRepository, type AuditEvent } from '../audit/index.ts';
import type { PlanAuthorizationMailer } from './authorization-email.ts';
import { planErrors } from './plan-errors.ts';
import type { PlanLedger } from './plan-ledger.ts';
import {
  EncountersTakenError,
  type PaymentPlansRepository,
  type EligibleEncounter,
  type LiveMethod,
  type PlanHolder,
  type StoredPlan,
} from './payment-plans.repository.ts';
import { spokenCharacters } from '../../lib/spoken-reference.ts';

/** The hospital's rules and words behind every plan (settings). */
export interface PlanSettings {
  rules: PlanRules;
  timings: AutopayTimings;
  /** WEBPAY_PROVIDER_NAME: who is paid. */
  payee: string;
  /** WEBPAY_FALLBACK_SUPPORT_PHONE: the billing office's phone when the guarantor has none of their own. */
  fallbackSupportPhone: string;
}

/** Who accepted the authorization, besides the request's address. */
export interface PlanOrigin {
  userAgent: string | null;
}

/** The caller: a signed-in guarantor. */
export interface PlanCaller {
  guarantorId: string;
}

/** `PP-7KQ2M9XD`: read aloud, as receipts are. */
export function newPlanNumber(): string {
  return `PP-${spokenCharacters(8)}`;
}

export const PLAN_NUMBER_PATTERN = /^PP-[A-HJKMNP-Z2-9]{8}$/;

const USER_AGENT_MAX = 512;

const accountOf = (row: { facilityId: string; accountNumber: string }) =>
  `${row.facilityId}-${row.accountNumber}`;

/** The chosen encounters among the eligible ones, in the order sent; refusals name each bad one. */
function chosenEncounters(
  eligible: readonly EligibleEncounter[],
  wanted: CreatePlanRequest['encounters'],
): EligibleEncounter[] {
  const byAccount = new Map(eligible.map((row) => [accountOf(row), row]));
  const seen = new Set<string>();
  const missing: { index: number; account: string }[] = [];
  const chosen: EligibleEncounter[] = [];
  wanted.forEach((ref, index) => {
    const account = accountOf(ref);
    if (seen.has(account)) throw planErrors.encounterTwice(index, account);
    seen.add(account);
    const row = byAccount.get(account);
    if (row) chosen.push(row);
    else missing.push({ index, account });
  });
  if (missing.length > 0) throw planErrors.encountersNotFound(missing);
  return chosen;
}

/** The plan the request asks for, once every check has passed. */
interface CheckedTerms {
  chosen: EligibleEncounter[];
  totalCents: number;
  method: LiveMethod | undefined;
  holder: PlanHolder | undefined;
  instalments: ScheduledInstalment[];
  text: string;
}

/** `payment_plan.created`: what was set up, never the authorization's words or the method. */
function createdEvent(
  caller: PlanCaller,
  plan: {
    planId: string;
    planNumber: string;
    body: CreatePlanRequest;
    terms: CheckedTerms;
    emailed: boolean;
    language: Language;
  },
): AuditEvent {
  return {
    action: 'payment_plan.created',
    outcome: 'success',
    actorType: 'guarantor',
    actorId: caller.guarantorId,
    guarantorId: caller.guarantorId,
    targetType: 'payment_plan',
    targetId: plan.planId,
    details: {
      planNumber: plan.planNumber,
      totalCents: plan.terms.totalCents,
      monthlyCents: plan.body.monthlyAmountCents,
      numberOfPayments: plan.terms.instalments.length,
      dayOfMonth: plan.body.dayOfMonth,
      autopay: plan.terms.method !== undefined,
      encounters: plan.terms.chosen.length,
      emailed: plan.emailed,
      language: plan.language,
    },
  };
}

/**
 * Self-service payment plans (issue #25): the making of one (what it may be
 * made of is plan-options.ts's read): checked against the rules,
 * its authorization worded again here and compared with what was accepted,
 * then plan, instalments, encounters, authorization, e-mail and audit in one
 * transaction.
 */
export class PaymentPlansService {
  constructor(
    private readonly db: Database,
    private readonly repository: PaymentPlansRepository,
    private readonly ledger: PlanLedger,
    private readonly mailer: PlanAuthorizationMailer,
    private readonly calendar: FacilityCalendar,
    private readonly settings: PlanSettings,
  ) {}

  async create(
    caller: PlanCaller,
    idempotencyKey: string,
    body: CreatePlanRequest,
    origin: PlanOrigin,
    context: RequestContext,
  ): Promise<PlanCreated> {
    const earlier = await this.repository.byKey(caller.guarantorId, idempotencyKey);
    if (earlier) return this.replay(earlier, body);

    const language = context.language ?? DEFAULT_LANGUAGE;
    const today = this.calendar.dayOf();
    let terms: CheckedTerms;
    try {
      terms = await this.checkedTerms(caller, body, language, today);
    } catch (error) {
      // A request with the same key may have taken the encounters since the lookup above.
      return this.madeMeanwhile(error, caller, idempotencyKey, body);
    }
    const planId = randomUUID();
    const planNumber = await this.freshPlanNumber();
    const emailedTo = terms.holder?.email ?? null;
    try {
      await this.db.transaction(async (tx) => {
        await this.repository.insert(tx, {
          id: planId,
          guarantorId: caller.guarantorId,
          planNumber,
          type: terms.method ? 'Auto' : 'Mail-in',
          totalCents: terms.totalCents,
          monthlyCents: body.monthlyAmountCents,
          dayOfMonth: body.dayOfMonth,
          idempotencyKey,
          autopayMethodId: terms.method?.id ?? null,
          instalments: terms.instalments,
          encounterIds: terms.chosen.map((row) => row.id),
          authorization: {
            id: randomUUID(),
            text: terms.text,
            language,
            acceptedAt: new Date(),
            ipAddress: context.ipAddress || null,
            userAgent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
          },
        });
        if (emailedTo) {
          await this.mailer.queue(
            tx,
            emailedTo,
            {
              firstName: terms.holder?.firstName ?? '',
              planNumber,
              totalCents: terms.totalCents,
              monthlyCents: body.monthlyAmountCents,
              numberOfPayments: terms.instalments.length,
              firstDueDate: terms.instalments[0]?.dueDate ?? today,
              autopay: terms.method !== undefined,
              authorization: { text: terms.text, language },
            },
            { planId, planNumber, guarantorId: caller.guarantorId },
            language,
          );
        }
        await new AuditRepository(tx).record(
          context,
          createdEvent(caller, {
            planId,
            planNumber,
            body,
            terms,
            emailed: emailedTo !== null,
            language,
          }),
        );
      });
    } catch (error) {
      return this.madeMeanwhile(error, caller, idempotencyKey, body);
    }
    await this.ledger.refresh(planId, today);
    const autopay = terms.method !== undefined;
    return { planNumber, version: 1, instalments: terms.instalments, autopay, emailedTo };
  }

  /**
   * The plan the request asks for, checked: its encounters among the
   * guarantor's eligible ones, the rules, the autopay method, and the
   * authorization worded here exactly as the portal showed it.
   */
  private async checkedTerms(
    caller: PlanCaller,
    body: CreatePlanRequest,
    language: Language,
    today: string,
  ): Promise<CheckedTerms> {
    const eligible = await this.repository.eligibleEncounters(caller.guarantorId);
    const chosen = chosenEncounters(eligible, body.encounters);
    const totalCents = chosen.reduce((sum, row) => sum + row.balanceCents, 0);
    const problem = planTermsProblem(this.settings.rules, totalCents, body.monthlyAmountCents);
    if (problem) throw planErrors.terms(problem, this.settings.rules, totalCents);
    const method = await this.autopayMethod(caller, body);
    const holder = await this.repository.holder(caller.guarantorId);
    const instalments = planSchedule(
      totalCents,
      body.monthlyAmountCents,
      firstDueDate(today, body.dayOfMonth),
    );
    const text = planAuthorizationText(language, {
      payee: this.settings.payee,
      accounts: chosen.map(accountOf),
      totalCents,
      instalments,
      dayOfMonth: body.dayOfMonth,
      autopayMethod: method
        ? { kind: method.kind, brand: method.brand, last4: method.last4 }
        : null,
      noticeDays: this.settings.timings.fixedNoticeDays,
      changeBusinessDays: this.settings.timings.changeBusinessDays,
      billingOfficePhone: holder?.supportPhone ?? this.settings.fallbackSupportPhone,
    });
    if (body.authorization.text !== text) throw planErrors.authorizationChanged();
    return { chosen, totalCents, method, holder, instalments, text };
  }

  /**
   * After a refusal: the plan a concurrent request with the same key made
   * first, replayed; otherwise the refusal, an encounter taken meanwhile
   * by another plan answered as not found.
   */
  private async madeMeanwhile(
    error: unknown,
    caller: PlanCaller,
    idempotencyKey: string,
    body: CreatePlanRequest,
  ): Promise<PlanCreated> {
    const winner = await this.repository.byKey(caller.guarantorId, idempotencyKey);
    if (winner) return this.replay(winner, body);
    if (error instanceof EncountersTakenError) {
      throw planErrors.encountersNotFound(
        body.encounters.map((ref, index) => ({ index, account: accountOf(ref) })),
      );
    }
    throw error;
  }

  private async autopayMethod(
    caller: PlanCaller,
    body: CreatePlanRequest,
  ): Promise<LiveMethod | undefined> {
    if (!body.autopay) return undefined;
    if (!body.paymentMethodId) throw planErrors.methodRequired();
    const method = await this.repository.liveMethod(caller.guarantorId, body.paymentMethodId);
    if (!method) throw planErrors.methodNotFound();
    return method;
  }

  private async freshPlanNumber(): Promise<string> {
    let planNumber = newPlanNumber();
    while (await this.repository.planNumberTaken(planNumber)) planNumber = newPlanNumber();
    return planNumber;
  }

  /**
   * The same key again: the plan it made, when the request is the same one
   * (same accounts, amount, day and accepted words, which name the method);
   * any other request under that key is refused.
   */
  private async replay(stored: StoredPlan, body: CreatePlanRequest): Promise<PlanCreated> {
    const sameAccounts =
      [...stored.accounts].sort().join(',') === body.encounters.map(accountOf).sort().join(',');
    const same =
      sameAccounts &&
      stored.instalments[0]?.amountCents === body.monthlyAmountCents &&
      stored.plan.dayOfMonth === body.dayOfMonth &&
      stored.authorizationText === body.authorization.text;
    if (!same) throw planErrors.keyReused();
    const holder = await this.repository.holder(stored.plan.guarantorId);
    return {
      planNumber: stored.plan.planNumber,
      version: stored.plan.version,
      instalments: stored.instalments as ScheduledInstalment[],
      autopay: stored.plan.type === 'Auto',
      emailedTo: holder?.email ?? null,
    };
  }
}
