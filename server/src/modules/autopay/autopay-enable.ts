import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DEFAULT_LANGUAGE, type Language } from '@webpay/contracts/language';
import {
  planAuthorizationText,
  statementAutopayAuthorizationText,
  type AuthorizedMethod,
  type AutopayTimings,
  type PlanAutopayRequest,
  type StatementAutopayRequest,
} from '@webpay/contracts/payment-plans';
import type { Database, Transaction } from '../../db/client.ts';
import {
  autopayCharges,
  encounters,
  facilities,
  guarantors,
  paymentAuthorizations,
  paymentPlans,
  planInstalments,
  statementAutopay,
} from '../../db/schema.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { AuditRepository } from '../audit/index.ts';
import { planErrors } from '../payment-plans/index.ts';
import { planNotFound } from './autopay-enrolment.ts';
import type { ChargeableMethods } from './autopay.parts.ts';

/** Who accepted the authorization, besides the request's address. */
export interface AutopayOrigin {
  userAgent: string | null;
}

export interface AutopayEnablerSettings {
  timings: AutopayTimings;
  /** WEBPAY_PROVIDER_NAME: who is paid. */
  payee: string;
  /** WEBPAY_FALLBACK_SUPPORT_PHONE, for a guarantor without a support phone of their own. */
  fallbackSupportPhone: string;
}

const USER_AGENT_MAX = 512;
/** Charges not yet asked of the processor move to the new method with the new authorization. */
const NOT_CHARGED = ['scheduled', 'noticed'] as const;

type AuthorizationKind = 'plan_autopay' | 'statement_autopay';

/** `autopay.enabled`, in the change's transaction; never the authorization's words. */
async function enabledEvent(
  tx: Transaction,
  context: RequestContext,
  guarantorId: string,
  [targetType, targetId]: [string, string],
  details: Record<string, unknown>,
): Promise<void> {
  await new AuditRepository(tx).record(context, {
    action: 'autopay.enabled',
    outcome: 'success',
    actorType: 'guarantor',
    actorId: guarantorId,
    guarantorId,
    targetType,
    targetId,
    details,
  });
}

/**
 * Turning autopay on after the fact: on one of the guarantor's portal plans
 * for its remaining instalments, or on statements up to a cap. The
 * authorization is worded again here, exactly as the portal words it, and
 * must match what was accepted; it is stored word for word with the change
 * in one transaction, and audited.
 */
export class AutopayEnabler {
  constructor(
    private readonly db: Database,
    private readonly methods: ChargeableMethods,
    private readonly settings: AutopayEnablerSettings,
  ) {}

  async enablePlan(
    guarantorId: string,
    planNumber: string,
    body: PlanAutopayRequest,
    origin: AutopayOrigin,
    context: RequestContext,
  ): Promise<void> {
    const language = context.language ?? DEFAULT_LANGUAGE;
    const [plan] = await this.db
      .select({ id: paymentPlans.id })
      .from(paymentPlans)
      .where(
        and(
          eq(paymentPlans.guarantorId, guarantorId),
          eq(paymentPlans.planNumber, planNumber),
          eq(paymentPlans.source, 'portal'),
          isNull(paymentPlans.closedAt),
        ),
      );
    if (!plan) throw planNotFound();
    const method = await this.ownMethod(guarantorId, body.paymentMethodId);
    const text = planAuthorizationText(language, {
      ...(await this.remainingTerms(plan.id)),
      payee: this.settings.payee,
      autopayMethod: method,
      noticeDays: this.settings.timings.fixedNoticeDays,
      changeBusinessDays: this.settings.timings.changeBusinessDays,
      billingOfficePhone: await this.phoneOf(guarantorId),
    });
    if (text === '' || body.authorization.text !== text) throw planErrors.authorizationChanged();
    await this.db.transaction(async (tx) => {
      await this.revokeReplaced(
        tx,
        and(
          eq(paymentAuthorizations.planId, plan.id),
          eq(paymentAuthorizations.kind, 'plan_autopay'),
        ),
      );
      const authorizationId = await this.insertAuthorization(tx, 'plan_autopay', {
        guarantorId,
        planId: plan.id,
        methodId: method.id,
        text,
        language,
        origin,
        context,
      });
      await tx
        .update(paymentPlans)
        .set({ autopayMethodId: method.id, type: 'Auto', updatedAt: sql`now()` })
        .where(eq(paymentPlans.id, plan.id));
      await this.moveWaitingCharges(tx, eq(autopayCharges.planId, plan.id), method.id);
      await enabledEvent(tx, context, guarantorId, ['payment_plan', plan.id], {
        planNumber,
        paymentMethodId: method.id,
        authorizationId,
        language,
      });
    });
  }

