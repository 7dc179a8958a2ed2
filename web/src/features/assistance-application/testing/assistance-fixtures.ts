import type { ApplicationList, Tracker } from '@webpay/contracts/assistance-application';

/** Maria has never applied; her facility's policy has no asset test. */
export const noApplications: ApplicationList = {
  applications: [],
  canApply: true,
  assetTest: false,
  openAccounts: [],
  applicantName: 'Maria Garcia',
};

export const surgery: Tracker['accounts'][number] = {
  facilityId: '107',
  accountNumber: '40010001',
  patientName: 'Maria Garcia',
  serviceDate: '2026-06-02',
  balanceCents: 125_000,
  adjustmentCents: null,
  adjustmentStatus: null,
};

export function tracker(overrides: Partial<Tracker> = {}): Tracker {
  return {
    reference: 'FA-7K2M9Q',
    status: 'submitted',
    submittedAt: '2026-11-20T15:04:00.000Z',
    facilityId: '107',
    requestedItems: [],
    informationDueOn: null,
    accounts: [surgery],
    members: [{ name: 'Maria Garcia', relationship: 'self' }],
    documents: [],
    timeline: [
      {
        at: '2026-11-20T15:04:00.000Z',
        kind: 'status',
        status: 'submitted',
        author: 'guarantor',
        text: null,
      },
    ],
    letters: [],
    hold: { active: true, keepPaying: false, releasedAt: null, releaseReason: null },
    decision: null,
    ...overrides,
  };
}
