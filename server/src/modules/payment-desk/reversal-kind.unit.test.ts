import { describe, expect, it } from 'vitest';
import {
  kindOnApproval,
  kindOnRequest,
  type ReversedPayment,
  type Settlement,
} from './reversal-kind.ts';

const OPEN: Settlement = { settled: false, voided: false };
const SETTLED: Settlement = { settled: true, voided: false };
const VOIDED: Settlement = { settled: false, voided: true };

const card = (heldByOthersCents = 0): ReversedPayment => ({
  method: 'card',
  amountCents: 60_000,
  heldByOthersCents,
});
const eCheck: ReversedPayment = { method: 'eCheck', amountCents: 60_000, heldByOthersCents: 0 };

describe('what an approved void or refund becomes', () => {
  it('keeps a return of a settled sale and a void of an open one', () => {
    expect(kindOnApproval({ kind: 'return', amountCents: 1_000 }, card(), SETTLED)).toEqual({
      kind: 'return',
    });
    expect(kindOnApproval({ kind: 'void', amountCents: 60_000 }, card(), OPEN)).toEqual({
      kind: 'void',
    });
  });

  it('voids a sale not yet settled when the refund is the whole payment', () => {
    expect(kindOnApproval({ kind: 'return', amountCents: 60_000 }, card(), OPEN)).toEqual({
      kind: 'void',
    });
  });

  it('refuses part of a sale not yet settled, which no void can give back', () => {
    expect(kindOnApproval({ kind: 'return', amountCents: 59_999 }, card(), OPEN)).toEqual({
      refused: 'refundNotSettledYet',
    });
    // The whole amount, but another reversal already holds part: a void would give it twice.
    expect(kindOnApproval({ kind: 'return', amountCents: 60_000 }, card(1), OPEN)).toEqual({
      refused: 'refundNotSettledYet',
    });
  });

  it('refunds a void approved after the sale settled: to the card, or by check', () => {
    expect(kindOnApproval({ kind: 'void', amountCents: 60_000 }, card(), SETTLED)).toEqual({
      kind: 'return',
    });
    expect(kindOnApproval({ kind: 'void', amountCents: 60_000 }, eCheck, SETTLED)).toEqual({
      kind: 'check',
    });
  });

  it('refuses anything of a sale voided at the processor', () => {
    for (const kind of ['void', 'return'] as const) {
      expect(kindOnApproval({ kind, amountCents: 60_000 }, card(), VOIDED)).toEqual({
        refused: 'voidedAtProcessor',
      });
    }
  });
});

describe('what the desk sends when asked to void or refund', () => {
  it('voids only a sale not yet settled', () => {
    expect(kindOnRequest('void', 'card', OPEN)).toEqual({ kind: 'void' });
    expect(kindOnRequest('void', 'card', SETTLED)).toEqual({ refused: 'voidAfterSettlement' });
  });

  it('refunds only a settled sale: to the card, or by check for an eCheck', () => {
    expect(kindOnRequest('refund', 'card', SETTLED)).toEqual({ kind: 'return' });
    expect(kindOnRequest('refund', 'eCheck', SETTLED)).toEqual({ kind: 'check' });
    expect(kindOnRequest('refund', 'card', OPEN)).toEqual({ refused: 'refundBeforeSettlement' });
  });

  it('sends nothing for a sale the processor has voided', () => {
    expect(kindOnRequest('void', 'card', VOIDED)).toEqual({ refused: 'voidedAtProcessor' });
    expect(kindOnRequest('refund', 'eCheck', VOIDED)).toEqual({ refused: 'voidedAtProcessor' });
  });
});
