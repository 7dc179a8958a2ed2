import { randomBytes } from 'node:crypto';
import { claimsSchema, type Claims } from '@webpay/contracts/auth';
import type { Env } from '../../src/env.ts';
import { SessionTokens } from '../../src/modules/auth/session-tokens.ts';
import { sessionKeyRing } from '../../src/modules/auth/signing-keys.ts';

/*
 * Bearer tokens a session check must refuse, made from a real, live one:
 * the same session and guarantor, so only the one property under test is
 * wrong (OWASP ASVS 5.0 7.4.1: revocation; 9.1.1: signature; 9.1.2:
 * algorithm allow-list, no 'none'; 9.2.1: expiry).
 */

export const HOSTILE_TOKEN_KINDS = [
  'none',
  'garbage',
  'expired',
  'tampered',
  'alg none',
  'other key',
  'revoked',
] as const;
export type HostileTokenKind = (typeof HOSTILE_TOKEN_KINDS)[number];

/** Authorization header values; `undefined` sends no header at all. */
export type HostileTokens = Record<HostileTokenKind, string | undefined>;

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export function decodeToken(token: string): { header: Record<string, unknown>; claims: Claims } {
  const [header = '', payload = ''] = token.split('.');
  return {
    header: JSON.parse(Buffer.from(header, 'base64url').toString()) as Record<string, unknown>,
    claims: claimsSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString())),
  };
}

export interface HostileTokenInputs {
  env: Pick<Env, 'JWT_SECRET' | 'JWT_SIGNING_KEYS' | 'JWT_TTL_SECONDS'>;
  /** A live token of the victim's session. */
  token: string;
  /** Another guarantor's id, put in the tampered token's claims. */
  otherGuarantorId: string;
  /** A token whose session has been logged out. */
  revokedToken: string;
}

export async function hostileTokens(inputs: HostileTokenInputs): Promise<HostileTokens> {
  const { env, token } = inputs;
  const { header, claims } = decodeToken(token);
  const [encodedHeader, , signature] = token.split('.');
  const subject = {
    sessionId: claims.sid,
    guarantorId: claims.sub,
    roles: claims.roles,
    loginType: claims.loginType,
  };
  const ring = sessionKeyRing(env.JWT_SECRET, env.JWT_SIGNING_KEYS);
  const past = new Date(Date.now() - 2 * env.JWT_TTL_SECONDS * 1000);
  const expired = await new SessionTokens(ring, env.JWT_TTL_SECONDS).issue(subject, past);
  // Same key id, a secret the service never had.
  const kid = typeof header.kid === 'string' ? header.kid : 'default';
  const foreignRing = { keys: [{ kid, secret: randomBytes(32).toString('hex') }] } as const;
  const foreign = await new SessionTokens(foreignRing, env.JWT_TTL_SECONDS).issue(subject);
  const otherClaims = {
    ...claims,
    sub: inputs.otherGuarantorId,
    guarantor: inputs.otherGuarantorId,
  };

  const bearer = (value: string) => `Bearer ${value}`;
  return {
    none: undefined,
    garbage: bearer('not.a-jwt.at-all'),
    expired: bearer(expired.token),
    tampered: bearer(`${encodedHeader}.${base64url(otherClaims)}.${signature}`),
    'alg none': bearer(`${base64url({ alg: 'none', typ: 'JWT', kid })}.${base64url(claims)}.`),
    'other key': bearer(foreign.token),
    revoked: bearer(inputs.revokedToken),
  };
}
