import { describe, expect, it } from 'vitest';
import { eventOf } from './payment-page.service.ts';
import type { PaymentEventRow } from './payment-page.repository.ts';

const row = (action: string, details: Record<string, unknown>): PaymentEventRow => ({
  id: 1,
  occurredAt: new Date('2026-11-27T17:00:00Z'),
  actorType: 'staff',
  actorId: 'staff-1',
  guarantorId: 'g-1',
  action,
  outcome: 'success',
  targetType: 'payment',
  targetId: 'p-1',
  requestId: 'r',
  correlationId: 'r',
  ipAddress: '',
  details,
});

describe('a payment event in the reader’s words', () => {
  it('names the amount and the staff member, in English and Spanish', () => {
    const event = row('payment.refund.requested', { amountCents: 1250, reason: 'Overpaid' });
    expect(eventOf(event, 'en', { 'staff-1': 'Pat Okafor' })).toMatchObject({
      summary: 'Refund of $12.50 requested',
      actorName: 'Pat Okafor',
      reason: 'Overpaid',
    });
    expect(eventOf(event, 'es', {}).summary).toBe('Reembolso de $12.50 solicitado');
  });

  it('falls back to the action code for an event it has no words for', () => {
    expect(eventOf(row('payment.something_new', {}), 'en', {}).summary).toBe(
      'payment.something_new',
    );
  });
});
