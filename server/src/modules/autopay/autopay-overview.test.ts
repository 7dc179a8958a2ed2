import { expect } from 'vitest';
import { PAYMENT_PLAN_PATHS, autopayOverviewSchema } from '@webpay/contracts/payment-plans';
import { describeOneTripRead } from '../../../test/support/refused-reads.ts';

describeOneTripRead({
  title: 'autopay overview in one trip (%s)',
  path: PAYMENT_PLAN_PATHS.autopay,
  action: 'autopay.read',
  checkAnswer: (body) => {
    const overview = autopayOverviewSchema.parse(body);
    expect(overview.statement).toBeNull();
    expect(overview.plans.map((plan) => plan.planNumber)).toEqual(['PP-7001', 'PP-7002']);
  },
});
