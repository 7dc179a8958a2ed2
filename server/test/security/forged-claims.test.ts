import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '@webpay/contracts/api';
import { ROLES, type LoginType } from '@webpay/contracts/auth';
import { PAYMENT_TYPE_LABELS, type PaymentLine } from '@webpay/contracts/payments';
import { guarantors } from '../../src/db/schema.ts';
import { DEMO_GUARANTORS } from '../../src/demo/demo-guarantors.ts';
import { SessionTokens } from '../../src/modules/auth/session-tokens.ts';
import { sessionKeyRing } from '../../src/modules/auth/signing-keys.ts';
import { errorOf, startCard } from '../support/payments.ts';
import { testDatabaseKinds } from '../support/database.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { decodeToken } from './hostile-tokens.ts';
import { payerOf } from './access-setup.ts';

/*
 * Whoever holds the signing secret (the development one is public) can
 * sign any claims. The token only names a live session: roles and login
 * type come from the server (ASVS 5.0 8.2.1), so a forged role or login
 * type in well-signed claims grants nothing, and a role the server gives
 * or takes away counts at once, whatever the token says.
 */

const { maria, james } = DEMO_GUARANTORS;

const HISTORY_PATHS = [API_PATHS.statements, API_PATHS.payments] as const;

/** James's Home Care account (DEMO_DATA.md §2), $89.99 owed. */
const JAMES_HOME_CARE: PaymentLine = {
  paymentType: PAYMENT_TYPE_LABELS.external,
  facilityId: '221',
  accountId: '60001',
  amount: 1,
};

describe.each(testDatabaseKinds)('claims the server did not give (%s)', (kind) => {
  let server: TestServer;
  let jamesToken: string;
  let mariaToken: string;

  beforeAll(async () => {
    server = await startTestServer(kind);
    jamesToken = await server.login(james.accountNumber, james.pin);
    mariaToken = await server.login(maria.accountNumber, maria.pin);
  });

  afterAll(async () => {
    await server?.close();
  });

  /** The same session's token re-signed with the service's own key, claims changed. */
  async function forged(
    token: string,
    change: { roles?: string[]; loginType?: LoginType },
  ): Promise<string> {
    const { claims } = decodeToken(token);
    const ring = sessionKeyRing(server.env.JWT_SECRET, server.env.JWT_SIGNING_KEYS);
    const tokens = new SessionTokens(ring, server.env.JWT_TTL_SECONDS);
    const issued = await tokens.issue({
      sessionId: claims.sid,
      guarantorId: claims.sub,
      roles: change.roles ?? claims.roles,
      loginType: change.loginType ?? claims.loginType,
    });
    expect(decodeToken(issued.token).claims).toMatchObject(change);
    return issued.token;
  }

  const setRoles = (accountNumber: string, roles: string[]) =>
    server.database.db
      .update(guarantors)
      .set({ roles })
      .where(eq(guarantors.accountNumber, accountNumber));

  it('refuses statements and payment history to a role added to the claims (403)', async () => {
    const token = await forged(jamesToken, { roles: [ROLES.historicalData] });
    // The forged token is otherwise good: the session is live and the dashboard answers.
    expect((await server.api(API_PATHS.encounters, { token })).status).toBe(200);
    for (const path of HISTORY_PATHS) {
      const response = await server.api(path, { token });
      expect(response.status, path).toBe(403);
      expect(await errorOf(response)).toMatchObject({ code: 'HISTORICAL_DATA_REQUIRED' });
    }
  });

  it('still serves a real token whose guarantor holds the role', async () => {
    for (const path of HISTORY_PATHS) {
      expect((await server.api(path, { token: mariaToken })).status, path).toBe(200);
    }
  });

  it('follows the role on the server, not the one in the token', async () => {
    try {
      await setRoles(maria.accountNumber, []);
      await setRoles(james.accountNumber, [ROLES.historicalData]);
      for (const path of HISTORY_PATHS) {
        expect((await server.api(path, { token: mariaToken })).status, path).toBe(403);
        expect((await server.api(path, { token: jamesToken })).status, path).toBe(200);
      }
    } finally {
      await setRoles(maria.accountNumber, [ROLES.historicalData]);
      await setRoles(james.accountNumber, []);
    }
  });

  it("refuses saving a receipt e-mail to a PIN session whose claims say 'totp' (403)", async () => {
    const body = {
      accounts: [JAMES_HOME_CARE],
      payer: { ...payerOf(james), email: 'james.new@example.com' },
      saveEmailAsGuarantor: true,
    };
    const token = await forged(jamesToken, { loginType: 'totp' });
    const refused = await startCard(server, token, body);
    expect(refused.status).toBe(403);
    expect(await errorOf(refused)).toMatchObject({ code: 'SAVE_EMAIL_NOT_ALLOWED' });

    // A session the server started as 'totp' may.
    const { claims } = decodeToken(jamesToken);
    const { response } = await server.app.services.auth.startSession({
      guarantorId: claims.sub,
      roles: claims.roles,
      loginType: 'totp',
    });
    expect((await startCard(server, response.access_token, body)).status).toBe(200);
  });
});