  async enableStatements(
    guarantorId: string,
    body: StatementAutopayRequest,
    origin: AutopayOrigin,
    context: RequestContext,
  ): Promise<void> {
    const language = context.language ?? DEFAULT_LANGUAGE;
    const method = await this.ownMethod(guarantorId, body.paymentMethodId);
    const text = statementAutopayAuthorizationText(language, {
      payee: this.settings.payee,
      method,
      capCents: body.capCents,
      noticeDays: this.settings.timings.variableNoticeDays,
      changeBusinessDays: this.settings.timings.changeBusinessDays,
      billingOfficePhone: await this.phoneOf(guarantorId),
    });
    if (body.authorization.text !== text) throw planErrors.authorizationChanged();
    await this.db.transaction(async (tx) => {
      const [replaced] = await tx
        .update(statementAutopay)
        .set({ cancelledAt: new Date() })
        .where(
          and(eq(statementAutopay.guarantorId, guarantorId), isNull(statementAutopay.cancelledAt)),
        )
        .returning();
      if (replaced) {
        await this.revokeReplaced(tx, eq(paymentAuthorizations.id, replaced.authorizationId));
      }
      const authorizationId = await this.insertAuthorization(tx, 'statement_autopay', {
        guarantorId,
        planId: null,
        methodId: method.id,
        text,
        language,
        origin,
        context,
      });
      const id = randomUUID();
      await tx.insert(statementAutopay).values({
        id,
        guarantorId,
        paymentMethodId: method.id,
        capCents: body.capCents,
        authorizationId,
      });
      await this.moveWaitingCharges(
        tx,
        and(eq(autopayCharges.guarantorId, guarantorId), eq(autopayCharges.kind, 'statement')),
        method.id,
      );
      await enabledEvent(tx, context, guarantorId, ['statement_autopay', id], {
        capCents: body.capCents,
        paymentMethodId: method.id,
        authorizationId,
        replaced: replaced?.id ?? null,
        language,
      });
    });
  }

  /** One of the guarantor's live methods, as an authorization names it. */
  private async ownMethod(
    guarantorId: string,
    methodId: string,
  ): Promise<AuthorizedMethod & { id: string }> {
    const method = await this.methods.chargeable(methodId);
    if (!method || method.guarantorId !== guarantorId) throw planErrors.methodNotFound();
    return { id: method.id, kind: method.kind, brand: method.brand, last4: method.last4 };
  }

  private async phoneOf(guarantorId: string): Promise<string> {
    const [row] = await this.db
      .select({ phone: guarantors.supportPhone })
      .from(guarantors)
      .where(eq(guarantors.id, guarantorId));
    return row?.phone ?? this.settings.fallbackSupportPhone;
  }

  /**
   * What is left of the plan, as the portal words it: the instalments not
   * completed (keeping their numbers), their sum, the day of the first, and
   * the plan's open encounters in the dashboard's order.
   */
  private async remainingTerms(planId: string) {
    const instalments = await this.db
      .select({
        number: planInstalments.number,
        dueDate: planInstalments.dueDate,
        amountCents: planInstalments.amountCents,
      })
      .from(planInstalments)
      .where(and(eq(planInstalments.planId, planId), isNull(planInstalments.completedAt)))
      .orderBy(asc(planInstalments.number));
    const accounts = await this.db
      .select({ facilityId: encounters.facilityId, accountNumber: encounters.accountNumber })
      .from(encounters)
      .innerJoin(facilities, eq(facilities.id, encounters.facilityId))
      .where(and(eq(encounters.planId, planId), isNull(encounters.closedAt)))
      .orderBy(
        asc(facilities.sortOrder),
        asc(encounters.facilityId),
        sql`${encounters.admitDate} asc nulls last`,
        asc(encounters.accountNumber),
      );
    return {
      instalments,
      accounts: accounts.map((row) => `${row.facilityId}-${row.accountNumber}`),
      totalCents: instalments.reduce((sum, row) => sum + row.amountCents, 0),
      dayOfMonth: Number(instalments[0]?.dueDate.slice(8, 10) ?? 0),
    };
  }

  private async insertAuthorization(
    tx: Transaction,
    kind: AuthorizationKind,
    row: {
      guarantorId: string;
      planId: string | null;
      methodId: string;
      text: string;
      language: Language;
      origin: AutopayOrigin;
      context: RequestContext;
    },
  ): Promise<string> {
    const id = randomUUID();
    await tx.insert(paymentAuthorizations).values({
      id,
      guarantorId: row.guarantorId,
      kind,
      planId: row.planId,
      paymentMethodId: row.methodId,
      text: row.text,
      language: row.language,
      acceptedAt: new Date(),
      ipAddress: row.context.ipAddress || null,
      userAgent: row.origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    });
    return id;
  }

  /** The authorization a new one takes the place of. */
  private async revokeReplaced(tx: Transaction, which: ReturnType<typeof and>): Promise<void> {
    await tx
      .update(paymentAuthorizations)
      .set({ revokedAt: new Date(), revokedBy: 'guarantor', revokeReason: 'replaced' })
      .where(and(which, isNull(paymentAuthorizations.revokedAt)));
  }

  private async moveWaitingCharges(
    tx: Transaction,
    which: ReturnType<typeof and>,
    methodId: string,
  ): Promise<void> {
    await tx
      .update(autopayCharges)
      .set({ paymentMethodId: methodId, updatedAt: sql`now()` })
      .where(and(which, inArray(autopayCharges.status, [...NOT_CHARGED])));
    // A charge stopped by an earlier cancel took no money and holds its
    // instalment's slot: forgotten, so the new authorization notices and
    // charges it again. The cancel itself stays in the audit trail.
    await tx
      .delete(autopayCharges)
      .where(and(which, eq(autopayCharges.status, 'cancelled'), isNull(autopayCharges.paymentId)));
  }
}
