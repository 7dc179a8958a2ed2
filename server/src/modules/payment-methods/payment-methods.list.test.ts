import { expect } from 'vitest';
import { PAYMENT_METHOD_PATHS, paymentMethodListSchema } from '@webpay/contracts/payment-methods';
import { describeOneTripRead } from '../../../test/support/refused-reads.ts';

describeOneTripRead({
  title: 'saved methods listed in one trip (%s)',
  path: PAYMENT_METHOD_PATHS.list,
  action: 'payment_methods.read',
  checkAnswer: (body) => expect(paymentMethodListSchema.parse(body)).toEqual({ methods: [] }),
});
