import { ASSISTANCE_APPLICATION_PATHS } from '@webpay/contracts/assistance-application';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, IDEMPOTENCY_KEY_HEADER, SERVICE_BASE_PATH } from '@webpay/contracts/api';
import { OFFICE_API_BASE_PATH } from '@webpay/contracts/office';
import { PAYMENT_PLAN_PATHS } from '@webpay/contracts/payment-plans';
import { DEMO_GUARANTORS, type DemoGuarantor } from '../../src/demo/demo-guarantors.ts';
import type { ECheckAuthorization } from '@webpay/contracts/payments';
import { APPROVED_ECHECK, acceptedAuthorization } from '../support/payments.ts';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import {
  idInputsOf,
  isLeak,
  type CaseAnswer,
  type CaseRequest,
  type OwnerMarkers,
} from './access-matrix.ts';
import { STATEMENT_CAP_CENTS } from './access-recurring.ts';
import { ownedBy, payerOf, type Owned } from './access-setup.ts';
import { ownDataHints } from './fuzz-hints.ts';
import { table } from './fuzz-report.ts';
import { fuzzRequestArbitrary, type FuzzContext, type FuzzRequest } from './fuzz-requests.ts';
import { mintSession, revokedToken } from './fuzz-setup.ts';
import { HOSTILE_TOKEN_KINDS, decodeToken, hostileTokens } from './hostile-tokens.ts';
import { fetchOpenApiDocument, operationsOf, type Operation } from './openapi-document.ts';

/*
 * The access-control matrix (OWASP ASVS 5.0 8.2.2: access to data items is
 * restricted to their owner, i.e. no IDOR or BOLA; 8.2.1: function-level
 * access by role; 6.6.2: an e-mailed code works only for the verification
 * it was issued for; 7.4.1: ended sessions stay ended; 9.1.1, 9.1.2, 9.2.1:
 * token signature, algorithm allow-list and expiry are enforced). Every endpoint that takes an id is called by one
 * guarantor with another's real ids, and every authenticated endpoint with
 * every kind of bad token. The lists come from the OpenAPI document, and a
 * new id-taking input fails the test until the matrix covers it.
 *
 * Expected: 404 for another's ids (indistinguishable from unknown ones),
 * 401 for a bad token, 403 for a missing role, and never another's data.
 */

const { maria, robert, james } = DEMO_GUARANTORS;

interface Actor {
  label: string;
  guarantor: DemoGuarantor;
  token: string;
  /** The eCheck authorization the portal shows the actor for a $1.00 debit of the approved account. */
  eCheckAuthorization: ECheckAuthorization;
  /** What the actor owns; James is only ever the actor without a role. */
  owned?: Owned;
}

interface IdCase {
  operation: string;
  /** The id inputs this case puts another guarantor's values into. */
  inputs: string[];
  /** The request `actor` makes with the ids of `owner`. */
  request: (actor: Actor, owner: Owned) => CaseRequest;
  own: readonly number[];
  cross: readonly number[];
  /** James (no historical-data role) with Maria's ids; absent where sign-in is not by token. */
  noRole?: readonly number[];
  /** The uniform answer to unknown ids is a success; it must still carry nothing of the owner's. */
  successAllowed?: boolean;
}

/** Id inputs that name nothing a guarantor owns. */
const NOT_OWNED: Record<string, string> = {
  'body:accounts[].facilityId': "a facility code: the hospital's reference data, the same for all",
  'body:encounters[].facilityId':
    "a facility code: the hospital's reference data, the same for all",
  'query:facilityId':
    'a facility code choosing whose published assistance policy: public, the same for all',
  'body:facilityId':
    'a facility code choosing whose assistance policy an estimate follows: public, the same for all',
  'body:answers.accounts[].facilityId':
    "a facility code naming the applicant's own account with its number: the hospital's reference data",
};

const ROLE_PROTECTED = new Set([
  `GET ${API_PATHS.payments}`,
  'GET /receipts/{receiptId}',
  `GET ${API_PATHS.statements}`,
  'GET /statements/{id}',
  'GET /statements/{id}/pdf',
]);

