import { describe, expect, it } from 'vitest';
import { apiErrors } from '../../lib/api-error.ts';
import type { RequestContext } from '../../lib/request-context.ts';
import type { Database } from '../../db/client.ts';
import type { AuditEvent, AuditRepository } from '../audit/index.ts';
import type { AuthRepository, AuthService } from '../auth/index.ts';
import type { ChallengesRepository, GuarantorRefs } from '../challenges/index.ts';
import type { SignInAttempt, SignInLockout } from '../lockout/index.ts';
import type { MailService } from '../mail/index.ts';
import type { VerificationRepository } from './verification.repository.ts';
import { VerificationService } from './verification.service.ts';

/*
 * The code sign-in's decisions (SPEC §2 /verify/code, decision 0006): which
 * answers count against the lockout, which are audited how, and that every
 * refusal looks the same to the caller. The verification, the lockout and
 * the audit trail are in memory; the transaction that uses the code
 * answers with the outcome a test gives it. Using the code itself (SQL) is
 * tested in verification.routes.test.ts against real databases.
 */

const CONTEXT: RequestContext = { requestId: 'r-1', correlationId: 'c-1', ipAddress: '' };
const REQUEST = { guarantorId: 'ref-1', verificationId: 'ver-1', code: '123456' };
const RESPONSE = { token: 'session-token' };
const LOCKED = apiErrors.accountLocked(new Date(), new Date(), '555-0100');

type Summary = Awaited<ReturnType<ChallengesRepository['summary']>>;

function setUp(options: {
  summary: Summary;
  /** What the transaction that uses the code yields, or throws. */
  transaction?: unknown;
  locked?: boolean;
}) {
  const audited: AuditEvent[] = [];
  const lockout: string[] = [];
  let transactions = 0;
  const attempt: SignInAttempt = { identifierHash: 'id-hash', lockedUntil: null };
  const fakeLockout = {
    beginAttempt: async (identifierHash: string) => {
      lockout.push(`begin ${identifierHash}`);
      if (options.locked) throw LOCKED;
      return attempt;
    },
    release: async () => void lockout.push('release'),
    failed: async () => void lockout.push('failed'),
    clear: async (identifierHash: string) => void lockout.push(`clear ${identifierHash}`),
  };
  const db = {
    transaction: async () => {
      transactions += 1;
      if (options.transaction instanceof Error) throw options.transaction;
      return options.transaction;
    },
  };
  const service = new VerificationService(
    db as unknown as Database,
    {} as VerificationRepository,
    { summary: async () => options.summary } as unknown as ChallengesRepository,
    {} as AuthService,
    {} as AuthRepository,
    {
      record: async (_context: RequestContext, event: AuditEvent) => void audited.push(event),
    } as unknown as AuditRepository,
    {} as MailService,
    fakeLockout as unknown as SignInLockout,
    {} as GuarantorRefs,
    { publicUrl: 'http://127.0.0.1', fallbackSupportPhone: '555-0100' },
  );
  return {
    login: () => service.loginWithCode(REQUEST, CONTEXT),
    audited,
    lockout,
    transactions: () => transactions,
  };
}

const LIVE: Summary = { kind: 'email_code', identifierHash: 'id-hash', live: true };
const INVALID_CODE = { statusCode: 401, code: 'INVALID_CODE' };

function reasons(audited: AuditEvent[]) {
  return audited.map((event) => [event.action, event.outcome, event.details?.reason]);
}

