import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  openBankAccount,
  parseSealingKeys,
  paymentMethodKeyring,
  sealBankAccount,
  sealingKeyring,
} from './payment-method-keys.ts';

const SECRET = 'a-server-secret-of-at-least-thirty-two-characters';
const base64Key = () => randomBytes(32).toString('base64');

describe('a list of sealing keys', () => {
  it('reads id=base64 entries in order, the first sealing', () => {
    const [first, second] = [randomBytes(32), randomBytes(32)];
    const text = ` 2026=${first.toString('base64')}, 2025=${second.toString('base64')} `;
    expect(parseSealingKeys(text)).toEqual([
      { id: '2026', keyHex: first.toString('hex') },
      { id: '2025', keyHex: second.toString('hex') },
    ]);
  });

  it('says what is wrong with a bad list', () => {
    expect(parseSealingKeys('')).toBe('must list at least one key');
    expect(parseSealingKeys(base64Key())).toMatch(/id=base64/);
    expect(parseSealingKeys(`a b=${base64Key()}`)).toMatch(/id=base64/);
    expect(parseSealingKeys(`short=${randomBytes(16).toString('base64')}`)).toMatch(/32 bytes/);
    expect(parseSealingKeys(`k=${base64Key()},k=${base64Key()}`)).toBe('key k is listed twice');
  });
});

describe('a keyring', () => {
  it('is the configured keys when there are any', () => {
    const configured = [{ id: 'k1', keyHex: randomBytes(32).toString('hex') }];
    expect(sealingKeyring(configured, SECRET, 'one-purpose')).toEqual(configured);
  });

  it('otherwise derives one key from the server secret, a different one for each purpose', () => {
    const [first] = sealingKeyring(undefined, SECRET, 'one-purpose');
    const [second] = sealingKeyring([], SECRET, 'another-purpose');
    expect(first?.id).toBe('jwt');
    expect(first?.keyHex).toMatch(/^[0-9a-f]{64}$/);
    expect(second?.keyHex).not.toBe(first?.keyHex);
  });

  it('seals a bank account and opens it only with the key it names', () => {
    const keyring = paymentMethodKeyring(undefined, SECRET);
    const details = {
      routingNumber: '011000015',
      accountNumber: '123456789',
      accountType: 'CHECKING',
    } as const;
    const { sealed, keyId } = sealBankAccount(keyring, details);
    expect(openBankAccount(keyring, sealed, keyId)).toEqual(details);
    expect(() => openBankAccount(keyring, sealed, 'other')).toThrow(/PAYMENT_METHOD_KEYS/);
    expect(() => sealBankAccount([], details)).toThrow(/PAYMENT_METHOD_KEYS/);
  });
});