const path = (text: string) => encodeURIComponent(text);
const card = (owner: Owned) => ({
  convergeResponse: owner.approved.approval,
  saveEmailAsGuarantor: false,
});
const payment = (actor: Actor, owner: Owned) => ({
  accounts: [{ ...owner.line, amount: 1 }],
  payer: payerOf(actor.guarantor),
  saveEmailAsGuarantor: false,
});
const idempotent = () => ({ [IDEMPOTENCY_KEY_HEADER]: randomUUID() });
/** What an actor owns (also for cases that mix the actor's own ids with the owner's). */
const ownedOf = (actor: Actor): Owned => {
  if (!actor.owned) throw new Error(`${actor.label} owns nothing in this test`);
  return actor.owned;
};

const ID_CASES: IdCase[] = [
  {
    operation: 'GET /statements/{id}',
    inputs: ['path:id'],
    request: (actor, owner) => ({
      method: 'GET',
      path: `/statements/${path(owner.statementId)}`,
      token: actor.token,
    }),
    own: [200],
    cross: [404],
    noRole: [403],
  },
  {
    operation: 'GET /statements/{id}/pdf',
    inputs: ['path:id'],
    request: (actor, owner) => ({
      method: 'GET',
      path: `/statements/${path(owner.statementId)}/pdf`,
      token: actor.token,
    }),
    own: [200],
    cross: [404],
    noRole: [403],
  },
  {
    operation: 'GET /receipts/{receiptId}',
    inputs: ['path:receiptId'],
    request: (actor, owner) => ({
      method: 'GET',
      path: `/receipts/${path(owner.receiptId)}`,
      token: actor.token,
    }),
    own: [200],
    cross: [404],
    noRole: [403],
  },
  {
    operation: 'PUT /payments/{id}/card',
    inputs: ['path:id'],
    // The owner's own approval from the processor, replayed by someone else.
    request: (actor, owner) => ({
      method: 'PUT',
      path: `/payments/${path(owner.approved.refNum)}/card`,
      token: actor.token,
      body: card(owner),
    }),
    own: [200],
    cross: [404],
    noRole: [404],
  },
  {
    operation: 'DELETE /payments/{id}',
    inputs: ['path:id'],
    request: (actor, owner) => ({
      method: 'DELETE',
      path: `/payments/${path(owner.openRef)}`,
      token: actor.token,
      body: { message: 'Cancelled' },
    }),
    own: [204],
    cross: [404],
    noRole: [404],
  },
  {
    operation: 'POST /payments/init',
    inputs: ['body:accounts[].accountId'],
    request: (actor, owner) => ({
      method: 'POST',
      path: API_PATHS.paymentsInit,
      token: actor.token,
      headers: idempotent(),
      body: payment(actor, owner),
    }),
    own: [200],
    cross: [404],
    noRole: [404],
  },
  {
    operation: 'POST /payments/ach',
    inputs: ['body:accounts[].accountId'],
    request: (actor, owner) => ({
      method: 'POST',
      path: API_PATHS.paymentsAch,
      token: actor.token,
      headers: idempotent(),
      body: {
        ...payment(actor, owner),
        eCheck: APPROVED_ECHECK,
        authorization: actor.eCheckAuthorization,
      },
    }),
    own: [200],
    cross: [404],
    noRole: [404],
  },
  {
    // The actor's own guarantorId with the owner's verification and its right code.
    operation: 'POST /auth/login/code',
    inputs: ['body:guarantorId', 'body:verificationId'],
    request: (actor, owner) => ({
      method: 'POST',
      path: API_PATHS.loginCode,
      body: {
        guarantorId: actor.owned?.codeLogin.guarantorId,
        verificationId: owner.codeLogin.verificationId,
        code: owner.codeLogin.code,
      },
    }),
    own: [200],
    cross: [401],
  },
  {
    // Unknown pairs get the same 200 as known ones (no enumeration), with nothing in it.
    operation: 'POST /auth/signup/email/send-code',
    inputs: ['body:guarantorId', 'body:verificationId'],
    request: (actor, owner) => ({
      method: 'POST',
      path: API_PATHS.signupSendCode,
      body: {
        guarantorId: actor.owned?.resend.guarantorId,
        verificationId: owner.resend.verificationId,
      },
    }),
    own: [200],
    cross: [200],
    successAllowed: true,
  },
  {
    // Someone else's card setup, finished with a window answer the processor never gave.
    operation: 'PUT /payment-methods/card/{id}',
    inputs: ['path:id'],
    request: (actor, owner) => ({
      method: 'PUT',
      path: `/payment-methods/card/${path(owner.recurring.cardSetupId)}`,
      token: actor.token,
      body: { convergeResponse: { ssl_txn_id: 'unknown', ssl_token: 'unknown' } },
    }),
    // The owner's own setup gets the refusal of that answer (402 CARD_NOT_VERIFIED), not
    // one about whose it is.
    own: [402],
    cross: [404],
    noRole: [404],
  },
  {
    operation: 'PUT /payment-methods/{id}/default',
    inputs: ['path:id'],
    request: (actor, owner) => ({
      method: 'PUT',
      path: `/payment-methods/${path(owner.recurring.method.id)}/default`,
      token: actor.token,
    }),
    own: [200, 204],
    cross: [404],
    noRole: [404],
  },
  {
    operation: 'DELETE /payment-methods/{id}',
    inputs: ['path:id'],
    request: (actor, owner) => ({
      method: 'DELETE',
      path: `/payment-methods/${path(owner.recurring.removable.id)}`,
      token: actor.token,
      body: {},
    }),
    own: [200, 204],
    cross: [404],
    noRole: [404],
  },
  {
    // The actor removes its own method naming someone else's as the replacement: the
    // service answers an unusable replacement (unknown or not the caller's) with 400.
    operation: 'DELETE /payment-methods/{id}',
    inputs: ['body:replacementId'],
    request: (actor, owner) => ({
      method: 'DELETE',
      path: `/payment-methods/${path(ownedOf(actor).recurring.replaced.id)}`,
      token: actor.token,
      body: { replacementId: owner.recurring.method.id },
    }),
    own: [200, 204],
    cross: [400],
  },
  {
    // The actor's own method on someone else's plan.
    operation: 'PUT /payment-plans/{planNumber}/autopay',
    inputs: ['path:planNumber'],
    request: (actor, owner) => ({
      method: 'PUT',
      path: `/payment-plans/${path(owner.recurring.plan.planNumber)}/autopay`,
      token: actor.token,
      body: {
        paymentMethodId: (actor.owned ?? owner).recurring.method.id,
        authorization: { accepted: true, text: owner.recurring.planAutopayText },
      },
    }),
    own: [204],
    cross: [404],
    noRole: [404],
  },
  {
    // Someone else's method on the actor's own plan: 400 naming body.paymentMethodId,
    // the same as for an unknown method.
    operation: 'PUT /payment-plans/{planNumber}/autopay',
    inputs: ['body:paymentMethodId'],
    request: (actor, owner) => ({
      method: 'PUT',
      path: `/payment-plans/${path(ownedOf(actor).recurring.plan.planNumber)}/autopay`,
      token: actor.token,
      body: {
        paymentMethodId: owner.recurring.method.id,
        authorization: { accepted: true, text: ownedOf(actor).recurring.planAutopayText },
      },
    }),
    own: [204],
    cross: [400],
  },
  {
    operation: 'DELETE /payment-plans/{planNumber}/autopay',
    inputs: ['path:planNumber'],
    request: (actor, owner) => ({
      method: 'DELETE',
      path: `/payment-plans/${path(owner.recurring.plan.planNumber)}/autopay`,
      token: actor.token,
    }),
    own: [200],
    cross: [404],
    noRole: [404],
  },
  {
    // 400 naming body.paymentMethodId, the same as for an unknown method.
    operation: 'PUT /autopay/statements',
    inputs: ['body:paymentMethodId'],
    request: (actor, owner) => ({
      method: 'PUT',
      path: PAYMENT_PLAN_PATHS.statementAutopay,
      token: actor.token,
      body: {
        paymentMethodId: owner.recurring.method.id,
        capCents: STATEMENT_CAP_CENTS,
        authorization: {
          accepted: true,
          text: (actor.owned ?? owner).recurring.statementAutopayText,
        },
      },
    }),
    own: [204],
    cross: [400],
    noRole: [400],
  },
  {
    operation: 'POST /autopay/skip',
    inputs: ['body:statementId'],
    request: (actor, owner) => ({
      method: 'POST',
      path: PAYMENT_PLAN_PATHS.skip,
      token: actor.token,
      body: { kind: 'statement', statementId: owner.statementId },
    }),
    // The demo statement's change deadline has passed: the owner is told so (400), while
    // another's statement is unknown (404).
    own: [400],
    cross: [404],
    noRole: [404],
  },
  {
    // A plan over the actor's own account with autopay on someone else's method: 400
    // naming body.paymentMethodId, the same as for an unknown method. After the payment
    // rows: the owner's own call puts the account they pay on onto a plan.
    operation: 'POST /payment-plans',
    inputs: ['body:paymentMethodId'],
    request: (actor, owner) => ({
      method: 'POST',
      path: PAYMENT_PLAN_PATHS.create,
      token: actor.token,
      headers: idempotent(),
      body: { ...ownedOf(actor).recurring.newPlan, paymentMethodId: owner.recurring.method.id },
    }),
    own: [200],
    cross: [400],
  },
  {
    operation: 'GET /financial-assistance/applications/{reference}',
    inputs: ['path:reference'],
    request: (actor, owner) => ({
      method: 'GET',
      path: ASSISTANCE_APPLICATION_PATHS.application(owner.assistanceReference),
      token: actor.token,
    }),
    own: [200],
    cross: [404],
    noRole: [404],
  },
  {
    // No file: the owner is told it is empty (415), another's application is unknown (404).
    operation: 'POST /financial-assistance/applications/{reference}/documents',
    inputs: ['path:reference'],
    request: (actor, owner) => ({
      method: 'POST',
      path: `${ASSISTANCE_APPLICATION_PATHS.documents(owner.assistanceReference)}?memberIndex=0&kind=income&fileName=a.png`,
      token: actor.token,
      headers: { 'content-type': 'image/png' },
    }),
    own: [415],
    cross: [404],
    noRole: [404],
  },
  {
    operation: 'POST /financial-assistance/applications/{reference}/messages',
    inputs: ['path:reference'],
    request: (actor, owner) => ({
      method: 'POST',
      path: ASSISTANCE_APPLICATION_PATHS.messages(owner.assistanceReference),
      token: actor.token,
      body: { text: 'Is my application complete?' },
    }),
    own: [200],
    cross: [404],
    noRole: [404],
  },
  {
    // Nothing was asked for: the owner is told so (409), another's application is unknown.
    operation: 'POST /financial-assistance/applications/{reference}/reply',
    inputs: ['path:reference'],
    request: (actor, owner) => ({
      method: 'POST',
      path: ASSISTANCE_APPLICATION_PATHS.reply(owner.assistanceReference),
      token: actor.token,
      body: { text: '' },
    }),
    own: [409],
    cross: [404],
    noRole: [404],
  },
];

