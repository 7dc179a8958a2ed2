import {
  OPEN_STATUSES,
  type Approve,
  type Assessment,
  type Case,
} from '@webpay/contracts/assistance-application';
import { addDays } from '@webpay/contracts/dates';
import { policyOf, type AssistanceConfiguration } from '@webpay/contracts/financial-assistance';
import type { Transaction } from '../../db/client.ts';
import type { FacilityCalendar } from '../../lib/facility-day.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { AuditRepository } from '../audit/index.ts';
import { adjustAccounts } from './assessment.ts';
import { assistanceErrors } from './assistance-errors.ts';
import type { ApprovalFacts } from './assistance-notices.ts';
import type { ApprovalBasis } from './letters/letter-input.ts';
import { COLLECTION_NOTICE_DAYS } from './letters/render-letter.ts';
import type { ApplicationRow, CoveredAccount, CoveredPlan } from './application.repository.ts';
import { refundShortCents, type RefundDesk } from './refund-desk.ts';
import type { ReviewService } from './review.service.ts';
import type { AssistanceSteps, Reviewer } from './assistance-steps.ts';

/*
 * A decision and what follows it (issue #27): an approval adjusts each
 * account (capped at the amounts generally billed) and tells the guarantor
 * how; one above the policy's amount waits for a second reviewer. A denial,
 * or information not sent by its due date, lifts the hold with a written
 * notice, and the 30-day notice before any collection action follows.
 */

/** What approving at a discount would do to the accounts, against the application's assessment. */
interface Proposal {
  assessment: Assessment;
  discountPercent: number;
  reason: string | null;
  accounts: CoveredAccount[];
  adjusted: ReturnType<typeof adjustAccounts>;
}

/** How the discount was arrived at, as the approval letter explains it. */
function basisOf(proposal: Proposal): ApprovalBasis {
  const { assessment } = proposal;
  const income = {
    householdSize: assessment.householdSize,
    yearlyIncomeCents: assessment.yearlyIncomeCents,
    guidelineYear: assessment.guidelineYear,
    guidelineCents: assessment.guidelineCents,
    tier: assessment.tier,
  };
  if (proposal.reason !== null && proposal.discountPercent !== assessment.discountPercent) {
    return { kind: 'override', reason: proposal.reason, income };
  }
  const [category] = assessment.presumptive;
  if (category && (assessment.tier?.discountPercent ?? 0) < proposal.discountPercent) {
    return { kind: 'presumptive', category };
  }
  return { kind: 'income', income };
}

/** The approval's facts for its letter: each account before and after, the plans made shorter. */
function approvalFacts(proposal: Proposal, plans: readonly CoveredPlan[]): ApprovalFacts {
  const byId = new Map(proposal.adjusted.accounts.map((account) => [account.id, account]));
  const accounts = proposal.accounts.map((account) => ({
    accountNumber: `${account.facilityId}-${account.accountNumber}`,
    serviceDate: account.serviceDate,
    balanceCents: account.balanceCents,
    adjustmentCents: byId.get(account.id)?.adjustmentCents ?? 0,
    newBalanceCents: byId.get(account.id)?.newBalanceCents ?? account.balanceCents,
    planId: account.planId,
  }));
  return {
    discountPercent: proposal.discountPercent,
    basis: basisOf(proposal),
    accounts: accounts.map(({ planId: _plan, ...account }) => account),
    refundCents: proposal.adjusted.refundCents,
    plans: plans.map((plan) => {
      const taken = accounts
        .filter((account) => account.planId === plan.planId)
        .reduce((sum, account) => sum + account.adjustmentCents, 0);
      return {
        planNumber: plan.planNumber,
        balanceCents: Math.max(0, plan.currentBalanceCents - taken),
        monthlyCents: plan.regularPaymentCents,
      };
    }),
  };
}

/**
 * Lowers a payment plan by an approval's adjustments inside the approval's
 * transaction (payment-plans' PlanLedger.with(tx).reduce).
 */
