import type { PayerInput } from '@webpay/contracts/billing';
import { DEMO_GUARANTORS } from '@webpay/server/testkit/demo';

const { robert } = DEMO_GUARANTORS;

/** The billing details the benchmarks pay Robert Johnson's bills with. */
export const ROBERT_PAYER: PayerInput = {
  firstName: robert.firstName,
  lastName: robert.lastName,
  address: '55 East 100 South',
  city: 'Provo',
  state: 'UT',
  zipCode: '84601',
  email: robert.email,
};
