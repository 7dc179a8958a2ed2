import { describe, expect, it } from 'vitest';
import {
  cardBrandOf,
  cardDigits,
  expiryMmyy,
  isExpired,
  maskCardNumber,
  parseExpiry,
  passesLuhn,
  passesRoutingChecksum,
} from './instrument-rules.ts';
import {
  SANDBOX_BANK_ACCOUNTS,
  SANDBOX_INVALID_CARD_NUMBER,
  SANDBOX_TEST_CARDS,
  bankAccountOutcome,
  cardOutcome,
} from './test-instruments.ts';

describe('test instruments', () => {
  it('are all valid numbers of the brand they claim, with the outcome they document', () => {
    for (const [name, card] of Object.entries(SANDBOX_TEST_CARDS)) {
      expect(passesLuhn(card.number), name).toBe(true);
      expect(cardBrandOf(card.number)?.brand, name).toBe(card.brand);
      expect(cardOutcome(card.number), name).toBe(card.outcome);
    }
    for (const [name, account] of Object.entries(SANDBOX_BANK_ACCOUNTS)) {
      expect(passesRoutingChecksum(account.routingNumber), name).toBe(true);
      expect(bankAccountOutcome(account.accountNumber), name).toBe(account.outcome);
    }
    expect(passesLuhn(SANDBOX_INVALID_CARD_NUMBER)).toBe(false);
  });
});

describe('card rules', () => {
  it('checks Luhn', () => {
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
    expect(passesLuhn('4242 4242')).toBe(false);
  });

  it('knows the accepted brands by prefix and length', () => {
    expect(cardBrandOf('2221000000000009')?.brand).toBe('MC');
    expect(cardBrandOf('2720990000000007')?.brand).toBe('MC');
    expect(cardBrandOf('2721000000000004')).toBeUndefined();
    expect(cardBrandOf('6445644564456445')?.brand).toBe('DISC');
    expect(cardBrandOf('371449635398431')).toMatchObject({ brand: 'AMEX', cvvLength: 4 });
    expect(cardBrandOf('41249399999999')).toBeUndefined();
    expect(cardBrandOf('3530111333300000')).toBeUndefined();
  });

  it('masks like Converge, keeping two leading and four trailing digits', () => {
    expect(maskCardNumber('4124939999999990')).toBe('41**********9990');
    expect(maskCardNumber('341234111111111')).toBe('34*********1111');
  });

  it('reads card numbers with spaces or dashes', () => {
    expect(cardDigits('4124-9399 9999 9990')).toBe('4124939999999990');
    expect(cardDigits('4124x939')).toBeUndefined();
  });

  it('reads expiry dates and treats a card as good through its month', () => {
    expect(parseExpiry('07/29')).toEqual({ month: 7, year: 2029 });
    expect(parseExpiry('0729')).toEqual({ month: 7, year: 2029 });
    expect(parseExpiry('07 / 2029')).toEqual({ month: 7, year: 2029 });
    expect(parseExpiry('13/29')).toBeUndefined();
    expect(parseExpiry('7/29')).toBeUndefined();
    const now = new Date('2026-11-30T23:59:59Z');
    expect(isExpired({ month: 11, year: 2026 }, now)).toBe(false);
    expect(isExpired({ month: 10, year: 2026 }, now)).toBe(true);
    expect(isExpired({ month: 1, year: 2027 }, now)).toBe(false);
    expect(expiryMmyy({ month: 7, year: 2029 })).toBe('0729');
  });

  it('checks routing numbers with the 3-7-1 checksum', () => {
    expect(passesRoutingChecksum('490000018')).toBe(true);
    expect(passesRoutingChecksum('011000015')).toBe(true);
    expect(passesRoutingChecksum('490000019')).toBe(false);
    expect(passesRoutingChecksum('49000001')).toBe(false);
  });
});