export interface PlanReducer {
  with(tx: Transaction): {
    reduce(planId: string, reduceByCents: number, today: string): Promise<unknown>;
  };
}

/** Each plan an approval's accounts are on, with the adjustments to take off it. */
function reductionsByPlan(proposal: Proposal): Map<string, number> {
  const byId = new Map(proposal.adjusted.accounts.map((account) => [account.id, account]));
  const byPlan = new Map<string, number>();
  for (const account of proposal.accounts) {
    const cents = byId.get(account.id)?.adjustmentCents ?? 0;
    if (!account.planId || cents <= 0) continue;
    byPlan.set(account.planId, (byPlan.get(account.planId) ?? 0) + cents);
  }
  return byPlan;
}

export class DecisionService {
  constructor(
    private readonly steps: AssistanceSteps,
    private readonly review: ReviewService,
    private readonly configuration: AssistanceConfiguration,
    private readonly calendar: Pick<FacilityCalendar, 'dayOf'>,
    private readonly plans: PlanReducer,
    private readonly refunds: Pick<RefundDesk, 'request'>,
  ) {}

  private get repository() {
    return this.steps.repository;
  }

  async approve(
    reference: string,
    body: Approve,
    staff: Reviewer,
    context: RequestContext,
  ): Promise<Case> {
    const row = await this.openApplication(reference);
    const first = row.firstApproval;
    if (first?.staffId === staff.staffId) throw assistanceErrors.secondReviewerRequired();
    // Worked out once: the discount asked, the letter's basis and the case page all read it.
    const assessment = this.review.assessmentOf(row);
    const proposal = await this.proposal(
      row,
      assessment,
      first
        ? { discountPercent: first.discountPercent, reason: first.reason }
        : this.asked(assessment, body),
    );
    const policy = policyOf(this.configuration, row.facilityId);
    if (!first && proposal.adjusted.totalAdjustmentCents > policy.rules.secondReviewAboveCents) {
      return this.firstApproval(row, proposal, staff, context);
    }
    const decided = await this.steps.db.transaction(async (tx) =>
      this.decideApproval(tx, row, proposal, [first?.staffId, staff.staffId], staff, context),
    );
    if (!decided) throw assistanceErrors.notOpen(row.status);
    return this.review.caseOf(decided, staff, assessment);
  }

  /** The discount asked for: the policy's, or an override with its reason. */
  private asked(
    assessment: Assessment,
    body: Approve,
  ): { discountPercent: number; reason: string | null } {
    const policyDiscount = assessment.discountPercent;
    const discountPercent = body.discountPercent ?? policyDiscount;
    if ((discountPercent !== policyDiscount || discountPercent === 0) && !body.reason) {
      throw assistanceErrors.overrideNeedsReason();
    }
    return { discountPercent, reason: body.reason ?? null };
  }

  private async proposal(
    row: ApplicationRow,
    assessment: Assessment,
    asked: { discountPercent: number; reason: string | null },
  ): Promise<Proposal> {
    const accounts = await this.repository.accounts(row.id);
    const policy = policyOf(this.configuration, row.facilityId);
    const adjusted = adjustAccounts(
      accounts.map((account) => ({
        id: account.id,
        balanceCents: account.balanceCents,
        paidCents: account.paidCents,
      })),
      asked.discountPercent,
      policy.rules.agbBasisPoints,
    );
    return { ...asked, assessment, accounts, adjusted };
  }

  private async firstApproval(
    row: ApplicationRow,
    proposal: Proposal,
    staff: Reviewer,
    context: RequestContext,
  ): Promise<Case> {
    const waiting = await this.steps.db.transaction(async (tx) => {
      const next = await this.repository.with(tx).move(row.id, [...OPEN_STATUSES], {
        firstApproval: {
          staffId: staff.staffId,
          discountPercent: proposal.discountPercent,
          totalAdjustmentCents: proposal.adjusted.totalAdjustmentCents,
          reason: proposal.reason,
          at: new Date().toISOString(),
        },
      });
      await this.steps.audit(
        context,
        staff,
        'assistance.first_approval',
        row,
        {
          discountPercent: proposal.discountPercent,
          totalAdjustmentCents: proposal.adjusted.totalAdjustmentCents,
        },
        tx,
      );
      return next;
    });
    if (!waiting) throw assistanceErrors.notOpen(row.status);
    return this.review.caseOf(waiting, staff, proposal.assessment);
  }

