import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  deriveKey,
  hashPin,
  hashToken,
  keyedFingerprint,
  keyedUuid,
  randomDigits,
  randomToken,
  verifyPin,
} from './secrets.ts';

describe('hashPin / verifyPin', () => {
  it('encodes scrypt parameters, salt and hash', async () => {
    const stored = await hashPin('48271936');
    expect(stored).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(stored).not.toContain('48271936');
  });

  it('accepts the right PIN and rejects others', async () => {
    const stored = await hashPin('48271936');
    await expect(verifyPin('48271936', stored)).resolves.toBe(true);
    await expect(verifyPin('48271937', stored)).resolves.toBe(false);
    await expect(verifyPin('', stored)).resolves.toBe(false);
  });

  it('salts every hash', async () => {
    const [first, second] = await Promise.all([hashPin('1234'), hashPin('1234')]);
    expect(first).not.toBe(second);
    await expect(verifyPin('1234', first)).resolves.toBe(true);
    await expect(verifyPin('1234', second)).resolves.toBe(true);
  });

  it('verifies hashes made with other cost parameters', async () => {
    const stored = await hashPin('5555');
    const [, , , , salt] = stored.split('$');
    const { scryptSync } = await import('node:crypto');
    const key = scryptSync('5555', Buffer.from(salt ?? '', 'base64url'), 32, {
      N: 1024,
      r: 8,
      p: 2,
    });
    const cheaper = `scrypt$1024$8$2$${salt}$${key.toString('base64url')}`;
    await expect(verifyPin('5555', cheaper)).resolves.toBe(true);
    await expect(verifyPin('5556', cheaper)).resolves.toBe(false);
  });

  it('returns false for malformed or hostile stored values', async () => {
    const stored = await hashPin('1234');
    const [, , , , salt, key] = stored.split('$');
    const hostile = [
      '',
      'plain-text-pin',
      '1234',
      `bcrypt$16384$8$1$${salt}$${key}`,
      `scrypt$16384$8$1$${salt}`,
      `scrypt$1000$8$1$${salt}$${key}`,
      `scrypt$1073741824$8$1$${salt}$${key}`,
      `scrypt$16384$999$1$${salt}$${key}`,
      `scrypt$16384$8$1$${salt}$not base64!`,
      `scrypt$16384$8$1$$${key}`,
    ];
    for (const value of hostile) {
      await expect(verifyPin('1234', value), value).resolves.toBe(false);
    }
  });
});

describe('hashToken', () => {
  it('is SHA-256 hex and deterministic', () => {
    expect(hashToken('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    expect(hashToken('abc')).toBe(hashToken('abc'));
    expect(hashToken('abd')).not.toBe(hashToken('abc'));
  });
});

describe('keyedFingerprint', () => {
  it('depends on both key and value', () => {
    const fingerprint = keyedFingerprint('key-1', '000123456789');
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(keyedFingerprint('key-1', '000123456789')).toBe(fingerprint);
    expect(keyedFingerprint('key-2', '000123456789')).not.toBe(fingerprint);
    expect(keyedFingerprint('key-1', '000123456780')).not.toBe(fingerprint);
  });
});

describe('randomToken', () => {
  it('is base64url with 32 bytes by default', () => {
    const token = randomToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(randomToken()).not.toBe(token);
  });

  it('honours the byte count and rejects nonsense', () => {
    expect(Buffer.from(randomToken(48), 'base64url')).toHaveLength(48);
    expect(() => randomToken(0)).toThrow(RangeError);
    expect(() => randomToken(1.5)).toThrow(RangeError);
  });
});

describe('randomDigits', () => {
  it('returns exactly n digits', () => {
    for (const n of [1, 6, 8, 20]) expect(randomDigits(n)).toMatch(new RegExp(`^\\d{${n}}$`));
  });

  it('covers every digit, including leading zeros', () => {
    const seen = new Set(Array.from({ length: 50 }, () => randomDigits(40)).join(''));
    expect(seen.size).toBe(10);
    const leading = new Set(Array.from({ length: 400 }, () => randomDigits(6)[0]));
    expect(leading.has('0')).toBe(true);
  });

  it('rejects nonsense lengths', () => {
    expect(() => randomDigits(0)).toThrow(RangeError);
    expect(() => randomDigits(2.5)).toThrow(RangeError);
  });
});

describe('deriveKey / keyedUuid', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('derives a different key per purpose and per secret', () => {
    const secret = 'a-server-secret-that-is-long-enough';
    expect(deriveKey(secret, 'one')).toMatch(/^[0-9a-f]{64}$/);
    expect(deriveKey(secret, 'one')).toBe(deriveKey(secret, 'one'));
    expect(deriveKey(secret, 'one')).not.toBe(deriveKey(secret, 'two'));
    expect(deriveKey(`${secret}!`, 'one')).not.toBe(deriveKey(secret, 'one'));
  });

  it('makes stable, keyed ids shaped like random UUIDs', () => {
    const id = keyedUuid('key', 'maria.garcia@example.com');
    expect(id).toMatch(UUID_V4);
    expect(randomUUID()).toMatch(UUID_V4);
    expect(keyedUuid('key', 'maria.garcia@example.com')).toBe(id);
    expect(keyedUuid('other key', 'maria.garcia@example.com')).not.toBe(id);
    expect(keyedUuid('key', 'james.wilson@example.com')).not.toBe(id);
  });
});
