import { expect } from 'vitest';
import { PAYMENT_PLAN_PATHS, planOptionsSchema } from '@webpay/contracts/payment-plans';
import { describeOneTripRead } from '../../../test/support/refused-reads.ts';

describeOneTripRead({
  title: 'plan options in one trip (%s)',
  path: PAYMENT_PLAN_PATHS.options,
  action: 'payment_plan_options.read',
  checkAnswer: (body) => expect(planOptionsSchema.parse(body).eligible.length).toBeGreaterThan(0),
});
