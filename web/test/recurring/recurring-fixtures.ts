import { vi } from 'vitest';
import {
  DEFAULT_AUTOPAY_TIMINGS,
  DEFAULT_PLAN_RULES,
  type PlanOptions,
} from '@webpay/contracts/payment-plans';
import type { PaymentMethod } from '@webpay/contracts/payment-methods';

/** Maria's accounts that may go on a plan (DEMO_DATA §1), on the hospital's 27 November. */
export const planOptions: PlanOptions = {
  rules: DEFAULT_PLAN_RULES,
  today: '2026-11-27',
  timings: { ...DEFAULT_AUTOPAY_TIMINGS },
  eligible: [
    {
      facilityId: '107',
      accountNumber: '40010001',
      patientName: 'Maria Garcia',
      admitDate: '2026-06-02',
      balanceCents: 125_000,
    },
    {
      facilityId: '107',
      accountNumber: '40010002',
      patientName: 'Daniel Garcia',
      admitDate: '2026-08-15',
      balanceCents: 31_045,
    },
  ],
};

export function savedCard(overrides: Partial<PaymentMethod> = {}): PaymentMethod {
  return {
    id: 'pm-visa',
    kind: 'card',
    brand: 'VISA',
    last4: '1111',
    expiry: '12/29',
    expiresOn: '2029-12-31',
    expiringSoon: false,
    expired: false,
    holderName: 'Maria Garcia',
    isDefault: true,
    usedBy: [],
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** jsdom has no ResizeObserver; the switch measures its thumb with one. */
export function stubResizeObserver(): void {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
}
