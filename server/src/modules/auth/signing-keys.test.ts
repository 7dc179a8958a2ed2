import { describe, expect, it } from 'vitest';
import { DEFAULT_KEY_ID, parseSigningKeys, sessionKeyRing } from './signing-keys.ts';

const JWT_SECRET = 'jwt-secret-jwt-secret-jwt-secret-0123';
const NEW = { kid: 'new', secret: 'new-secret-new-secret-new-secret-0123' };

describe('sessionKeyRing', () => {
  it('signs with JWT_SECRET itself under the default kid when no keys are configured', () => {
    expect(sessionKeyRing(JWT_SECRET, undefined)).toEqual({
      keys: [{ kid: DEFAULT_KEY_ID, secret: JWT_SECRET }],
      legacyKid: 'default',
    });
  });

  it('checks tokens without kid with the listed key that is JWT_SECRET, if there is one', () => {
    const carried = { kid: 'before-rotation', secret: JWT_SECRET };
    expect(sessionKeyRing(JWT_SECRET, [NEW, carried])).toEqual({
      keys: [NEW, carried],
      legacyKid: 'before-rotation',
    });
    expect(sessionKeyRing(JWT_SECRET, [NEW])).toEqual({ keys: [NEW] });
  });
});

describe('parseSigningKeys', () => {
  it('keeps the order, trims around entries and splits at the first colon only', () => {
    expect(parseSigningKeys(` new:${NEW.secret} ,\n old : a:b:${'c'.repeat(30)}`)).toEqual({
      ok: true,
      keys: [NEW, { kid: 'old', secret: `a:b:${'c'.repeat(30)}` }],
    });
  });
});
