import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Language } from '@webpay/contracts/language';
import {
  changeDeadline,
  type AutopayStopped,
  type SkipChargeRequest,
} from '@webpay/contracts/payment-plans';
import type { Database, Transaction } from '../../db/client.ts';
import {
  autopayCharges,
  paymentAuthorizations,
  paymentPlans,
  planInstalments,
  statementAutopay,
  statements,
} from '../../db/schema.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { ChargeRow } from './autopay.repository.ts';

/** Who turns autopay off: the guarantor in the portal, or a staff member with a reason. */
export type AutopayCanceller =
  { kind: 'guarantor' } | { kind: 'staff'; staffId: string; reason: string };

/** Charges not yet asked of the processor: the ones a cancel or a skip can still stop. */
const STOPPABLE: ChargeRow['status'][] = ['scheduled', 'noticed'];

const WORDS = {
  notFound: { en: 'No such autopay charge', es: 'No existe ese cobro automático' },
  tooLate: (until: string) => ({
    en: `This payment can no longer be skipped: the last day was ${until}`,
    es: `Este pago ya no se puede omitir: el último día fue el ${until}`,
  }),
  notPortal: {
    en: 'Autopay is available only on plans made in the portal',
    es: 'El pago automático solo está disponible en los planes creados en el portal',
  },
};

function local(text: Record<Language, string>) {
  return (_messages: unknown, language: Language) => text[language];
}

/** Not the guarantor's plan, or not one made in the portal: alike. */
export const planNotFound = () => new ApiError(404, 'NOT_FOUND', local(WORDS.notPortal));

/**
 * The guarantor's and the billing office's changes to autopay: turning it
 * off and skipping one charge, inside the change window (AUTOPAY_CHANGE_
 * BUSINESS_DAYS before the charge, weekends not counted). A charge past its
 * window still runs for the guarantor; staff stop everything not yet
 * charging. Every change is audited.
 */
export class AutopayEnrolment {
  constructor(
    private readonly db: Database,
    private readonly audit: AuditRepository,
    /** The facility's today (FacilityCalendar.dayOf), given so tests can set the day. */
    private readonly today: () => string,
    private readonly changeBusinessDays: number,
  ) {}

  /** The guarantor's own plan, by its number; someone else's is not found. */
  async cancelOwnPlanAutopay(
    guarantorId: string,
    planNumber: string,
    context: RequestContext,
  ): Promise<AutopayStopped> {
    const [plan] = await this.db
      .select({ id: paymentPlans.id })
      .from(paymentPlans)
      .where(
        and(eq(paymentPlans.guarantorId, guarantorId), eq(paymentPlans.planNumber, planNumber)),
      );
    if (!plan) throw planNotFound();
    return this.cancelPlanAutopay(plan.id, { kind: 'guarantor' }, context);
  }

  async cancelPlanAutopay(
    planId: string,
    by: AutopayCanceller,
    context: RequestContext,
  ): Promise<AutopayStopped> {
    const today = this.today();
    const result = await this.db.transaction(async (tx) => {
      const [plan] = await tx
        .update(paymentPlans)
        .set({ autopayMethodId: null, type: 'Mail-in', updatedAt: sql`now()` })
        .where(and(eq(paymentPlans.id, planId), eq(paymentPlans.source, 'portal')))
        .returning({ guarantorId: paymentPlans.guarantorId });
      if (!plan) return undefined;
      await this.revoke(
        tx,
        and(
          eq(paymentAuthorizations.planId, planId),
          inArray(paymentAuthorizations.kind, ['plan', 'plan_autopay']),
        ),
        by,
      );
      const stillCharging = await this.stopCharges(
        tx,
        eq(autopayCharges.planId, planId),
        by,
        today,
      );
      return { guarantorId: plan.guarantorId, stillCharging };
    });
    if (!result) throw planNotFound();
    await this.audited(
      context,
      by,
      'autopay.cancelled',
      result.guarantorId,
      'payment_plan',
      planId,
      {
        stillCharging: result.stillCharging,
      },
    );
    return { stillCharging: result.stillCharging };
  }