  private async decideApproval(
    tx: Transaction,
    row: ApplicationRow,
    proposal: Proposal,
    approvers: (string | undefined)[],
    staff: Reviewer,
    context: RequestContext,
  ): Promise<ApplicationRow | undefined> {
    const repository = this.repository.with(tx);
    const { adjusted } = proposal;
    const now = new Date();
    const decided = await repository.move(row.id, [...OPEN_STATUSES], {
      status: 'approved',
      decidedAt: now,
      decision: {
        discountPercent: proposal.discountPercent,
        totalAdjustmentCents: adjusted.totalAdjustmentCents,
        refundCents: adjusted.refundCents,
        reason: proposal.reason,
        staffIds: approvers.filter((id): id is string => id !== undefined),
      },
      // The decision lifts the hold; the row says so itself, as a denial's does.
      holdReleasedAt: now,
      holdReleaseReason: 'decided',
    });
    if (!decided) return undefined;
    for (const account of adjusted.accounts) {
      await repository.setAdjustment(account.id, account.adjustmentCents);
    }
    await repository.applyAdjustments(row.id);
    await repository.addEvent({
      applicationId: row.id,
      kind: 'status',
      status: 'approved',
      author: 'office',
      staffId: staff.staffId,
    });
    await this.steps.audit(
      context,
      staff,
      'assistance.approved',
      row,
      {
        discountPercent: proposal.discountPercent,
        totalAdjustmentCents: adjusted.totalAdjustmentCents,
        refundCents: adjusted.refundCents,
        override: proposal.reason !== null,
        reviewers: decided.decision?.staffIds.length ?? 1,
      },
      tx,
    );
    const plans = await repository.openPlans(
      proposal.accounts.flatMap((account) => (account.planId ? [account.planId] : [])),
    );
    await this.steps.tell(tx, row.id, {
      type: 'approved',
      approval: approvalFacts(proposal, plans),
    });
    await this.settleMoney(tx, row, proposal, staff, context);
    return decided;
  }

  /**
   * In the approval's transaction, so nothing is left half done: the plans
   * the adjusted accounts are on are lowered by their accounts' adjustments
   * (the letter, written from the plans before, already told their new
   * balance), and what was paid above the new amount owed becomes refund
   * requests on the payment desk, requested by the deciding reviewer. What
   * the payments cannot give back (other voids or refunds already hold it)
   * is audited, for the office to refund by hand; the case page shows it.
   */
  private async settleMoney(
    tx: Transaction,
    row: ApplicationRow,
    proposal: Proposal,
    staff: Reviewer,
    context: RequestContext,
  ): Promise<void> {
    const ledger = this.plans.with(tx);
    const today = this.calendar.dayOf();
    for (const [planId, cents] of reductionsByPlan(proposal)) {
      await ledger.reduce(planId, cents, today);
    }
    const encounterOf = new Map(proposal.accounts.map((account) => [account.id, account]));
    const requested = await this.refunds.request(
      tx,
      {
        applicationId: row.id,
        applicationReference: row.reference,
        guarantorId: row.guarantorId,
        requestedBy: staff.staffId,
        accounts: proposal.adjusted.accounts.flatMap((account) => {
          const encounterId = encounterOf.get(account.id)?.encounterId;
          return encounterId && account.refundCents > 0
            ? [{ encounterId, refundCents: account.refundCents }]
            : [];
        }),
      },
      context,
    );
    const { refundCents } = proposal.adjusted;
    const shortCents = refundShortCents(refundCents, requested);
    if (shortCents > 0) {
      await this.steps.audit(
        context,
        staff,
        'assistance.refund_short',
        row,
        { refundCents, requestedCents: refundCents - shortCents, shortCents },
        tx,
      );
    }
  }

