import { SignJWT, UnsecuredJWT, decodeJwt, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { claimsSchema } from '@webpay/contracts/auth';
import { SessionTokens, TokenError, bearerToken } from './session-tokens.ts';
import { sessionKeyRing, type SigningKeys } from './signing-keys.ts';

/** Plays JWT_SECRET: without JWT_SIGNING_KEYS it signs under the kid `default`. */
const SECRET = 'unit-test-secret-that-is-long-enough-0123456789';
const tokens = new SessionTokens(sessionKeyRing(SECRET, undefined), 900);
const subject = {
  sessionId: 'session-1',
  guarantorId: 'guarantor-1',
  roles: ['historical-data'],
  loginType: 'pin' as const,
};

async function problemOf(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof TokenError) return error.problem;
    throw error;
  }
  return 'accepted';
}

describe('SessionTokens', () => {
  it('issues HS256 tokens carrying the SPEC claims and the session id', async () => {
    const now = new Date('2026-11-22T10:00:00Z');
    const issued = await tokens.issue(subject, now);
    const claims = claimsSchema.parse(decodeJwt(issued.token));
    expect(claims).toEqual({
      sub: 'guarantor-1',
      sid: 'session-1',
      guarantor: 'guarantor-1',
      roles: ['historical-data'],
      loginType: 'pin',
      iat: now.getTime() / 1000,
      exp: now.getTime() / 1000 + 900,
    });
    expect(issued.expiresAt.toISOString()).toBe('2026-11-22T10:15:00.000Z');
    expect(
      JSON.parse(Buffer.from(issued.token.split('.')[0] ?? '', 'base64url').toString()),
    ).toEqual({
      alg: 'HS256',
      typ: 'JWT',
      kid: 'default',
    });
    await expect(tokens.verify(issued.token, now)).resolves.toEqual(claims);
  });

  it('refuses an expired token as expired', async () => {
    const issued = await tokens.issue(subject, new Date('2026-11-22T10:00:00Z'));
    expect(await problemOf(tokens.verify(issued.token, new Date('2026-11-22T10:15:01Z')))).toBe(
      'expired',
    );
  });

  it('checks a token once, and still refuses it at the same second as before once it expires', async () => {
    const fresh = new SessionTokens(sessionKeyRing(SECRET, undefined), 900);
    const issuedAt = new Date('2026-11-22T10:00:00Z');
    const issued = await fresh.issue(subject, issuedAt);
    const first = await fresh.verify(issued.token, issuedAt);
    await expect(fresh.verify(issued.token, new Date('2026-11-22T10:14:59Z'))).resolves.toBe(first);
    // The remembered check and jose's agree on the boundary: expired when `exp` is the current second.
    for (const verifier of [fresh, new SessionTokens(sessionKeyRing(SECRET, undefined), 900)]) {
      expect(await problemOf(verifier.verify(issued.token, new Date('2026-11-22T10:15:00Z')))).toBe(
        'expired',
      );
    }
  });

  it('refuses a token with a changed payload', async () => {
    const issued = await tokens.issue(subject);
    const [header, , signature] = issued.token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ ...decodeJwt(issued.token), sub: 'guarantor-2', guarantor: 'guarantor-2' }),
    ).toString('base64url');
    // Even once the genuine token has been checked and remembered.
    await tokens.verify(issued.token);
    expect(await problemOf(tokens.verify(`${header}.${payload}.${signature}`))).toBe('invalid');
  });

  it('refuses alg none and tokens signed with another key or algorithm', async () => {
    const claims = { sid: 's', guarantor: 'g', roles: [], loginType: 'pin' };
    const unsecured = new UnsecuredJWT(claims)
      .setSubject('g')
      .setIssuedAt()
      .setExpirationTime('5m')
      .encode();
    expect(await problemOf(tokens.verify(unsecured))).toBe('invalid');

    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('g')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    expect(await problemOf(tokens.verify(otherKey))).toBe('invalid');

    for (const header of [{ alg: 'HS512' }, { alg: 'HS512', kid: 'default' }]) {
      const hs512 = await new SignJWT(claims)
        .setProtectedHeader(header)
        .setSubject('g')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(SECRET));
      expect(await problemOf(tokens.verify(hs512))).toBe('invalid');
    }
  });

  it('refuses a well-signed token whose claims are not the portal’s', async () => {
    const token = await new SignJWT({ sid: 's', roles: 'admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('g')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(SECRET));
    expect(await problemOf(tokens.verify(token))).toBe('invalid');
    expect(await problemOf(tokens.verify('not-a-token'))).toBe('invalid');
  });
});

