import { randomUUID } from 'node:crypto';
import type { LoginResponse, LoginType, PinLoginRequest, User } from '@webpay/contracts/auth';
import { FACILITY } from '@webpay/contracts/facilities';
import type { Language } from '@webpay/contracts/language';
import type { Database } from '../../db/client.ts';
import { apiErrors } from '../../lib/api-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import { hashPin, randomDigits, verifyPin } from '../../lib/secrets.ts';
import type { AuditRepository } from '../audit/index.ts';
import type { SignInAttempt, SignInLockout } from '../lockout/index.ts';
import {
  AuthRepository,
  profileJson,
  type GuarantorProfile,
  type SessionRow,
} from './auth.repository.ts';
import type { ReadValues, SessionReadSpec } from './session-read.ts';
import { TokenError, type SessionTokens } from './session-tokens.ts';

export { LOCKOUT_MINUTES, MAX_FAILED_SIGN_INS } from '../lockout/index.ts';

/**
 * Who a request is signed in as; set by the authenticate hook. Roles and
 * login type are the server's (the session row and the guarantor's record),
 * never the token's claims, which a leaked signing secret could rewrite.
 */
export interface AuthSession {
  sessionId: string;
  guarantorId: string;
  roles: string[];
  loginType: LoginType;
  expiresAt: Date;
}

export interface AuthServiceOptions {
  now?: () => Date;
}

export interface SessionSubject {
  guarantorId: string;
  roles: string[];
  loginType: LoginType;
  /**
   * The language the guarantor signed in with, kept as their preferred
   * language so e-mails sent outside a visit are written in it.
   */
  language?: Language;
}

/** A read without values of its own. */
export type NoValues = Record<never, never>;

/** What a route asks of a signed-in read besides the token. */
export interface ReadAsked<V extends ReadValues> {
  /** The route as Fastify names it: where a refusal for want of a role is recorded. */
  route: string;
  /** The read's own values, e.g. a statement id, by placeholder name. */
  values: V;
}

/**
 * A signed-in read made in one trip (`AuthService.signedInRead`): the
 * session and its answer. `asked` may be left out only by a read that
 * needs neither values nor a role.
 */
export type SignedInRead<T, V extends ReadValues = NoValues> = (
  token: string,
  context: RequestContext,
  asked?: ReadAsked<V>,
) => Promise<{ session: AuthSession; payload: T }>;

export interface StartedSession {
  sessionId: string;
  response: LoginResponse;
}

export class AuthService {
  private dummyPinHash: Promise<string> | undefined;
  private readonly now: () => Date;
  private readonly readProfile: SignedInRead<GuarantorProfile>;

  constructor(
    private readonly repository: AuthRepository,
    private readonly tokens: SessionTokens,
    private readonly audit: AuditRepository,
    private readonly lockout: SignInLockout,
    options: AuthServiceOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
    this.readProfile = this.signedInRead({
      name: 'profile_read',
      payload: profileJson,
      action: 'user.read',
    });
  }

  /**
   * An unknown account still costs one PIN hash check, so the answer's
   * timing does not tell which account numbers exist (ASVS 5.0 6.3.8).
   */
  private burnPinCheck(pin: string): Promise<boolean> {
    this.dummyPinHash ??= hashPin(randomDigits(8));
    return this.dummyPinHash.then((hash) => verifyPin(pin, hash)).then(() => false);
  }

  /**
   * Issues a token and records its server-side session, for every sign-in
   * method. `db` is the transaction to record it in, when the caller has one.
   */
  async startSession(subject: SessionSubject, db?: Database): Promise<StartedSession> {
    const repository = db ? new AuthRepository(db) : this.repository;
    const sessionId = randomUUID();
    const { language, ...claims } = subject;
    const issued = await this.tokens.issue({ sessionId, ...claims }, this.now());
    if (language) await repository.rememberLanguage(subject.guarantorId, language);
    await repository.createSession({
      id: sessionId,
      guarantorId: subject.guarantorId,
      loginType: subject.loginType,
      expiresAt: issued.expiresAt,
    });
    return {
      sessionId,
      response: { access_token: issued.token, expires_in: this.tokens.ttlSeconds },
    };
  }

  /**
   * Account number and PIN. Attempts are counted per account number, known
   * or not, before the PIN is checked, so an unknown number fails, locks and
   * unlocks exactly like a known one with a wrong PIN, and parallel guesses
   * get no more PIN checks than sequential ones.
   */
  async loginWithPin(request: PinLoginRequest, context: RequestContext): Promise<LoginResponse> {
    const identifier = this.lockout.accountKey(request.accountNumber);
    const failure = (
      reason: string,
      guarantorId: string | null,
      extra: Record<string, unknown> = {},
    ) =>
      this.audit.record(context, {
        action: 'auth.login',
        outcome: 'failure',
        actorType: 'anonymous',
        guarantorId,
        targetType: 'guarantor',
        targetId: guarantorId,
        details: { method: 'pin', reason, ...extra },
      });

    let attempt: SignInAttempt;
    try {
      attempt = await this.lockout.beginAttempt(identifier);
    } catch (error) {
      const candidate = await this.repository.findSignInCandidate(request.accountNumber);
      await failure('locked', candidate?.id ?? null);
      throw error;
    }

    const candidate = await this.repository.findSignInCandidate(request.accountNumber);
    const pinMatches = candidate?.pinHash
      ? await verifyPin(request.pin, candidate.pinHash)
      : await this.burnPinCheck(request.pin);
    if (!candidate || !pinMatches) {
      // Counted by beginAttempt; the attempt that reached the limit is told at once.
      await this.lockout.failed(attempt);
      const { lockedUntil } = attempt;
      const reason = !candidate ? 'unknown_account' : candidate.pinHash ? 'wrong_pin' : 'no_pin';
      await failure(reason, candidate?.id ?? null, { locked: lockedUntil !== null });
      if (lockedUntil) throw this.lockout.locked(lockedUntil);
      throw apiErrors.invalidCredentials();
    }

    await this.lockout.clear(identifier);
    const { sessionId, response } = await this.startSession({
      guarantorId: candidate.id,
      roles: candidate.roles,
      loginType: 'pin',
      ...(context.language ? { language: context.language } : {}),
    });
    await this.audit.record(context, {
      action: 'auth.login',
      outcome: 'success',
      actorType: 'guarantor',
      actorId: candidate.id,
      guarantorId: candidate.id,
      targetType: 'session',
      targetId: sessionId,
      details: { method: 'pin' },
    });
    return response;
  }