  async cancelStatementAutopay(
    guarantorId: string,
    by: AutopayCanceller,
    context: RequestContext,
  ): Promise<AutopayStopped> {
    const today = this.today();
    const result = await this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(statementAutopay)
        .set({ cancelledAt: new Date() })
        .where(
          and(eq(statementAutopay.guarantorId, guarantorId), isNull(statementAutopay.cancelledAt)),
        )
        .returning();
      if (!row) return undefined;
      await this.revoke(tx, eq(paymentAuthorizations.id, row.authorizationId), by);
      const stillCharging = await this.stopCharges(
        tx,
        and(eq(autopayCharges.guarantorId, guarantorId), eq(autopayCharges.kind, 'statement')),
        by,
        today,
      );
      return { id: row.id, stillCharging };
    });
    if (!result) return { stillCharging: null };
    await this.audited(
      context,
      by,
      'autopay.cancelled',
      guarantorId,
      'statement_autopay',
      result.id,
      {
        stillCharging: result.stillCharging,
      },
    );
    return { stillCharging: result.stillCharging };
  }

  /** Skips one charge inside its window; the amount stays due, to be paid by hand. */
  async skip(
    guarantorId: string,
    request: SkipChargeRequest,
    context: RequestContext,
  ): Promise<void> {
    const today = this.today();
    const target = await this.skipTarget(guarantorId, request);
    if (!target) throw new ApiError(404, 'NOT_FOUND', local(WORDS.notFound));
    const until = changeDeadline(
      target.existing?.chargeDate ?? target.dueDate,
      this.changeBusinessDays,
    );
    if (today > until) throw new ApiError(400, 'VALIDATION_ERROR', local(WORDS.tooLate(until)));
    const chargeId = await this.db.transaction(async (tx) => {
      if (target.existing) {
        const [moved] = await tx
          .update(autopayCharges)
          .set({ status: 'skipped', updatedAt: sql`now()` })
          .where(
            and(
              eq(autopayCharges.id, target.existing.id),
              inArray(autopayCharges.status, STOPPABLE),
            ),
          )
          .returning({ id: autopayCharges.id });
        if (!moved) throw new ApiError(400, 'VALIDATION_ERROR', local(WORDS.tooLate(until)));
      } else {
        await tx
          .insert(autopayCharges)
          .values({ ...target.newCharge, id: randomUUID(), status: 'skipped' })
          .onConflictDoNothing();
      }
      if (target.instalmentId) {
        await tx
          .update(planInstalments)
          .set({ skippedAt: new Date() })
          .where(eq(planInstalments.id, target.instalmentId));
      }
      return target.existing?.id ?? null;
    });
    await this.audited(
      context,
      { kind: 'guarantor' },
      'autopay.skipped',
      guarantorId,
      'autopay_charge',
      chargeId ?? target.newCharge.instalmentId ?? target.newCharge.statementId ?? '',
      {
        kind: request.kind,
        chargeDate: target.existing?.chargeDate ?? target.dueDate,
      },
    );
  }

  private async skipTarget(guarantorId: string, request: SkipChargeRequest) {
    if (request.kind === 'instalment') {
      const [row] = await this.db
        .select({ plan: paymentPlans, instalment: planInstalments })
        .from(planInstalments)
        .innerJoin(paymentPlans, eq(paymentPlans.id, planInstalments.planId))
        .where(
          and(
            eq(paymentPlans.guarantorId, guarantorId),
            eq(paymentPlans.planNumber, request.planNumber),
            eq(planInstalments.number, request.instalmentNumber),
            isNull(planInstalments.completedAt),
          ),
        );
      if (!row?.plan.autopayMethodId) return undefined;
      const existing = await this.latestStoppable(
        eq(autopayCharges.instalmentId, row.instalment.id),
      );
      return {
        existing,
        dueDate: row.instalment.dueDate,
        instalmentId: row.instalment.id,
        newCharge: {
          guarantorId,
          kind: 'instalment' as const,
          planId: row.plan.id,
          instalmentId: row.instalment.id,
          statementId: null,
          attempt: 1,
          chargeDate: row.instalment.dueDate,
          amountCents: row.instalment.amountCents,
          paymentMethodId: row.plan.autopayMethodId,
        },
      };
    }
    const [row] = await this.db
      .select({ statement: statements, enrolment: statementAutopay })
      .from(statements)
      .innerJoin(
        statementAutopay,
        and(
          eq(statementAutopay.guarantorId, statements.guarantorId),
          isNull(statementAutopay.cancelledAt),
        ),
      )
      .where(and(eq(statements.guarantorId, guarantorId), eq(statements.id, request.statementId)));
    if (!row) return undefined;
    const existing = await this.latestStoppable(eq(autopayCharges.statementId, row.statement.id));
    return {
      existing,
      dueDate: row.statement.dueDate,
      instalmentId: null,
      newCharge: {
        guarantorId,
        kind: 'statement' as const,
        planId: null,
        instalmentId: null,
        statementId: row.statement.id,
        attempt: 1,
        chargeDate: row.statement.dueDate,
        amountCents: row.statement.amountDueCents,
        paymentMethodId: row.enrolment.paymentMethodId,
      },
    };
  }

  private async latestStoppable(where: ReturnType<typeof eq>): Promise<ChargeRow | undefined> {
    const [latest] = await this.db
      .select()
      .from(autopayCharges)
      .where(where)
      .orderBy(desc(autopayCharges.attempt))
      .limit(1);
    return latest;
  }

  /** Cancels what can still be stopped; answers the first charge that will still run, if any. */
  private async stopCharges(
    tx: Transaction,
    which: ReturnType<typeof and>,
    by: AutopayCanceller,
    today: string,
  ): Promise<AutopayStopped['stillCharging']> {
    const open = await tx
      .select()
      .from(autopayCharges)
      .where(and(which, inArray(autopayCharges.status, STOPPABLE)))
      .orderBy(autopayCharges.chargeDate);
    const stoppable = open.filter(
      (charge) =>
        by.kind === 'staff' || today <= changeDeadline(charge.chargeDate, this.changeBusinessDays),
    );
    if (stoppable.length > 0) {
      await tx
        .update(autopayCharges)
        .set({ status: 'cancelled', updatedAt: sql`now()` })
        .where(
          and(
            inArray(
              autopayCharges.id,
              stoppable.map((charge) => charge.id),
            ),
            inArray(autopayCharges.status, STOPPABLE),
          ),
        );
    }
    const running = open.find((charge) => !stoppable.includes(charge));
    const charging = await tx
      .select()
      .from(autopayCharges)
      .where(and(which, eq(autopayCharges.status, 'charging')))
      .limit(1);
    const next = running ?? charging[0];
    return next ? { date: next.chargeDate, amountCents: next.amountCents } : null;
  }

  private async revoke(
    tx: Transaction,
    which: ReturnType<typeof and>,
    by: AutopayCanceller,
  ): Promise<void> {
    await tx
      .update(paymentAuthorizations)
      .set({
        revokedAt: new Date(),
        revokedBy: by.kind === 'staff' ? by.staffId : 'guarantor',
        revokeReason: by.kind === 'staff' ? by.reason : 'cancelled in the portal',
      })
      .where(and(which, isNull(paymentAuthorizations.revokedAt)));
  }

  private async audited(
    context: RequestContext,
    by: AutopayCanceller,
    action: string,
    guarantorId: string,
    targetType: string,
    targetId: string,
    details: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record(context, {
      action,
      outcome: 'success',
      actorType: by.kind === 'staff' ? 'staff' : 'guarantor',
      actorId: by.kind === 'staff' ? by.staffId : guarantorId,
      guarantorId,
      targetType,
      targetId,
      details: { ...details, ...(by.kind === 'staff' ? { reason: by.reason } : {}) },
    });
  }
}
