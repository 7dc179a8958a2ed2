import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { claimsSchema, type Claims, type LoginType } from '@webpay/contracts/auth';

const ALGORITHM = 'HS256';

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

/**
 * Signs and checks the portal's access tokens (SPEC §3 claims plus the
 * session id). The algorithm is pinned, so `alg: none` or a token signed
 * with another algorithm never verifies.
 */
export class SessionTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

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
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, claims, expiresAt: new Date(exp * 1000) };
  }

  async verify(token: string, now: Date = new Date()): Promise<Claims> {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
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
