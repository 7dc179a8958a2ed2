import { daysBetween } from '@webpay/contracts/dates';
import type {
  Assessment,
  Case,
  CaseRefund,
  QueueItem,
} from '@webpay/contracts/assistance-application';
import { FACILITY_TITLES, type FacilityCode } from '@webpay/contracts/facilities';
import {
  accountView,
  documentView,
  holdView,
  informationRequestView,
  letterView,
  timelineView,
  type ApplicationParts,
} from './application-view.ts';
import type { Applicant, ApplicationRepository } from './application.repository.ts';
import { refundShortCents } from './refund-desk.ts';

/*
 * Rows as the billing office's queue and case page show them: the tracker's
 * parts, with staff names, the assessment and what reviewers need.
 */

export function facilityTitle(facilityId: string, name: string | null): string {
  return FACILITY_TITLES[facilityId as FacilityCode] ?? name ?? facilityId;
}

type QueueRow = Awaited<ReturnType<ApplicationRepository['queue']>>[number];

export function queueItemView(row: QueueRow, today: string, submittedDay: string): QueueItem {
  const { application } = row;
  return {
    reference: application.reference,
    status: application.status,
    guarantorId: application.guarantorId,
    guarantorName: `${row.firstName} ${row.lastName}`,
    accountNumber: row.accountNumber,
    facilityId: application.facilityId,
    facilityName: facilityTitle(application.facilityId, row.facilityName),
    submittedAt: application.submittedAt.toISOString(),
    ageDays: Math.max(0, daysBetween(submittedDay, today)),
    windowDaysLeft: daysBetween(today, application.windowEndsOn),
    totalBalanceCents: row.totalBalanceCents,
    awaitingSecondReview: application.firstApproval !== null && application.decision === null,
  };
}

export interface CaseFacts {
  parts: ApplicationParts & {
    events: (ApplicationParts['events'][number] & { staffName: string | null })[];
  };
  applicant: Applicant;
  facilityName: string;
  assessment: Assessment;
  firstApproverName: string | null;
  /** The approval's refund requests on the payment desk. */
  refunds: CaseRefund[];
  canReview: boolean;
}

export function caseView(facts: CaseFacts): Case {
  const { row, accounts, documents, events, letters } = facts.parts;
  const first = row.firstApproval;
  return {
    reference: row.reference,
    status: row.status,
    guarantorId: row.guarantorId,
    guarantorName: `${facts.applicant.firstName} ${facts.applicant.lastName}`,
    accountNumber: facts.applicant.accountNumber,
    email: facts.applicant.email,
    language: row.language,
    facilityId: row.facilityId,
    facilityName: facilityTitle(row.facilityId, facts.facilityName),
    submittedAt: row.submittedAt.toISOString(),
    windowEndsOn: row.windowEndsOn,
    signature: {
      name: row.signatureName,
      signedAt: row.signedAt.toISOString(),
      ipAddress: row.signedIp,
    },
    answers: row.answers,
    assessment: facts.assessment,
    accounts: accounts.map((account) => ({
      ...accountView(account),
      chargesCents: account.balanceAtApplicationCents + account.paidCents,
      paymentsCents: account.paidCents,
    })),
    documents: documents.map((document) => ({
      ...documentView(document),
      sha256: document.sha256,
      reviewedBy: document.reviewedBy,
      extractedYearlyIncomeCents: document.extractedYearlyIncomeCents,
    })),
    events: events.map((event) => ({ ...timelineView(event), staffName: event.staffName })),
    letters: letters.map(letterView),
    ...informationRequestView(row),
    hold: holdView(row),
    firstApproval:
      first && !row.decision
        ? {
            staffId: first.staffId,
            staffName: facts.firstApproverName ?? first.staffId,
            discountPercent: first.discountPercent,
            totalAdjustmentCents: first.totalAdjustmentCents,
            reason: first.reason,
            at: first.at,
          }
        : null,
    decision: row.decision
      ? {
          discountPercent: row.decision.discountPercent,
          totalAdjustmentCents: row.decision.totalAdjustmentCents,
          refundCents: row.decision.refundCents,
          reason: row.decision.reason,
        }
      : null,
    refunds: facts.refunds,
    refundShortCents:
      row.status === 'approved' && row.decision
        ? refundShortCents(row.decision.refundCents, facts.refunds)
        : 0,
    canReview: facts.canReview,
  };
}
