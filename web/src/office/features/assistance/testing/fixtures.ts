import type { Case, QueueItem } from '@webpay/contracts/assistance-application';

/*
 * Answers of the console's financial assistance calls for component tests:
 * María García's application, a household of four at 121% of the 2026
 * guideline, free care under the demo policy.
 */

export function queueItem(overrides: Partial<QueueItem> = {}): QueueItem {
  return {
    reference: 'FA-7K2M9QXD',
    status: 'submitted',
    guarantorId: 'g-1',
    guarantorName: 'María García',
    accountNumber: '100200300',
    facilityId: '107',
    facilityName: 'Hospitals & Clinics',
    submittedAt: '2026-11-20T16:00:00.000Z',
    ageDays: 7,
    windowDaysLeft: 120,
    totalBalanceCents: 1_250_000,
    awaitingSecondReview: false,
    ...overrides,
  };
}

const DOCUMENT = {
  kind: 'income',
  contentType: 'application/pdf',
  sizeBytes: 120_000,
  rejectReason: null,
  sha256: 'ab'.repeat(32),
  reviewedBy: null,
  extractedYearlyIncomeCents: null,
} as const;

export function assistanceCase(overrides: Partial<Case> = {}): Case {
  return {
    reference: 'FA-7K2M9QXD',
    status: 'in_review',
    guarantorId: 'g-1',
    guarantorName: 'María García',
    accountNumber: '100200300',
    email: 'maria@example.org',
    language: 'es',
    facilityId: '107',
    facilityName: 'Hospitals & Clinics',
    submittedAt: '2026-11-20T16:00:00.000Z',
    windowEndsOn: '2027-03-28',
    signature: {
      name: 'María García',
      signedAt: '2026-11-20T16:00:00.000Z',
      ipAddress: '203.0.113.7',
    },
    answers: {
      accounts: [{ facilityId: '107', accountNumber: '100200300' }],
      region: 'contiguous',
      members: [
        {
          name: 'María García',
          relationship: 'self',
          incomes: [{ source: 'wages', amountCents: 153_846, frequency: 'biweekly' }],
          documents: 'upload',
        },
        { name: 'José García', relationship: 'spouse', incomes: [], documents: 'no_income' },
      ],
      benefits: ['snap'],
      homeless: false,
      insurance: { insured: false },
      hardship: 'Lost hours at work after the surgery.',
    },
    assessment: {
      householdSize: 4,
      yearlyIncomeCents: 3_999_996,
      guidelineYear: 2026,
      guidelineCents: 3_300_000,
      percentOfPoverty: 121,
      tier: { upToPercentOfPoverty: 200, discountPercent: 100 },
      presumptive: ['snap'],
      discountPercent: 100,
      assetsCents: null,
    },
    accounts: [
      {
        facilityId: '107',
        accountNumber: '100200300',
        patientName: 'María García',
        serviceDate: '2026-09-02',
        balanceCents: 1_250_000,
        adjustmentCents: null,
        adjustmentStatus: null,
        chargesCents: 1_500_000,
        paymentsCents: 250_000,
      },
    ],
    documents: [
      {
        ...DOCUMENT,
        id: '0b0f5b8e-8d1c-4a43-9a4e-0f3b8f6b1a01',
        memberIndex: 0,
        status: 'received',
        fileName: 'pay-stub.pdf',
        receivedAt: '2026-11-20T16:00:00.000Z',
      },
      {
        ...DOCUMENT,
        id: '0b0f5b8e-8d1c-4a43-9a4e-0f3b8f6b1a02',
        memberIndex: 0,
        status: 'outstanding',
        fileName: null,
        contentType: null,
        sizeBytes: null,
        receivedAt: null,
        sha256: null,
      },
    ],
    events: [
      {
        at: '2026-11-20T16:00:00.000Z',
        kind: 'status',
        status: 'submitted',
        author: 'guarantor',
        text: null,
        staffName: null,
      },
      {
        at: '2026-11-21T15:00:00.000Z',
        kind: 'status',
        status: 'in_review',
        author: 'office',
        text: null,
        staffName: 'Dana Whitfield',
      },
    ],
    letters: [],
    requestedItems: [],
    informationDueOn: null,
    hold: { active: true, keepPaying: false, releasedAt: null, releaseReason: null },
    firstApproval: null,
    decision: null,
    refunds: [],
    refundShortCents: 0,
    canReview: true,
    ...overrides,
  };
}
