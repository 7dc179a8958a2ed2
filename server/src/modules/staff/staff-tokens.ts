import { webcrypto } from 'node:crypto';
import { SignJWT, decodeJwt, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { z } from 'zod';
import { deriveKey } from '../../lib/secrets.ts';

/*
 * Staff bearer tokens. They are signed with keys derived from the session
 * keys for this purpose alone and carry their own audience, so a guarantor's
 * token never verifies here and a staff token never verifies on a guarantor
 * call. The token only names the session; the session row decides
 * (idle timeout, hard end, revocation).
 */

const ALGORITHM = 'HS256';
export const STAFF_TOKEN_AUDIENCE = 'webpay-billing-office';
const PURPOSE = 'staff-session-token';

/** What signs session tokens: each key signs staff tokens under a key derived from it. */
export interface StaffKeySource {
  readonly keys: readonly { readonly kid: string; readonly secret: string }[];
}

const claimsSchema = z.object({
  sub: z.string().min(1),
  sid: z.string().min(1),
});

export interface StaffTokenClaims {
  staffId: string;
  sessionId: string;
}

export class StaffTokenError extends Error {
  constructor() {
    super('staff token invalid');
    this.name = 'StaffTokenError';
  }
}

const hmacKey = (secret: string) =>
  webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );

export class StaffTokens {
  private readonly keys = new Map<string, Promise<webcrypto.CryptoKey>>();
  private readonly signingKid: string;

  constructor(source: StaffKeySource) {
    const [first] = source.keys;
    if (!first) throw new Error('staff tokens need at least one session key');
    this.signingKid = first.kid;
    for (const { kid, secret } of source.keys) {
      this.keys.set(kid, hmacKey(deriveKey(secret, PURPOSE)));
    }
  }

  private readonly keyFor: JWTVerifyGetKey = (header) => {
    const kid: unknown = header.kid;
    const key = typeof kid === 'string' ? this.keys.get(kid) : undefined;
    if (!key) throw new StaffTokenError();
    return key;
  };

  /** A token for a session, good until the session's hard end at most. */
  async issue(claims: StaffTokenClaims, issuedAt: Date, expiresAt: Date): Promise<string> {
    const key = this.keys.get(this.signingKid);
    if (!key) throw new Error('the signing key is missing');
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT', kid: this.signingKid })
      .setSubject(claims.staffId)
      .setAudience(STAFF_TOKEN_AUDIENCE)
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(await key);
  }

  async verify(token: string, now: Date = new Date()): Promise<StaffTokenClaims> {
    try {
      const { payload } = await jwtVerify(token, this.keyFor, {
        algorithms: [ALGORITHM],
        audience: STAFF_TOKEN_AUDIENCE,
        currentDate: now,
        requiredClaims: ['sub', 'sid', 'aud', 'iat', 'exp'],
      });
      const claims = claimsSchema.parse(payload);
      return { staffId: claims.sub, sessionId: claims.sid };
    } catch {
      throw new StaffTokenError();
    }
  }
}

/**
 * Whether a token says it is for the billing office, signature unchecked:
 * enough for a guarantor call to refuse it outright (401) rather than treat
 * it as a stale sign-in, since a staff session never opens a guarantor call.
 */
export function isStaffToken(token: string): boolean {
  try {
    const { aud } = decodeJwt(token);
    return (
      aud === STAFF_TOKEN_AUDIENCE || (Array.isArray(aud) && aud.includes(STAFF_TOKEN_AUDIENCE))
    );
  } catch {
    return false;
  }
}
