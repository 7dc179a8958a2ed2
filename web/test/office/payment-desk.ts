import type { Approvals, DeskPayment, Reversal } from '@webpay/contracts/payment-desk';

/** A reversal of the test payment; the supervisor `staff-supervisor` is the signed-in one in renderOffice. */
export function reversal(overrides: Partial<Reversal> = {}): Reversal {
  return {
    reversalId: 'rv-1',
    reference: 'RV-7K2M9QXD',
    kind: 'return',
    status: 'completed',
    source: 'desk',
    amountCents: 2_500,
    reason: 'Charged twice',
    requestedBy: { staffId: 'staff-agent', name: 'Ana Ortiz' },
    requestedAt: '2026-11-26T15:00:00.000Z',
    decidedBy: null,
    decidedAt: null,
    rejectionReason: null,
    completedAt: '2026-11-26T15:00:05.000Z',
    processorTxnId: 'TXN-RET-1',
    failure: null,
    exportedAt: null,
    appliedAt: null,
    ...overrides,
  };
}

/** $600.00 (above the default threshold) waiting for a supervisor other than `staffId`. */
export function awaitingApproval(reversalId: string, staffId: string): Reversal {
  return reversal({
    reversalId,
    reference: `RV-${reversalId.toUpperCase()}`,
    status: 'awaiting_approval',
    amountCents: 60_000,
    requestedBy: { staffId, name: `Requested by ${staffId}` },
    completedAt: null,
  });
}

/** A settled $100.00 card payment with $25.00 refunded: $75.00 remains. */
export function deskPayment(overrides: Partial<DeskPayment> = {}): DeskPayment {
  return {
    paymentId: 'p-1',
    receiptId: 'R-100200',
    reference: 'WP-ABC123',
    status: 'partially_refunded',
    guarantor: { guarantorId: 'g-1', accountNumber: '100200300', name: 'María García' },
    payer: { name: 'María García', email: 'maria@example.org', address: null },
    receiptEmail: 'maria@example.org',
    createdAt: '2026-11-20T16:00:00.000Z',
    recordedAt: '2026-11-20T16:00:03.000Z',
    amountCents: 10_000,
    refundedCents: 2_500,
    refundableCents: 7_500,
    instrument: { method: 'card', label: 'VISA', last4: '1234' },
    lines: [
      {
        lineNumber: 1,
        facilityId: '107',
        accountId: 'E-5001',
        paymentType: 'encounter',
        description: 'Emergency visit',
        amountCents: 10_000,
        refundedCents: 2_500,
      },
    ],
    posting: { exportedAt: null, exportBatch: null, appliedAt: null },
    processor: {
      transactions: [
        {
          txnId: 'TXN-SALE-1',
          type: 'SALE',
          status: 'STL',
          settled: true,
          amountCents: 10_000,
          time: '2026-11-20T16:00:01.000Z',
          resultMessage: 'APPROVAL',
          approvalCode: '123456',
        },
      ],
      settled: true,
      error: null,
    },
    reversals: [reversal()],
    actions: {
      void: { available: false, why: 'The batch has settled: refund instead.' },
      refund: { available: true, why: null, kind: 'return', maxCents: 7_500 },
      resendReceipt: { available: true, why: null },
      approvalThresholdCents: 50_000,
    },
    emails: [],
    events: [
      {
        at: '2026-11-20T16:00:03.000Z',
        action: 'payment.recorded',
        summary: 'Payment recorded',
        actorType: 'guarantor',
        actorName: null,
        outcome: 'success',
        reason: null,
      },
    ],
    ...overrides,
  };
}

export function approvals(list: Reversal[]): Approvals {
  return {
    approvals: list.map((item) => ({
      ...item,
      paymentId: 'p-1',
      receiptId: 'R-100200',
      guarantorName: 'María García',
      paymentAmountCents: 100_000,
    })),
  };
}
