import type { StatementDetail, StatementSummary } from '@webpay/contracts/statements';

export function statementSummary(overrides: Partial<StatementSummary> = {}): StatementSummary {
  return {
    id: 'st-2026-06',
    statementDate: '2026-06-01',
    accountNumber: '100200300',
    amountDue: 1865.45,
    dueDate: '2026-06-26',
    status: 'open',
    ...overrides,
  };
}

/** Newest first, one of each status, as GET /statements answers. */
export const mariaStatements: StatementSummary[] = [
  statementSummary(),
  statementSummary({
    id: 'st-2026-05',
    statementDate: '2026-05-01',
    amountDue: 1250,
    dueDate: '2026-05-26',
    status: 'past_due',
  }),
  statementSummary({
    id: 'st-2026-04',
    statementDate: '2026-04-01',
    amountDue: 0,
    dueDate: '2026-04-26',
    status: 'paid',
  }),
  statementSummary({
    id: 'st-2026-03',
    statementDate: '2026-03-01',
    amountDue: 0,
    dueDate: '2026-03-26',
    status: 'closed',
  }),
];

export function statementDetail(overrides: Partial<StatementDetail> = {}): StatementDetail {
  return {
    ...statementSummary({ amountDue: 1555 }),
    guarantorName: 'Maria Garcia',
    items: [
      {
        facilityId: '107',
        accountNumber: '40010001',
        patientName: 'Maria Garcia',
        description: 'Emergency department visit',
        serviceDate: '2026-03-14',
        charges: 2400,
        payments: 900,
        adjustments: 250,
        balance: 1250,
      },
      {
        facilityId: '107',
        accountNumber: '40010002',
        patientName: 'Daniel Garcia',
        description: 'X-ray, chest',
        serviceDate: '2026-04-02',
        charges: 410.45,
        payments: 100,
        adjustments: 5.45,
        balance: 305,
      },
    ],
    totals: { charges: 2810.45, payments: 1000, adjustments: 255.45, balance: 1555 },
    // $1,250.00 of it now in a plan with $150.00 due; a $50.00 payment since, being processed.
    reconciliation: {
      asOf: '2026-06-20',
      inPaymentPlans: 1250,
      planPaymentsDue: 150,
      otherChanges: -5,
      dueNow: 450,
      paymentsInProcess: 50,
    },
    ...overrides,
  };
}
