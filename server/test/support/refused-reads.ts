import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { auditEvents, sessions } from '../../src/db/schema.ts';
import { DEMO_GUARANTORS } from '../../src/demo/demo-guarantors.ts';
import { SessionRead } from '../../src/modules/auth/index.ts';
import { decodeToken } from '../security/hostile-tokens.ts';
import { testDatabaseKinds } from './database.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/*
 * A route whose read checks the session in its own statement (auth's
 * session-read.ts) must refuse an ended or unknown session exactly as the
 * authenticate hook does, and its statement must read nothing for it.
 */

/** An error answer without what differs from one request to the next. */
async function refusal(response: Response) {
  expect(response.status).toBe(401);
  const {
    requestId: _requestId,
    correlationId: _correlationId,
    ...body
  } = (await response.json()) as Record<string, unknown>;
  return body;
}

/**
 * GET `path` with the token: refused with `code`, exactly as POST
 * /auth/logout, which is behind the authenticate hook, refuses the token.
 * Answers what the signed-in statement returned: undefined when it found
 * no session at all.
 */
async function refusedRead(
  server: TestServer,
  path: string,
  token: string,
  { requestId, code }: { requestId: string; code: string },
) {
  const run = vi.spyOn(SessionRead.prototype, 'run');
  try {
    const read = await refusal(
      await server.api(path, { token, headers: { 'X-Request-Id': requestId } }),
    );
    expect(read).toMatchObject({ code });
    expect(read).toEqual(
      await refusal(await server.api(API_PATHS.logout, { token, method: 'POST' })),
    );
    expect(run).toHaveBeenCalledTimes(1);
    const [settled] = run.mock.settledResults;
    expect(settled?.type).toBe('fulfilled');
    return settled?.value;
  } finally {
    run.mockRestore();
  }
}

/**
 * A signed-out session gets 401 SESSION_EXPIRED and a session that is not
 * there 401 UNAUTHORIZED, as behind the hook; neither is read, and neither
 * leaves an audit row. `label` names the requests (letters, digits and -).
 */
export async function expectEndedAndUnknownRefused(
  server: TestServer,
  path: string,
  guarantor: { accountNumber: string; pin: string },
  label: string,
): Promise<void> {
  const signedOut = await server.login(guarantor.accountNumber, guarantor.pin);
  expect((await server.api(API_PATHS.logout, { token: signedOut, method: 'POST' })).ok).toBe(true);
  const ended = { requestId: `${label}-signed-out`, code: 'SESSION_EXPIRED' };
  const endedRow = await refusedRead(server, path, signedOut, ended);
  expect(endedRow).toMatchObject({ read: false, payload: null });
  expect(endedRow?.session.revokedAt).toBeInstanceOf(Date);

  const forgotten = await server.login(guarantor.accountNumber, guarantor.pin);
  await server.database.db
    .delete(sessions)
    .where(eq(sessions.id, decodeToken(forgotten).claims.sid));
  const unknown = { requestId: `${label}-unknown`, code: 'UNAUTHORIZED' };
  expect(await refusedRead(server, path, forgotten, unknown)).toBeUndefined();

  const audited = await server.database.db
    .select({ action: auditEvents.action })
    .from(auditEvents)
    .where(inArray(auditEvents.requestId, [ended.requestId, unknown.requestId]));
  expect(audited).toEqual([]);
}

export interface OneTripReadCase {
  /** The describe block's title; `%s` is the database kind. */
  title: string;
  path: string;
  /** The audit row's action of a good read. */
  action: string;
  /** Checks the answer to Maria's good read. */
  checkAnswer: (body: unknown) => void;
}

/**
 * A read of the signed-in guarantor's own data made in one statement: a
 * live session is answered and leaves one audit row, made by Maria about
 * herself; an ended or unknown session is refused as behind the hook.
 */
export function describeOneTripRead({ title, path, action, checkAnswer }: OneTripReadCase): void {
  const { maria } = DEMO_GUARANTORS;
  const label = action.replace(/[^a-z0-9]+/g, '-');

  describe.each(testDatabaseKinds)(title, (kind) => {
    let server: TestServer;

    beforeAll(async () => {
      server = await startTestServer(kind);
    });

    afterAll(async () => {
      await server?.close();
    });

    it(`answers a live session and records ${action}`, async () => {
      const token = await server.login(maria.accountNumber, maria.pin);
      const requestId = `${label}-live`;
      const response = await server.api(path, { token, headers: { 'X-Request-Id': requestId } });
      expect(response.status).toBe(200);
      checkAnswer(await response.json());
      const { sub } = decodeToken(token).claims;
      const audited = await server.database.db
        .select({
          action: auditEvents.action,
          outcome: auditEvents.outcome,
          actorId: auditEvents.actorId,
          guarantorId: auditEvents.guarantorId,
        })
        .from(auditEvents)
        .where(eq(auditEvents.requestId, requestId));
      expect(audited).toEqual([{ action, outcome: 'success', actorId: sub, guarantorId: sub }]);
    });

    it('refuses an ended or unknown session as the authenticate hook did, reading nothing', async () => {
      await expectEndedAndUnknownRefused(server, path, maria, label);
    });
  });
}