describe('VerificationService.loginWithCode (in memory)', () => {
  it.each([
    ['an unknown verification', undefined, 'unknown_verification'],
    [
      'a magic link',
      { kind: 'magic_link', identifierHash: 'id-hash', live: true },
      'unknown_verification',
    ],
    ['a spent or expired code', { ...LIVE, live: false }, 'verification_not_live'],
  ] as const)('refuses %s as an invalid code without trying it', async (_name, summary, reason) => {
    const fake = setUp({ summary });
    await expect(fake.login()).rejects.toMatchObject(INVALID_CODE);
    expect(fake.transactions()).toBe(0);
    expect(fake.lockout).toEqual([]);
    expect(reasons(fake.audited)).toEqual([['auth.login', 'failure', reason]]);
  });

  it('refuses a locked address before trying the code', async () => {
    const fake = setUp({ summary: LIVE, locked: true });
    await expect(fake.login()).rejects.toBe(LOCKED);
    expect(fake.transactions()).toBe(0);
    expect(reasons(fake.audited)).toEqual([['auth.login', 'failure', 'locked']]);
  });

  it('counts a wrong code against the lockout and records the attempt', async () => {
    const fake = setUp({
      summary: LIVE,
      transaction: {
        status: 'wrong',
        consumed: { attempts: 5, maxAttempts: 5, guarantorId: 'g-1' },
      },
    });
    await expect(fake.login()).rejects.toMatchObject(INVALID_CODE);
    expect(fake.lockout).toEqual(['begin id-hash', 'failed']);
    expect(fake.audited).toEqual([
      expect.objectContaining({
        action: 'auth.login',
        outcome: 'failure',
        guarantorId: 'g-1',
        details: {
          method: 'email_code',
          reason: 'wrong_code',
          attempt: 5,
          killed: true,
          locked: false,
        },
      }),
    ]);
  });

  it.each([
    ['a code spent meanwhile', { status: 'dead' }, 'verification_not_live', INVALID_CODE],
    [
      'an ended session asking for MFA',
      { status: 'session_ended', guarantorId: 'g-1' },
      'session_ended',
      INVALID_CODE,
    ],
    [
      'a sign-up whose address was taken',
      { status: 'conflict', guarantorId: 'g-1', error: apiErrors.signupEmailInUse() },
      'SIGNUP_EMAIL_IN_USE',
      { statusCode: 409, code: 'SIGNUP_EMAIL_IN_USE' },
    ],
  ])('gives back the attempt for %s', async (_name, transaction, reason, error) => {
    const fake = setUp({ summary: LIVE, transaction });
    await expect(fake.login()).rejects.toMatchObject(error);
    expect(fake.lockout).toEqual(['begin id-hash', 'release']);
    expect(reasons(fake.audited)).toEqual([['auth.login', 'failure', reason]]);
  });

  it('answers two sign-ups racing for one address with 409, not counting it', async () => {
    const race = Object.assign(new Error('duplicate key'), { code: '23505' });
    const fake = setUp({
      summary: { ...LIVE, kind: 'signup' },
      transaction: new Error('insert failed', { cause: race }),
    });
    await expect(fake.login()).rejects.toMatchObject({ statusCode: 409 });
    expect(fake.lockout).toEqual(['begin id-hash', 'release']);
    expect(reasons(fake.audited)).toEqual([['auth.login', 'failure', 'email_in_use']]);
  });

  it('lets any other database failure through', async () => {
    const fake = setUp({ summary: LIVE, transaction: new Error('connection lost') });
    await expect(fake.login()).rejects.toThrow('connection lost');
  });

  it('signs in, clears the lockout and records the session', async () => {
    const fake = setUp({
      summary: LIVE,
      transaction: {
        status: 'signed_in',
        kind: 'email_code',
        guarantorId: 'g-1',
        sessionId: 's-1',
        response: RESPONSE,
      },
    });
    await expect(fake.login()).resolves.toEqual(RESPONSE);
    expect(fake.lockout).toEqual(['begin id-hash', 'clear id-hash']);
    expect(fake.audited).toEqual([
      expect.objectContaining({
        action: 'auth.login',
        outcome: 'success',
        targetId: 's-1',
        details: { method: 'email_code', verificationId: 'ver-1' },
      }),
    ]);
  });

  it('completes a sign-up, and an MFA names the session it replaced', async () => {
    const signup = setUp({
      summary: { ...LIVE, kind: 'signup' },
      transaction: {
        status: 'signed_in',
        kind: 'signup',
        guarantorId: 'g-1',
        sessionId: 's-1',
        response: RESPONSE,
      },
    });
    await signup.login();
    expect(signup.audited.map((event) => event.action)).toEqual([
      'auth.signup.complete',
      'auth.login',
    ]);

    const mfa = setUp({
      summary: { ...LIVE, kind: 'mfa' },
      transaction: {
        status: 'signed_in',
        kind: 'mfa',
        guarantorId: 'g-1',
        sessionId: 's-2',
        response: RESPONSE,
        replacedSession: 's-1',
      },
    });
    await mfa.login();
    expect(mfa.audited).toEqual([
      expect.objectContaining({
        details: { method: 'email_mfa', verificationId: 'ver-1', replacedSession: 's-1' },
      }),
    ]);
  });
});
