import { describe, expect, it } from 'vitest';
import { deskActions, type ActionFacts } from './desk-actions.ts';
import type { HeldReversal } from './reversal-allocation.ts';

const held = (
  status: HeldReversal['status'],
  amountCents: number,
  kind: HeldReversal['kind'] = 'return',
): HeldReversal => ({ kind, status, amountCents, allocation: [] });

const facts = (overrides: Partial<ActionFacts> = {}): ActionFacts => ({
  payment: { status: 'recorded', amountCents: 7_000, method: 'card' },
  reversals: [],
  settled: false,
  role: 'supervisor',
  hasEmail: true,
  language: 'en',
  approvalThresholdCents: 5_000,
  ...overrides,
});

describe('what the desk may do with a payment, and why not', () => {
  it('offers a void of an unsettled payment, and a refund of a settled one', () => {
    const unsettled = deskActions(facts());
    expect(unsettled.void).toEqual({ available: true, why: null });
    expect(unsettled.refund).toMatchObject({
      available: false,
      why: 'The payment has not settled yet: void it instead.',
      maxCents: 7_000,
    });
    const settled = deskActions(facts({ settled: true }));
    expect(settled.void.why).toBe('The payment has settled: refund it instead.');
    expect(settled.refund).toMatchObject({ available: true, kind: 'return', maxCents: 7_000 });
  });

  it('says a void waiting for a second supervisor holds the payment', () => {
    const actions = deskActions(facts({ reversals: [held('awaiting_approval', 7_000, 'void')] }));
    const waiting = 'A void or refund of this payment is waiting for approval.';
    expect(actions.void).toEqual({ available: false, why: waiting });
    expect(actions.refund).toMatchObject({ available: false, why: waiting, maxCents: 0 });
  });

  it('says a refund waiting for approval holds what a part refund left', () => {
    const actions = deskActions(
      facts({
        settled: true,
        reversals: [held('completed', 2_000), held('awaiting_approval', 5_000)],
      }),
    );
    expect(actions.refund.why).toBe('A void or refund of this payment is waiting for approval.');
  });

  it('says a reversal the processor has not answered yet holds the payment', () => {
    const actions = deskActions(facts({ reversals: [held('processing', 7_000, 'void')] }));
    expect(actions.void.why).toBe('A void or refund of this payment is still being processed.');
  });

  it('says nothing remains only once everything was given back', () => {
    const given = deskActions(
      facts({ settled: true, reversals: [held('completed', 7_000), held('rejected', 7_000)] }),
    );
    expect(given.refund.why).toBe('Nothing remains to give back.');
  });

  it('leaves the partly-given reason to a void of a payment with something left', () => {
    const actions = deskActions(facts({ reversals: [held('awaiting_approval', 1_000)] }));
    expect(actions.void.why).toBe('Part of the payment is already given back or waiting.');
    expect(actions.refund.maxCents).toBe(6_000);
  });

  it('words the waiting reasons in Spanish', () => {
    const waiting = deskActions(
      facts({ language: 'es', reversals: [held('awaiting_approval', 7_000, 'void')] }),
    );
    expect(waiting.void.why).toBe(
      'Una anulación o reembolso de este pago está en espera de aprobación.',
    );
    const processing = deskActions(
      facts({ language: 'es', reversals: [held('processing', 7_000, 'void')] }),
    );
    expect(processing.void.why).toBe(
      'Una anulación o reembolso de este pago aún se está procesando.',
    );
  });

  it('puts the role before the payment, and names a viewer the reason', () => {
    const actions = deskActions(
      facts({ role: 'viewer', reversals: [held('awaiting_approval', 7_000, 'void')] }),
    );
    expect(actions.void.why).toBe('Your role does not allow it.');
    expect(actions.resendReceipt.why).toBe('Your role does not allow it.');
  });
});
