import { webcrypto } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { claimsSchema, type Claims, type LoginType } from '@webpay/contracts/auth';
import type { SessionKeyRing } from './signing-keys.ts';

const ALGORITHM = 'HS256';
/** Verified tokens remembered per process: about 2 MB at most, more than the live sessions of a busy day. */
const VERIFIED_TOKENS_KEPT = 10_000;

export interface TokenSubject {
  sessionId: string;
  guarantorId: string;
  roles: string[];
  loginType: LoginType;
}

export interface IssuedToken {
  token: string;
  claims: Claims;
  expiresAt: Date;
}

export type TokenProblem = 'expired' | 'invalid';

export class TokenError extends Error {
  constructor(readonly problem: TokenProblem) {
    super(problem === 'expired' ? 'token expired' : 'token invalid');
    this.name = 'TokenError';
  }
}

/** HS256's key: HMAC with SHA-256. */
const hmacKey = (secret: Uint8Array) =>
  webcrypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);

/**
 * Signs and checks the portal's access tokens (SPEC §3 claims plus the
 * session id). The algorithm is pinned, so `alg: none` or a token signed
 * with another algorithm never verifies.
 *
 * Tokens are signed with the ring's first key and carry its `kid`; a token
 * is checked with the listed key its `kid` names and no other, so a key
 * taken off the list stops verifying at once. A token without `kid` comes
 * from before key ids and is checked with the ring's legacy key only.
 */
export class SessionTokens {
  private readonly signingKid: string;
  // WebCrypto keys made once: given raw bytes, jose imports the key again for every token.
  private readonly signingKey: Promise<webcrypto.CryptoKey>;
  private readonly verifyingKeys = new Map<string, Promise<webcrypto.CryptoKey>>();
  private readonly legacyKey: Promise<webcrypto.CryptoKey> | undefined;

  constructor(
    ring: SessionKeyRing,
    readonly ttlSeconds: number,
  ) {
    const encoder = new TextEncoder();
    for (const { kid, secret } of ring.keys) {
      // Two secrets under one id would make the id ambiguous; the env check refuses it first.
      if (this.verifyingKeys.has(kid)) throw new Error(`session key id ${kid} is listed twice`);
      this.verifyingKeys.set(kid, hmacKey(encoder.encode(secret)));
    }
    const [signing] = ring.keys;
    this.signingKid = signing.kid;
    this.signingKey = hmacKey(encoder.encode(signing.secret));
    if (ring.legacyKid !== undefined) {
      this.legacyKey = this.verifyingKeys.get(ring.legacyKid);
      if (!this.legacyKey) throw new Error(`session key id ${ring.legacyKid} is not listed`);
    }
  }

  /** The key a token's header asks for; throwing refuses the token. */
  private readonly keyFor: JWTVerifyGetKey = (header) => {
    // The header is the token's own: `kid` may be any JSON value, or absent.
    const kid: unknown = header.kid;
    const key =
      kid === undefined
        ? this.legacyKey
        : typeof kid === 'string'
          ? this.verifyingKeys.get(kid)
          : undefined;
    if (!key) throw new TokenError('invalid');
    return key;
  };

  async issue(subject: TokenSubject, now: Date = new Date()): Promise<IssuedToken> {
    const iat = Math.floor(now.getTime() / 1000);
    const exp = iat + this.ttlSeconds;
    const claims: Claims = {
      sub: subject.guarantorId,
      sid: subject.sessionId,
      guarantor: subject.guarantorId,
      roles: subject.roles,
      loginType: subject.loginType,
      iat,
      exp,
    };
    const token = await new SignJWT({
      sid: claims.sid,
      guarantor: claims.guarantor,
      roles: claims.roles,
      loginType: claims.loginType,
    })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT', kid: this.signingKid })
      .setSubject(claims.sub)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(await this.signingKey);
    return { token, claims, expiresAt: new Date(exp * 1000) };
  }

  /**
   * The claims of a token whose signature and claims checked out, so that
   * the check is made once per token rather than on every request: a token
   * string that verified once verifies for good under this key ring, and
   * only its expiry is left to check. WebCrypto's HMAC check is an
   * asynchronous job on the thread pool, the largest part of a signed-in
   * read's CPU. Bounded; only tokens that passed get in.
   */
  private readonly verified = new Map<string, Claims>();

  async verify(token: string, now: Date = new Date()): Promise<Claims> {
    const known = this.verified.get(token);
    if (known) {
      // jose's rule: expired once `exp` is not after the current second.
      if (known.exp <= Math.floor(now.getTime() / 1000)) throw new TokenError('expired');
      return known;
    }
    const claims = await this.check(token, now);
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) {
      // The oldest first: Map keeps insertion order.
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, claims);
    return claims;
  }

  private async check(token: string, now: Date): Promise<Claims> {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, this.keyFor, {
        algorithms: [ALGORITHM],
        currentDate: now,
        requiredClaims: ['sub', 'iat', 'exp'],
      }));
    } catch (error) {
      throw new TokenError(error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid');
    }
    const parsed = claimsSchema.safeParse(payload);
    if (!parsed.success || parsed.data.sub !== parsed.data.guarantor) {
      throw new TokenError('invalid');
    }
    return parsed.data;
  }
}

const BEARER = /^Bearer\s+([A-Za-z0-9\-_]+\.[A-Za-z0-9\-_]*\.[A-Za-z0-9\-_]*)\s*$/i;

/** The token of an `Authorization: Bearer ...` header, if it has a token's shape. */
export function bearerToken(header: string | undefined): string | undefined {
  return header ? BEARER.exec(header)?.[1] : undefined;
}
