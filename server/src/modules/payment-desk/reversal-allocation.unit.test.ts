import { describe, expect, it } from 'vitest';
import {
  allocateReversal,
  completedCents,
  deskStatus,
  needsApproval,
  refundableCents,
  refundShares,
  type HeldReversal,
  type PaymentToRefund,
} from './reversal-allocation.ts';

const lines = [
  { lineNumber: 1, amountCents: 10_000 },
  { lineNumber: 2, amountCents: 2_500 },
  { lineNumber: 3, amountCents: 1_000 },
];

const held = (
  status: HeldReversal['status'],
  amountCents: number,
  allocation: HeldReversal['allocation'] = [],
  kind: HeldReversal['kind'] = 'return',
): HeldReversal => ({ kind, status, amountCents, allocation });

describe('what remains refundable', () => {
  it('leaves out every holding reversal, and only those', () => {
    const reversals = [
      held('completed', 1_000),
      held('processing', 500),
      held('awaiting_approval', 250),
      held('declined', 4_000),
      held('failed', 4_000),
      held('rejected', 4_000),
    ];
    expect(refundableCents(13_500, reversals)).toBe(11_750);
    expect(completedCents(reversals)).toBe(1_000);
  });

  it('is never below zero', () => {
    expect(refundableCents(1_000, [held('completed', 1_000)])).toBe(0);
  });
});

describe('the approval threshold', () => {
  it('waits only strictly above it', () => {
    expect(needsApproval(50_000, 50_000)).toBe(false);
    expect(needsApproval(50_001, 50_000)).toBe(true);
    expect(needsApproval(1, 0)).toBe(true);
  });
});

describe('allocating a reversal over the lines', () => {
  it('takes from the last line backwards, each up to what remains of it', () => {
    expect(allocateReversal(lines, [], 1_500, 'return')).toEqual([
      { lineNumber: 2, amountCents: 500 },
      { lineNumber: 3, amountCents: 1_000 },
    ]);
  });

  it('skips what holding reversals already took, and ignores the others', () => {
    const earlier = [
      held('completed', 1_500, [
        { lineNumber: 2, amountCents: 500 },
        { lineNumber: 3, amountCents: 1_000 },
      ]),
      held('declined', 2_000, [{ lineNumber: 2, amountCents: 2_000 }]),
    ];
    expect(allocateReversal(lines, earlier, 2_500, 'return')).toEqual([
      { lineNumber: 1, amountCents: 500 },
      { lineNumber: 2, amountCents: 2_000 },
    ]);
  });

  it('takes every line whole for a void', () => {
    expect(allocateReversal(lines, [], 13_500, 'void')).toEqual(
      lines.map((line) => ({ lineNumber: line.lineNumber, amountCents: line.amountCents })),
    );
  });

  it('refuses more than the lines hold', () => {
    expect(() => allocateReversal(lines, [], 13_501, 'check')).toThrow();
  });
});

describe('the desk status', () => {
  it('follows an unrecorded payment’s own status', () => {
    expect(deskStatus('initiated', 100, [])).toBe('in_progress');
    expect(deskStatus('in_lightbox', 100, [])).toBe('in_progress');
    expect(deskStatus('approved', 100, [])).toBe('in_progress');
    expect(deskStatus('declined', 100, [])).toBe('declined');
    expect(deskStatus('cancelled', 100, [])).toBe('cancelled');
    expect(deskStatus('failed', 100, [])).toBe('failed');
  });

  it('reads a recorded payment’s reversals', () => {
    expect(deskStatus('recorded', 100, [])).toBe('paid');
    expect(deskStatus('recorded', 100, [held('declined', 100)])).toBe('paid');
    expect(deskStatus('recorded', 100, [held('awaiting_approval', 100)])).toBe('awaiting_approval');
    expect(deskStatus('recorded', 100, [held('completed', 40)])).toBe('partially_refunded');
    expect(
      deskStatus('recorded', 100, [held('completed', 40), held('awaiting_approval', 60)]),
    ).toBe('partially_refunded');
    expect(deskStatus('recorded', 100, [held('completed', 40), held('completed', 60)])).toBe(
      'refunded',
    );
    expect(deskStatus('recorded', 100, [held('completed', 100, [], 'void')])).toBe('voided');
    expect(deskStatus('recorded', 100, [held('processing', 100, [], 'void')])).toBe('paid');
  });
});

describe("an assistance approval's refunds", () => {
  const payment = (
    paymentId: string,
    accountLines: [number, string, number][],
    reversals: HeldReversal[] = [],
  ): PaymentToRefund => ({
    paymentId,
    amountCents: accountLines.reduce((sum, [, , cents]) => sum + cents, 0),
    lines: accountLines.map(([lineNumber, encounterId, amountCents]) => ({
      lineNumber,
      encounterId,
      amountCents,
    })),
    reversals,
  });

  it("takes the newest payment first, then the next, only from that account's lines", () => {
    const newest = payment('p2', [
      [1, 'surgery', 3_000],
      [2, 'emergency', 5_000],
    ]);
    const older = payment('p1', [[1, 'surgery', 4_000]]);
    expect(refundShares([newest, older], new Map([['surgery', 5_000]]))).toEqual([
      { paymentId: 'p2', amountCents: 3_000, allocation: [{ lineNumber: 1, amountCents: 3_000 }] },
      { paymentId: 'p1', amountCents: 2_000, allocation: [{ lineNumber: 1, amountCents: 2_000 }] },
    ]);
  });

  it('makes one share of a payment that paid on two refunded accounts', () => {
    const both = payment('p1', [
      [1, 'surgery', 3_000],
      [2, 'emergency', 5_000],
    ]);
    const owed = new Map([
      ['surgery', 1_000],
      ['emergency', 2_000],
    ]);
    expect(refundShares([both], owed)).toEqual([
      {
        paymentId: 'p1',
        amountCents: 3_000,
        allocation: [
          { lineNumber: 1, amountCents: 1_000 },
          { lineNumber: 2, amountCents: 2_000 },
        ],
      },
    ]);
  });

  it('leaves what holding reversals take, and gives back no more than can be held', () => {
    const partly = payment(
      'p1',
      [[1, 'surgery', 4_000]],
      [
        held('awaiting_approval', 1_500, [{ lineNumber: 1, amountCents: 1_500 }]),
        held('rejected', 4_000, [{ lineNumber: 1, amountCents: 4_000 }]),
      ],
    );
    expect(refundShares([partly], new Map([['surgery', 9_000]]))).toEqual([
      { paymentId: 'p1', amountCents: 2_500, allocation: [{ lineNumber: 1, amountCents: 2_500 }] },
    ]);
    expect(refundShares([partly], new Map([['imaging', 100]]))).toEqual([]);
  });
});
