import { describe, expect, it } from 'vitest';
import {
  BILLING_MESSAGES,
  ECHECK_MESSAGES,
  eCheckSchema,
  isValidRoutingNumber,
  payerSchema,
} from './billing.ts';

const valid = {
  firstName: "Mary-Ann O'Neil",
  lastName: 'Garcia',
  address: '12 Canyon Rd',
  city: 'St. George',
  state: 'UT',
  zipCode: '84101-1234',
  email: 'maria.garcia@example.com',
};

function messageFor(field: keyof typeof valid, value: unknown) {
  const result = payerSchema.safeParse({ ...valid, [field]: value });
  return result.success ? null : result.error.issues.map((issue) => issue.message);
}

describe('Billing form (SPEC §5)', () => {
  it('accepts a complete payer', () => {
    expect(payerSchema.parse(valid).state).toBe('UT');
    expect(payerSchema.parse({ ...valid, email: null }).email).toBeNull();
  });

  it.each([
    ['firstName', '', BILLING_MESSAGES.firstNameRequired],
    ['firstName', 'A'.repeat(21), BILLING_MESSAGES.firstNameTooLong],
    ['firstName', 'M4ria', BILLING_MESSAGES.firstNameCharacters],
    ['lastName', '', BILLING_MESSAGES.lastNameRequired],
    ['email', `${'a'.repeat(250)}@example.com`, BILLING_MESSAGES.emailTooLong],
    ['email', 'not-an-address', BILLING_MESSAGES.emailInvalid],
    ['address', '', BILLING_MESSAGES.addressRequired],
    ['address', '1', BILLING_MESSAGES.addressTooShort],
    ['address', '1'.repeat(26), BILLING_MESSAGES.addressTooLong],
    ['city', 'Salt Lake City 2', BILLING_MESSAGES.cityCharacters],
    ['city', 'C'.repeat(21), BILLING_MESSAGES.cityTooLong],
    ['state', 'Utah', BILLING_MESSAGES.stateLength],
    ['state', 'ZZ', BILLING_MESSAGES.stateUnknown],
    ['zipCode', '8410', BILLING_MESSAGES.zipFormat],
    ['zipCode', '84101-12', BILLING_MESSAGES.zipFormat],
  ] as const)('%s %j → %s', (field, value, message) => {
    expect(messageFor(field, value)).toContain(message);
  });

  it('accepts the territories SPEC lists', () => {
    for (const state of ['DC', 'AS', 'FM', 'GU', 'MH', 'MP', 'PW', 'PR', 'VI']) {
      expect(messageFor('state', state)).toBeNull();
    }
  });
});

describe('eCheck (SPEC §5)', () => {
  it('routing numbers pass the weighted 3-7-1 checksum mod 10', () => {
    expect(isValidRoutingNumber('490000018')).toBe(true);
    expect(isValidRoutingNumber('021000021')).toBe(true);
    expect(isValidRoutingNumber('490000019')).toBe(false);
    expect(isValidRoutingNumber('49000001')).toBe(false);
    expect(isValidRoutingNumber('49000001a')).toBe(false);
  });

  it.each([
    [{ routingNumber: '' }, ECHECK_MESSAGES.routingRequired],
    [{ routingNumber: '123456789' }, ECHECK_MESSAGES.routingInvalid],
    [{ accountNumber: '' }, ECHECK_MESSAGES.accountRequired],
    [{ accountNumber: '123' }, ECHECK_MESSAGES.accountLength],
    [{ accountNumber: '1'.repeat(21) }, ECHECK_MESSAGES.accountLength],
    [{ accountNumber: '12ab56' }, ECHECK_MESSAGES.accountLength],
  ])('%j → %s', (overrides, message) => {
    const result = eCheckSchema.safeParse({
      routingNumber: '490000018',
      accountNumber: '123456789',
      accountType: 'SAVINGS',
      ...overrides,
    });
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });
});
