import { API_PATHS } from '@webpay/contracts/api';
import { encountersResponseSchema } from '@webpay/contracts/encounters';
import { paymentHistorySchema } from '@webpay/contracts/payment-history';
import { PAYMENT_TYPE_LABELS, type PaymentLine } from '@webpay/contracts/payments';
import { verificationStartedSchema } from '@webpay/contracts/sign-in';
import { statementListSchema } from '@webpay/contracts/statements';
import type { DemoGuarantor } from '../../src/demo/demo-guarantors.ts';
import { payByCard, paymentByRef, startedCard } from '../support/payments.ts';
import type { TestServer } from '../support/test-server.ts';
import type { OwnData } from './fuzz-hints.ts';
import { decodeToken } from './hostile-tokens.ts';

/*
 * Sessions and a guarantor's real ids, through the API as the portal gets
 * them, for the fuzzer's hints and the access-control matrix.
 */

async function json(response: Response, what: string): Promise<unknown> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** A live session started directly by the service: no PIN hash, so cheap enough for one per logout. */
export async function mintSession(server: TestServer, token: string): Promise<string> {
  const { claims } = decodeToken(token);
  const { response } = await server.app.services.auth.startSession({
    guarantorId: claims.sub,
    roles: claims.roles,
    loginType: claims.loginType,
  });
  return response.access_token;
}

/** A token whose session has been logged out. */
export async function revokedToken(server: TestServer, token: string): Promise<string> {
  const revoked = await mintSession(server, token);
  const response = await server.api(API_PATHS.logout, { method: 'POST', token: revoked });
  if (response.status !== 204) throw new Error(`logout: ${response.status}`);
  return revoked;
}

/** Payment lines for a guarantor's accounts with something owed, as the portal builds them. */
export async function openLines(server: TestServer, token: string): Promise<PaymentLine[]> {
  const bills = encountersResponseSchema.parse(
    await json(await server.api(API_PATHS.encounters, { token }), 'encounters'),
  );
  const encounterLines = bills.encounters
    .filter((encounter) => encounter.balance >= 1)
    .map((encounter): PaymentLine =>
      encounter.type === 'ENT'
        ? {
            paymentType: PAYMENT_TYPE_LABELS.encounter,
            facilityId: encounter.facilityId,
            accountId: `${encounter.facilityId}-${encounter.accountNumber}`,
            amount: 1,
          }
        : {
            paymentType: PAYMENT_TYPE_LABELS.external,
            facilityId: encounter.facilityId,
            accountId: encounter.accountNumber,
            amount: 1,
          },
    );
  return encounterLines;
}

export async function gatherOwnData(
  server: TestServer,
  guarantor: DemoGuarantor,
  token: string,
): Promise<OwnData> {
  const statements = statementListSchema.parse(
    await json(await server.api(API_PATHS.statements, { token }), 'statements'),
  );
  const history = paymentHistorySchema.parse(
    await json(await server.api(API_PATHS.payments, { token }), 'payments'),
  );
  const lines = await openLines(server, token);
  const firstLine = lines[0];
  const paymentRefs: string[] = [];
  for (const amount of [1.11, 2.22]) {
    if (!firstLine) break;
    const started = await startedCard(server, token, { accounts: [{ ...firstLine, amount }] });
    paymentRefs.push(started.refNum);
  }
  // A recorded payment too, so the payment desk's calls reach a real one.
  const paymentIds: string[] = [];
  if (firstLine) {
    const paid = await payByCard(server, token, {
      accounts: [{ ...firstLine, amount: 3.33 }],
      acknowledgePending: true,
    });
    for (const refNum of [...paymentRefs, paid.started.refNum]) {
      const row = await paymentByRef(server.database.db, refNum);
      if (row) paymentIds.push(row.id);
    }
  }
  const verification = verificationStartedSchema.parse(
    await json(
      await server.api(API_PATHS.loginEmail, {
        body: { email: guarantor.email, birthdate: guarantor.birthdate },
      }),
      'e-mail sign-in',
    ),
  );
  return {
    statementIds: statements.statements.map((statement) => statement.id),
    receiptIds: history.payments.map((payment) => payment.receiptId),
    paymentRefs,
    paymentIds,
    lines,
    verification,
  };
}