const markersOf = (guarantor: DemoGuarantor): OwnerMarkers => ({
  accountNumber: guarantor.accountNumber,
  lastName: guarantor.lastName,
  email: guarantor.email,
});

describe('access-control matrix (pglite)', () => {
  let catcher: MailCatcher;
  let server: TestServer;
  let operations: Operation[];
  let a: Actor;
  let b: Actor;
  let noRole: Actor;

  beforeAll(async () => {
    catcher = await startMailCatcher();
    server = await startTestServer('pglite', {
      env: { SMTP_URL: catcher.url, RATE_LIMIT_LOGIN_MAX: '100000' },
    });
    // The billing office's operations take staff sessions: modules/staff checks those.
    operations = operationsOf(await fetchOpenApiDocument(server.app), SERVICE_BASE_PATH).filter(
      (operation) => !operation.path.startsWith(OFFICE_API_BASE_PATH),
    );
    const actor = async (label: string, guarantor: DemoGuarantor, owns: boolean) => {
      const token = await server.login(guarantor.accountNumber, guarantor.pin);
      const owned = owns ? await ownedBy(server, guarantor, token, catcher) : undefined;
      const eCheckAuthorization = await acceptedAuthorization(server, token, [{ amount: 1 }]);
      return { label, guarantor, token, eCheckAuthorization, ...(owned ? { owned } : {}) };
    };
    a = await actor('Maria', maria, true);
    b = await actor('Robert', robert, true);
    noRole = await actor('James', james, false);
  });

  afterAll(async () => {
    await server?.close();
    await catcher?.close();
  });

  async function send(request: CaseRequest): Promise<CaseAnswer> {
    const response = await server.app.inject({
      method: request.method as 'GET',
      url: `${SERVICE_BASE_PATH}${request.path}`,
      headers: {
        ...server.apiHeaders(request.token),
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...request.headers,
      },
      ...(request.body === undefined ? {} : { payload: JSON.stringify(request.body) }),
    });
    return { status: response.statusCode, text: response.body };
  }

  /** Sign-in code e-mails (a plan made in setup e-mails its authorization too). */
  const codeMailsTo = (address: string | null) =>
    catcher.mailsTo(address ?? '').filter((mail) => /^\s*\d{6}\s*$/m.test(mail.text));

  /** What another guarantor's calls could have changed: payments, receipts and their states. */
  async function paymentState() {
    const result = await server.database.db.execute<{ reference: string; status: string }>(
      sql`select processor_reference as reference, status from payments order by processor_reference`,
    );
    const receipts = await server.database.db.execute<{ count: number }>(
      sql`select count(*)::int as count from receipts`,
    );
    return { payments: result.rows, receipts: receipts.rows[0]?.count };
  }

  it('covers every id-taking input of the document', () => {
    const missing = operations.flatMap((operation) =>
      idInputsOf(operation)
        .filter((input) => !(input in NOT_OWNED))
        .filter(
          (input) =>
            !ID_CASES.some(
              (entry) => entry.operation === operation.key && entry.inputs.includes(input),
            ),
        )
        .map((input) => `${operation.key} ${input}`),
    );
    expect(missing, 'id inputs without a row in ID_CASES').toEqual([]);
    const known = new Set(operations.map((operation) => operation.key));
    expect(ID_CASES.filter((entry) => !known.has(entry.operation))).toEqual([]);
  });

  it("never answers one guarantor with another's data and 404s their ids (OWASP ASVS 5.0 8.2.2, 8.2.1; 6.6.2 for codes)", async () => {
    const rows: string[][] = [];
    const violations: string[] = [];
    let leaks = 0;
    const record = (
      entry: IdCase,
      what: string,
      answer: CaseAnswer,
      expected: readonly number[],
      owner?: DemoGuarantor,
    ) => {
      if (!expected.includes(answer.status)) {
        violations.push(
          `${entry.operation} ${what}: ${answer.status}, expected ${expected.join('/')}: ${answer.text.slice(0, 200)}`,
        );
      }
      if (owner && isLeak(answer, markersOf(owner), entry.successAllowed ?? false)) {
        leaks += 1;
        violations.push(
          `${entry.operation} ${what}: LEAK ${answer.status} ${answer.text.slice(0, 200)}`,
        );
      }
      return String(answer.status);
    };

    // First every call on someone else's ids; none may change anything.
    const before = await paymentState();
    const cells = new Map<IdCase, Record<string, string>>();
    for (const entry of ID_CASES) {
      const row: Record<string, string> = {};
      row.aToB = record(
        entry,
        `${a.label} → ${b.label}`,
        await send(entry.request(a, ownedOf(b))),
        entry.cross,
        b.guarantor,
      );
      row.bToA = record(
        entry,
        `${b.label} → ${a.label}`,
        await send(entry.request(b, ownedOf(a))),
        entry.cross,
        a.guarantor,
      );
      row.noRole = entry.noRole
        ? record(
            entry,
            `${noRole.label} → ${a.label}`,
            await send(entry.request(noRole, ownedOf(a))),
            entry.noRole,
            a.guarantor,
          )
        : '-';
      cells.set(entry, row);
    }
    expect(await paymentState()).toEqual(before);
    // Nobody was sent a new code for a verification of theirs that someone else named.
    expect(codeMailsTo(robert.email).length).toBe(2);
    expect(codeMailsTo(maria.email).length).toBe(2);
    // Then each owner's own call, which must still work after the others' attempts.
    for (const entry of ID_CASES) {
      const row = cells.get(entry) ?? {};
      row.aOwn = record(
        entry,
        `${a.label} own`,
        await send(entry.request(a, ownedOf(a))),
        entry.own,
      );
      row.bOwn = record(
        entry,
        `${b.label} own`,
        await send(entry.request(b, ownedOf(b))),
        entry.own,
      );
      rows.push([
        entry.operation,
        entry.inputs.join(', '),
        row.aOwn,
        row.bOwn,
        row.aToB ?? '',
        row.bToA ?? '',
        row.noRole ?? '',
      ]);
    }

    console.info(
      [
        'Access control: ids of another guarantor (A = Maria, B = Robert, James has no historical-data role)',
        table(
          ['endpoint', 'id inputs', 'A own', 'B own', 'A → B ids', 'B → A ids', 'James → A ids'],
          rows,
        ),
        `leaks: ${leaks}`,
      ].join('\n'),
    );
    expect(violations).toEqual([]);
    expect(leaks).toBe(0);
  });

  it('refuses every authenticated endpoint without a live, genuine session and enforces roles (OWASP ASVS 5.0 7.4.1, 9.1.1, 9.1.2, 9.2.1, 8.2.1)', async () => {
    const tokens = await hostileTokens({
      env: server.env,
      token: a.token,
      otherGuarantorId: decodeToken(b.token).claims.sub,
      revokedToken: await revokedToken(server, a.token),
    });
    const owned = ownedOf(a);
    const context: FuzzContext = {
      apiKey: server.env.WEBPAY_API_KEY,
      validAuthorization: '',
      hostileTokens: tokens,
      hints: ownDataHints({
        statementIds: [owned.statementId],
        receiptIds: [owned.receiptId],
        paymentRefs: [owned.openRef],
        paymentIds: [],
        lines: [owned.line],
        verification: owned.resend,
      }),
      endsSession: () => false,
      maxParamLength: server.app.initialConfig.maxParamLength ?? 100,
    };
    const rows: string[][] = [];
    const violations: string[] = [];
    let leaks = 0;

    for (const operation of operations.filter((candidate) => candidate.acceptsToken)) {
      // Valid requests from the document's schemas; the first the service accepts (when one
      // of a few is) is the one every token is tried with, so only the token differs.
      const candidates = fc.sample(fuzzRequestArbitrary(operation, context, false), {
        seed: 7,
        numRuns: 20,
      });
      const send = async (request: FuzzRequest, authorization: string | undefined) => {
        const headers: Record<string, string> = { ...request.headers };
        delete headers.authorization;
        const response = await server.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: authorization ? { ...headers, authorization } : headers,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        return { status: response.statusCode, text: response.body };
      };
      // Fresh sessions, since a valid call may end one (logout).
      const freshSession = async (actor: Actor) =>
        `Bearer ${await mintSession(server, actor.token)}`;
      let request: FuzzRequest | undefined;
      let valid: CaseAnswer | undefined;
      for (const candidate of candidates) {
        request = candidate;
        valid = await send(candidate, await freshSession(a));
        if (valid.status < 300) break;
      }
      if (!request || !valid) throw new Error(`no request for ${operation.key}`);
      const withAuthorization = (authorization: string | undefined) => send(request, authorization);
      const anonymous = operation.needsToken ? undefined : await withAuthorization(undefined);
      if (valid.status === 401)
        violations.push(`${operation.key} valid session: 401 ${valid.text}`);

      const cells = [String(valid.status)];
      for (const kind of HOSTILE_TOKEN_KINDS) {
        const answer = await withAuthorization(tokens[kind]);
        cells.push(String(answer.status));
        if (operation.needsToken) {
          if (answer.status !== 401)
            violations.push(`${operation.key} token ${kind}: ${answer.status}, expected 401`);
          if (answer.status < 300) leaks += 1;
        } else if (answer.status !== anonymous?.status || answer.text !== anonymous.text) {
          // A bad token on a public route is ignored: the answer is the anonymous one exactly.
          violations.push(`${operation.key} token ${kind}: differs from the anonymous answer`);
          if (answer.status < 300) leaks += 1;
        }
      }
      const roleAnswer = await withAuthorization(await freshSession(noRole));
      cells.push(String(roleAnswer.status));
      const refusedForRole =
        roleAnswer.status === 403 && roleAnswer.text.includes('HISTORICAL_DATA_REQUIRED');
      if (refusedForRole !== ROLE_PROTECTED.has(operation.key)) {
        violations.push(
          `${operation.key} without the role: ${roleAnswer.status} ${roleAnswer.text.slice(0, 120)}`,
        );
      }
      if (ROLE_PROTECTED.has(operation.key) && roleAnswer.status < 300) leaks += 1;
      rows.push([operation.key, ...cells]);
    }

    console.info(
      [
        'Access control: sessions and roles (status per token)',
        table(['endpoint', 'valid', ...HOSTILE_TOKEN_KINDS, 'James (no role)'], rows),
        `leaks: ${leaks}`,
      ].join('\n'),
    );
    expect(violations).toEqual([]);
    expect(leaks).toBe(0);
    expect(rows.length).toBeGreaterThanOrEqual(12);
  });
});