  async deny(
    reference: string,
    reason: string,
    staff: Reviewer,
    context: RequestContext,
  ): Promise<Case> {
    const row = await this.openApplication(reference);
    const today = this.calendar.dayOf();
    const denied = await this.steps.db.transaction(async (tx) => {
      const repository = this.repository.with(tx);
      const now = new Date();
      const next = await repository.move(row.id, [...OPEN_STATUSES], {
        status: 'denied',
        decidedAt: now,
        decision: {
          discountPercent: 0,
          totalAdjustmentCents: 0,
          refundCents: 0,
          reason,
          staffIds: [staff.staffId],
        },
        holdReleasedAt: now,
        holdReleaseReason: 'denied',
      });
      if (!next) return undefined;
      await repository.addEvent({
        applicationId: row.id,
        kind: 'status',
        status: 'denied',
        author: 'office',
        staffId: staff.staffId,
        text: reason,
      });
      await this.steps.audit(context, staff, 'assistance.denied', row, {}, tx);
      await this.steps.tell(tx, row.id, { type: 'denied', reason });
      await this.releaseNotices(tx, row.id, 'denied', today);
      return next;
    });
    if (!denied) throw assistanceErrors.notOpen(row.status);
    return this.review.caseOf(denied, staff);
  }

  /**
   * Lifts the hold of every application whose requested information was not
   * sent by its due date (before `today`); each gets its notices once.
   * Answers the references released.
   */
  async releaseOverdue(today: string, context: RequestContext): Promise<string[]> {
    const overdue = await this.repository.overdueHolds(today);
    const released: string[] = [];
    for (const row of overdue) {
      const done = await this.steps.db.transaction(async (tx) => {
        const next = await this.repository.with(tx).releaseHold(row.id, 'information_overdue');
        if (!next) return false;
        await this.repository.with(tx).addEvent({
          applicationId: row.id,
          kind: 'hold',
          author: 'system',
          text: 'information_overdue',
        });
        await this.steps.auditSystem(
          context,
          'assistance.hold_released',
          row,
          {
            reason: 'information_overdue',
            dueOn: row.informationDueOn,
          },
          tx,
        );
        await this.releaseNotices(tx, row.id, 'information_overdue', today);
        return true;
      });
      if (done) released.push(row.reference);
    }
    return released;
  }

  /** The hold's end in writing, and the 30-day notice before any collection action. */
  private async releaseNotices(
    tx: Transaction,
    applicationId: string,
    reason: 'denied' | 'information_overdue',
    today: string,
  ): Promise<void> {
    await this.steps.tell(tx, applicationId, { type: 'hold_released', reason });
    await this.steps.tell(tx, applicationId, {
      type: 'collection_notice',
      notBefore: addDays(today, COLLECTION_NOTICE_DAYS),
    });
  }

  /**
   * The retention purge: documents' files removed `retentionDays` after
   * their application's decision, their hashes and figures kept.
   */
  async purgeDocuments(
    retentionDays: number,
    context: RequestContext,
    now = new Date(),
  ): Promise<number> {
    const before = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
    const purged = await this.repository.purgeDocuments(before, now);
    if (purged > 0) {
      await new AuditRepository(this.steps.db).record(context, {
        action: 'assistance.documents_purged',
        outcome: 'success',
        actorType: 'system',
        details: { documents: purged, decidedBefore: before.toISOString(), retentionDays },
      });
    }
    return purged;
  }

  private async openApplication(reference: string): Promise<ApplicationRow> {
    const row = await this.steps.byReference(reference);
    if (!(OPEN_STATUSES as readonly string[]).includes(row.status))
      throw assistanceErrors.notOpen(row.status);
    return row;
  }
}
