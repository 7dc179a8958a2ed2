import { describe, expect, it } from 'vitest';
import {
  completedPayments,
  ENCOUNTER_STATUS_LABELS,
  ENCOUNTER_STATUS_LABELS_ES,
  encounterNumber,
  encounterStatusLabel,
  PLAN_STATUS_LABELS,
  PLAN_STATUS_LABELS_ES,
  PLAN_TYPE_LABELS,
  PLAN_TYPE_LABELS_ES,
  planNumber,
} from './encounters.ts';
import { catalogueGaps } from './language.ts';

describe('encounter and plan display rules (SPEC §3)', () => {
  it('shows an encounter as facilityId-accountNumber', () => {
    expect(encounterNumber({ facilityId: '107', accountNumber: '40010001' })).toBe('107-40010001');
  });

  it('labels known statuses and shows others as they are', () => {
    expect(encounterStatusLabel('self_pay')).toBe('Self Pay');
    expect(encounterStatusLabel('payment_plan')).toBe('On Payment Plan');
    expect(encounterStatusLabel('in_collections')).toBe('in_collections');
  });

  it('shows a plan as id-version and counts completed instalments', () => {
    expect(planNumber({ id: 'PP-7001', version: 1 })).toBe('PP-7001-1');
    const instalment = { number: 1, dueDate: '2026-01-01', amount: 150 };
    expect(
      completedPayments({
        amortization: [
          { ...instalment, completedAt: '2026-01-02' },
          { ...instalment, number: 2, completedAt: null },
        ],
      }),
    ).toBe(1);
  });
});

describe('encounter and plan words in Spanish (decision 0013)', () => {
  it.each([
    ['encounter statuses', ENCOUNTER_STATUS_LABELS, ENCOUNTER_STATUS_LABELS_ES],
    ['plan types', PLAN_TYPE_LABELS, PLAN_TYPE_LABELS_ES],
    ['plan statuses', PLAN_STATUS_LABELS, PLAN_STATUS_LABELS_ES],
  ] as const)('has every %s in Spanish', (_name, english, spanish) => {
    expect(catalogueGaps(english, spanish)).toEqual([]);
  });

  it('labels known statuses from the Spanish labels and still shows others as they are', () => {
    expect(encounterStatusLabel('self_pay', ENCOUNTER_STATUS_LABELS_ES)).toBe(
      'Pago por cuenta propia',
    );
    expect(encounterStatusLabel('payment_plan', ENCOUNTER_STATUS_LABELS_ES)).toBe(
      'En plan de pagos',
    );
    expect(encounterStatusLabel('in_collections', ENCOUNTER_STATUS_LABELS_ES)).toBe(
      'in_collections',
    );
  });
});