  /**
   * A token counts only while its server-side session lives: logout and
   * expiry end it even though the token itself is still well signed
   * (ASVS 5.0 7.4.1). The token only names the session; what the session
   * may do is read from the server (ASVS 5.0 8.2.1), so claims re-signed
   * with an added role or another login type grant nothing. The claims stay
   * in the token for the portal's display.
   */
  async authenticate(token: string): Promise<AuthSession> {
    const now = this.now();
    const claims = await this.claimsOf(token, now);
    return this.liveSession(await this.repository.findSession(claims.sid), claims.sub, now);
  }

  /**
   * A read of the signed-in guarantor's own data that checks the session
   * (and the role, when the read needs one), reads and writes its audit row
   * in one statement (session-read.ts): the same answers as `authenticate`
   * for a bad token or an ended session, and nothing read or audited then;
   * the same 403 as the requireHistoricalData hook without the role, with
   * only the refusal audited.
   */
  signedInRead<T, V extends ReadValues = NoValues>(spec: SessionReadSpec): SignedInRead<T, V> {
    const statement = this.repository.sessionRead<T>(spec);
    return async (token, context, asked) => {
      const now = this.now();
      const claims = await this.claimsOf(token, now);
      const row = await statement.run({
        sessionId: claims.sid,
        guarantorId: claims.sub,
        now,
        context,
        values: asked?.values ?? {},
        ...(asked ? { route: asked.route } : {}),
      });
      const session = this.liveSession(row?.session, claims.sub, now);
      if (row && !row.permitted) throw apiErrors.historicalDataRequired();
      // A live, permitted session always reads: the statement and the checks above test the same things.
      if (!row?.read) throw new Error(`${spec.name} read nothing for a live session`);
      return { session, payload: row.payload as T };
    };
  }

  private async claimsOf(token: string, now: Date) {
    try {
      return await this.tokens.verify(token, now);
    } catch (error) {
      if (error instanceof TokenError && error.problem === 'expired')
        throw apiErrors.sessionExpired();
      throw apiErrors.unauthorized((m) => m.signInNotValid);
    }
  }

  private liveSession(session: SessionRow | undefined, subject: string, now: Date): AuthSession {
    if (!session || session.guarantorId !== subject) {
      throw apiErrors.unauthorized((m) => m.signInNotValid);
    }
    if (session.revokedAt || session.expiresAt <= now) throw apiErrors.sessionExpired();
    return {
      sessionId: session.id,
      guarantorId: session.guarantorId,
      roles: session.roles,
      loginType: session.loginType,
      expiresAt: session.expiresAt,
    };
  }

  async logout(session: AuthSession, context: RequestContext): Promise<void> {
    await this.repository.revokeSession(session.sessionId, 'logout');
    await this.audit.record(context, {
      action: 'auth.logout',
      outcome: 'success',
      actorType: 'guarantor',
      actorId: session.guarantorId,
      guarantorId: session.guarantorId,
      targetType: 'session',
      targetId: session.sessionId,
    });
  }

  /** The signed-in portal's language switch: later e-mails follow the guarantor's choice. */
  async setLanguage(
    session: AuthSession,
    language: Language,
    context: RequestContext,
  ): Promise<void> {
    await this.repository.rememberLanguage(session.guarantorId, language);
    await this.audit.record(context, {
      action: 'user.language',
      outcome: 'success',
      actorType: 'guarantor',
      actorId: session.guarantorId,
      guarantorId: session.guarantorId,
      targetType: 'guarantor',
      targetId: session.guarantorId,
      details: { language },
    });
  }

  /** GET /auth/me: the token's guarantor, read and audited with the session check. */
  readonly currentUser: SignedInRead<User> = async (token, context) => {
    const { session, payload: profile } = await this.readProfile(token, context);
    const supportPhone = profile.supportPhone?.trim() ? profile.supportPhone : undefined;
    return {
      session,
      payload: {
        email: profile.email,
        firstName: profile.firstName,
        lastName: profile.lastName,
        mmi: profile.mmi,
        ...(supportPhone ? { supportPhone } : {}),
        context: { facility: FACILITY.hospitalsAndClinics, accountNumber: profile.accountNumber },
      },
    };
  };
}
