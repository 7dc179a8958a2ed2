import { SignJWT, UnsecuredJWT, decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { claimsSchema } from '@webpay/contracts/auth';
import { SessionTokens, TokenError, bearerToken } from './session-tokens.ts';

const SECRET = 'unit-test-secret-that-is-long-enough-0123456789';
const tokens = new SessionTokens(SECRET, 900);
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
    });
    await expect(tokens.verify(issued.token, now)).resolves.toEqual(claims);
  });

  it('refuses an expired token as expired', async () => {
    const issued = await tokens.issue(subject, new Date('2026-11-22T10:00:00Z'));
    expect(await problemOf(tokens.verify(issued.token, new Date('2026-11-22T10:15:01Z')))).toBe(
      'expired',
    );
  });

  it('refuses a token with a changed payload', async () => {
    const issued = await tokens.issue(subject);
    const [header, , signature] = issued.token.split('.');
    const payload = Buffer.from(
      JSON.stringify({ ...decodeJwt(issued.token), sub: 'guarantor-2', guarantor: 'guarantor-2' }),
    ).toString('base64url');
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

    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('g')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode(SECRET));
    expect(await problemOf(tokens.verify(hs512))).toBe('invalid');
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

describe('bearerToken', () => {
  it('reads the token of a Bearer header only', () => {
    expect(bearerToken('Bearer aaa.bbb.ccc')).toBe('aaa.bbb.ccc');
    expect(bearerToken('bearer aaa.bbb.ccc')).toBe('aaa.bbb.ccc');
    expect(bearerToken('Basic dXNlcjpwYXNz')).toBeUndefined();
    expect(bearerToken('Bearer ')).toBeUndefined();
    expect(bearerToken(undefined)).toBeUndefined();
  });
});
