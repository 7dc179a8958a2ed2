import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthSession } from '../../src/modules/auth/index.ts';
import { auditEvents, sessions } from '../../src/db/schema.ts';
import { DEMO_GUARANTORS } from '../../src/demo/demo-guarantors.ts';
import type { RequestContext } from '../../src/lib/request-context.ts';
import type { Services } from '../../src/plugins/services.ts';
import { decodeToken } from '../security/hostile-tokens.ts';
import { testDatabaseKinds } from './database.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/*
 * The guarantor's one-trip reads of historical data (auth's
 * session-read.ts), each made straight on its service: what each leaves in
 * the audit trail for an ended or unknown session, a session without the
 * historical-data role, and a good read.
 */

const { maria, james, ana } = DEMO_GUARANTORS;

export interface SignedInReadCase {
  /** e.g. `GET /statements/:id`; also the route a refusal is recorded against. */
  route: string;
  /** The audit row's action of a good read. */
  action: string;
  /** The read with the given token; values, when the read takes any, name Maria's own data. */
  read: (asked: ReadAttempt) => Promise<{ session: AuthSession; payload: unknown }>;
}

export interface ReadAttempt {
  services: Services;
  token: string;
  context: RequestContext;
  route: string;
  /** Maria's guarantor id, whose data the values name. */
  mariaId: string;
}

let requests = 0;

export function describeSignedInReads(cases: readonly SignedInReadCase[]): void {
  describe.each(testDatabaseKinds)('one-trip historical-data reads (%s)', (kind) => {
    let server: TestServer;
    let mariaId: string;

    beforeAll(async () => {
      server = await startTestServer(kind);
      mariaId = decodeToken(await login(maria)).claims.sub;
    });

    afterAll(async () => {
      await server?.close();
    });

    const login = (guarantor: { accountNumber: string; pin: string }) =>
      server.login(guarantor.accountNumber, guarantor.pin);

    /** The read made under a request id of its own; what it answered or threw, and its audit rows. */
    async function attempt(item: SignedInReadCase, token: string) {
      const context: RequestContext = {
        requestId: `signed-in-read-${(requests += 1)}`,
        correlationId: 'signed-in-read',
        ipAddress: '127.0.0.1',
      };
      const { services } = server.app;
      const outcome = await item
        .read({ services, token, context, route: item.route, mariaId })
        .then(
          (answer) => ({ answer, error: undefined }),
          (error: unknown) => ({ answer: undefined, error }),
        );
      const rows = await server.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.requestId, context.requestId))
        .orderBy(asc(auditEvents.id));
      return { ...outcome, rows };
    }

    /** Tokens whose sessions ended: signed out, lapsed, and one whose session is gone. */
    async function endedTokens(): Promise<[string, string][]> {
      const [signedOut, lapsed, unknown] = await Promise.all([
        login(maria),
        login(maria),
        login(ana),
      ]);
      await server.app.services.auth.logout(
        await server.app.services.auth.authenticate(signedOut),
        {
          requestId: 'sign-out',
          correlationId: 'sign-out',
          ipAddress: '127.0.0.1',
        },
      );
      await server.database.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.id, decodeToken(lapsed).claims.sid));
      await server.database.db
        .delete(sessions)
        .where(eq(sessions.id, decodeToken(unknown).claims.sid));
      return [
        ['SESSION_EXPIRED', signedOut],
        ['SESSION_EXPIRED', lapsed],
        ['UNAUTHORIZED', unknown],
      ];
    }

    describe.each(cases)('$route', (item) => {
      it('reads and audits nothing for an ended or unknown session (401)', async () => {
        for (const [code, token] of await endedTokens()) {
          const { answer, error, rows } = await attempt(item, token);
          expect(answer).toBeUndefined();
          expect(error, code).toMatchObject({ statusCode: 401, code });
          expect(rows).toEqual([]);
        }
      });

      it('refuses a session without the historical-data role (403), audited as the hook does', async () => {
        const token = await login(james);
        const { answer, error, rows } = await attempt(item, token);
        expect(answer).toBeUndefined();
        expect(error).toMatchObject({ statusCode: 403, code: 'HISTORICAL_DATA_REQUIRED' });
        const guarantorId = decodeToken(token).claims.sub;
        expect(rows).toEqual([
          expect.objectContaining({
            action: 'access.denied',
            outcome: 'failure',
            actorType: 'guarantor',
            actorId: guarantorId,
            guarantorId,
            targetType: 'route',
            targetId: item.route,
            ipAddress: '127.0.0.1',
            details: { requiredRole: 'historical-data' },
          }),
        ]);
      });

      it('leaves exactly one audit row for a good read', async () => {
        const token = await login(maria);
        const { answer, error, rows } = await attempt(item, token);
        expect(error).toBeUndefined();
        const guarantorId = decodeToken(token).claims.sub;
        expect(answer?.session).toMatchObject({
          guarantorId,
          sessionId: decodeToken(token).claims.sid,
        });
        expect(rows).toEqual([
          expect.objectContaining({
            action: item.action,
            outcome: 'success',
            actorType: 'guarantor',
            actorId: guarantorId,
            guarantorId,
          }),
        ]);
      });
    });
  });
}