describe('SessionTokens with several keys', () => {
  const OLD = { kid: '2026-01', secret: 'old-signing-key-old-signing-key-0123456789' };
  const NEW = { kid: '2026-07', secret: 'new-signing-key-new-signing-key-0123456789' };
  const NOW = new Date('2026-11-22T10:00:00Z');

  /** SessionTokens as configured with JWT_SECRET=SECRET and JWT_SIGNING_KEYS=keys. */
  const tokensOf = (...keys: SigningKeys) => new SessionTokens(sessionKeyRing(SECRET, keys), 900);
  const headerOf = (token: string): unknown =>
    JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString());
  /** The token with its header replaced, payload and signature kept. */
  const withHeader = (token: string, header: object) =>
    [Buffer.from(JSON.stringify(header)).toString('base64url'), ...token.split('.').slice(1)].join(
      '.',
    );
  /** A portal token signed by hand, as one issued before key ids (or forged) would be. */
  const signed = (secret: string, header: { alg: string; kid?: unknown }) =>
    new SignJWT({ sid: 's', guarantor: 'g', roles: [], loginType: 'pin' })
      .setProtectedHeader(header as { alg: string })
      .setSubject('g')
      .setIssuedAt(NOW.getTime() / 1000)
      .setExpirationTime(NOW.getTime() / 1000 + 300)
      .sign(new TextEncoder().encode(secret));

  it('signs with the first listed key and names it in the header', async () => {
    const issued = await tokensOf(NEW, OLD).issue(subject, NOW);
    expect(headerOf(issued.token)).toEqual({ alg: 'HS256', typ: 'JWT', kid: '2026-07' });
    const { payload } = await jwtVerify(issued.token, new TextEncoder().encode(NEW.secret), {
      currentDate: NOW,
    });
    expect(payload.sid).toBe('session-1');
    await expect(tokensOf(NEW).verify(issued.token, NOW)).resolves.toMatchObject({
      sid: 'session-1',
    });
  });

  it('verifies a token of an older key while that key is still listed', async () => {
    const issued = await tokensOf(OLD).issue(subject, NOW);
    await expect(tokensOf(OLD, NEW).verify(issued.token, NOW)).resolves.toMatchObject({
      sid: 'session-1',
    });
    await expect(tokensOf(NEW, OLD).verify(issued.token, NOW)).resolves.toMatchObject({
      sid: 'session-1',
    });
  });

  it('refuses a token of a key once it is taken off the list', async () => {
    const issued = await tokensOf(NEW, OLD).issue(subject, NOW);
    const beforeRotation = await tokensOf(OLD).issue(subject, NOW);
    expect(await problemOf(tokensOf(NEW).verify(beforeRotation.token, NOW))).toBe('invalid');
    expect(await problemOf(tokensOf(OLD).verify(issued.token, NOW))).toBe('invalid');
  });

  it('refuses a kid no listed key has, even when a listed secret signed it', async () => {
    const ring = tokensOf(NEW, OLD);
    expect(
      await problemOf(ring.verify(await signed(NEW.secret, { alg: 'HS256', kid: 'x' }), NOW)),
    ).toBe('invalid');
    for (const kid of [7, null, ['2026-07'], { kid: '2026-07' }, '', 'constructor']) {
      const token = await signed(NEW.secret, { alg: 'HS256', kid });
      expect(await problemOf(ring.verify(token, NOW)), JSON.stringify(kid)).toBe('invalid');
      // Not a missing kid either: the key kid-less tokens are checked with does not apply.
      const legacySigned = await signed(SECRET, { alg: 'HS256', kid });
      expect(await problemOf(tokens.verify(legacySigned, NOW)), JSON.stringify(kid)).toBe(
        'invalid',
      );
    }
    // The same token with the right kid does verify, so the refusals above are the kid's.
    const token = await signed(NEW.secret, { alg: 'HS256', kid: '2026-07' });
    await expect(ring.verify(token, NOW)).resolves.toMatchObject({ sid: 's' });
  });

  it('refuses a token whose kid was changed to name another listed key', async () => {
    const ring = tokensOf(NEW, OLD);
    const issued = await tokensOf(OLD).issue(subject, NOW);
    const tampered = withHeader(issued.token, { alg: 'HS256', typ: 'JWT', kid: NEW.kid });
    expect(await problemOf(ring.verify(tampered, NOW))).toBe('invalid');
    const dropped = withHeader(issued.token, { alg: 'HS256', typ: 'JWT' });
    expect(await problemOf(ring.verify(dropped, NOW))).toBe('invalid');
  });

  it('accepts a token without kid only if JWT_SECRET, which signed it, still verifies', async () => {
    const legacy = await signed(SECRET, { alg: 'HS256' });
    // JWT_SIGNING_KEYS unset: JWT_SECRET is the one key, so nobody is signed out by the upgrade.
    await expect(tokens.verify(legacy, NOW)).resolves.toMatchObject({ sid: 's' });
    // Listed under any kid during a rotation, it keeps verifying them.
    const carried = { kid: 'previous', secret: SECRET };
    await expect(tokensOf(NEW, carried).verify(legacy, NOW)).resolves.toMatchObject({ sid: 's' });
    // Off the list, they are refused like any token of a removed key.
    expect(await problemOf(tokensOf(NEW, OLD).verify(legacy, NOW))).toBe('invalid');
    // Another listed key never stands in for the missing kid.
    const unnamed = await signed(NEW.secret, { alg: 'HS256' });
    expect(await problemOf(tokensOf(NEW, carried).verify(unnamed, NOW))).toBe('invalid');
    expect(await problemOf(tokensOf(NEW).verify(unnamed, NOW))).toBe('invalid');
  });

  it('keeps refusing expired tokens as expired, whichever key signed them', async () => {
    const issued = await tokensOf(OLD).issue(subject, NOW);
    const later = new Date(NOW.getTime() + 901_000);
    expect(await problemOf(tokensOf(NEW, OLD).verify(issued.token, later))).toBe('expired');
  });
});

describe('bearerToken', () => {
  it('reads the token of a Bearer header only', () => {
    expect(bearerToken('Bearer aaa.bbb.ccc')).toBe('aaa.bbb.ccc');
    expect(bearerToken('bearer aaa.bbb.ccc')).toBe('aaa.bbb.ccc');
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(bearerToken('Bearer ')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
