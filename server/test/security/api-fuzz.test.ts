import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, REQUEST_ID_HEADER, SERVICE_BASE_PATH } from '@webpay/contracts/api';
import { OFFICE_API_BASE_PATH, OFFICE_API_PATHS } from '@webpay/contracts/office';
import { DEMO_GUARANTORS } from '../../src/demo/demo-guarantors.ts';
import { DEMO_STAFF } from '../../src/demo/demo-staff.ts';
import { mintStaffSession } from '../support/office.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { checkAnswer, type Answer } from './fuzz-checks.ts';
import { ownDataHints } from './fuzz-hints.ts';
import { FuzzReport } from './fuzz-report.ts';
import {
  axesOf,
  fuzzRequestArbitrary,
  type FuzzContext,
  type FuzzRequest,
} from './fuzz-requests.ts';
import { gatherOwnData, mintSession, revokedToken } from './fuzz-setup.ts';
import { decodeToken, hostileTokens } from './hostile-tokens.ts';
import { fetchOpenApiDocument, operationsOf, type Operation } from './openapi-document.ts';
import { schemaErrors } from './json-schema.ts';
import { MONEY_DESCRIPTION, validArbitrary } from './schema-arbitraries.ts';
import { ServerErrorLog } from './server-error-log.ts';

/*
 * Schema-driven API fuzzing (the Schemathesis checks; OWASP ASVS 5.0 2.2.1:
 * server-side, allow-list, schema-typed input validation). Every operation
 * of the OpenAPI document gets valid, boundary and malformed requests made
 * from its own schemas, and every answer is held to the document: no 5xx,
 * a documented status and body, the SPEC error object on every refusal, and
 * every input the document forbids refused with a 4xx.
 *
 * Requests are drawn with fc.sample rather than checked one by one with
 * fc.assert, so that a run reports every failure and the full figures
 * instead of stopping at the first; the fixed seed makes a failure replay.
 * The fuzz is about request handling, not the database, so PGlite only.
 */

const DEFAULT_SEED = 20_260_611;
const seed = Number(process.env.FUZZ_SEED ?? DEFAULT_SEED);

/**
 * Requests per operation; sign-in by PIN costs a PIN hash each and gets
 * fewer. With a hundred operations and more, 300 each keeps the run near
 * 30,000 requests: every boundary and malformed shape the arbitraries draw
 * still comes up for each input, in half the time 600 took.
 */
const DEFAULT_RUNS = 300;
const RUNS: Record<string, number> = {
  'POST /auth/login': 200,
};
/** An operation that takes no input at all (the health probes) has nothing more to vary. */
const RUNS_WITHOUT_INPUT = 50;

function runsFor(operation: Operation): number {
  if (axesOf(operation).length === 0) return RUNS_WITHOUT_INPUT;
  return RUNS[operation.key] ?? DEFAULT_RUNS;
}

const { maria, robert } = DEMO_GUARANTORS;

/** A seed per operation, so adding one does not change what the others are sent. */
function seedFor(operation: Operation): number {
  let hash = seed | 0;
  for (const character of operation.key) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) | 0;
  return hash;
}

describe('API fuzzing from the OpenAPI document (pglite)', () => {
  let server: TestServer;
  let operations: Operation[];
  let context: FuzzContext;
  let mariaToken: string;
  const report = new FuzzReport();
  const serverErrors = new ServerErrorLog();

  beforeAll(async () => {
    server = await startTestServer('pglite', {
      // Sign-in routes are throttled per client; the fuzzer is one client sending thousands.
      // Only error lines are logged, to report the cause of any 5xx.
      env: { RATE_LIMIT_LOGIN_MAX: '100000', LOG_LEVEL: 'error' },
      logStream: serverErrors,
    });
    operations = operationsOf(await fetchOpenApiDocument(server.app), SERVICE_BASE_PATH);
    mariaToken = await server.login(maria.accountNumber, maria.pin);
    const robertToken = await server.login(robert.accountNumber, robert.pin);
    const own = await gatherOwnData(server, maria, mariaToken);
    context = {
      apiKey: server.env.WEBPAY_API_KEY,
      validAuthorization: `Bearer ${mariaToken}`,
      hostileTokens: await hostileTokens({
        env: server.env,
        token: mariaToken,
        otherGuarantorId: decodeToken(robertToken).claims.sub,
        revokedToken: await revokedToken(server, mariaToken),
      }),
      hints: ownDataHints(own),
      // A staff sign-out is sent a guarantor's fresh session instead, so the staff one lives on.
      endsSession: (operation) =>
        [
          API_PATHS.logout,
          `${OFFICE_API_BASE_PATH}${OFFICE_API_PATHS.signOut}`,
          `${OFFICE_API_BASE_PATH}${OFFICE_API_PATHS.signOutEverywhere}`,
        ].some((path) => operation.key === `POST ${path}`),
      maxParamLength: server.app.initialConfig.maxParamLength ?? 100,
    };
  });

  afterAll(async () => {
    await server?.close();
  });

  const isOffice = (operation: Operation) => operation.path.startsWith(OFFICE_API_BASE_PATH);

  /** The context of an operation: a staff administrator's session for the office's calls. */
  /** The administrator may call every console route but financial assistance's, which is the reviewer's. */
  const staffFor = (operation: Operation) =>
    operation.path.includes('/financial-assistance') ? DEMO_STAFF.reviewer : DEMO_STAFF.admin;

  async function contextFor(operation: Operation): Promise<FuzzContext> {
    if (!isOffice(operation)) return context;
    const token = await mintStaffSession(server, staffFor(operation).email);
    return {
      ...context,
      validAuthorization: `Bearer ${token}`,
      endsSession: ({ key }) =>
        key === `POST ${OFFICE_API_BASE_PATH}${OFFICE_API_PATHS.signOut}` ||
        key === `POST ${OFFICE_API_BASE_PATH}${OFFICE_API_PATHS.signOutEverywhere}`,
    };
  }

  async function freshAuthorization(operation: Operation): Promise<string> {
    const token = isOffice(operation)
      ? await mintStaffSession(server, staffFor(operation).email)
      : await mintSession(server, mariaToken);
    return `Bearer ${token}`;
  }

  async function send(request: FuzzRequest): Promise<Answer> {
    const headers = request.freshSession
      ? { ...request.headers, authorization: await freshAuthorization(request.operation) }
      : request.headers;
    const response = await server.app.inject({
      method: request.method as 'GET',
      url: request.url,
      headers,
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    const requestId = response.headers[REQUEST_ID_HEADER.toLowerCase()];
    return {
      status: response.statusCode,
      headers: response.headers,
      body: response.rawPayload,
      ...(response.statusCode >= 500
        ? { serverLog: await serverErrors.causeOf(String(requestId)) }
        : {}),
    };
  }

  it('reads every operation and its schemas from the document', () => {
    expect(operations.length).toBeGreaterThanOrEqual(20);
    const withBody = operations.filter((operation) => operation.body);
    expect(withBody.length).toBeGreaterThanOrEqual(8);
    // Dollar amounts are recognised by their description; a reworded one would go unfuzzed.
    expect(JSON.stringify(withBody.map((operation) => operation.body))).toContain(
      MONEY_DESCRIPTION,
    );
  });

  it('generates only values the document allows, hints included', () => {
    for (const operation of operations) {
      const schemas = [
        ...operation.parameters.map((parameter) => [parameter.name, parameter.schema] as const),
        ...(operation.body ? [['body', operation.body.schema] as const] : []),
      ];
      for (const [name, schema] of schemas) {
        const values = fc.sample(validArbitrary(schema, context.hints(operation), name), {
          seed,
          numRuns: 50,
        });
        for (const value of values) expect(schemaErrors(schema, value), operation.key).toEqual([]);
      }
    }
  });

  it('answers every generated request within the document and refuses every bad input (Schemathesis checks; OWASP ASVS 5.0 2.2.1)', async () => {
    const prototypeBefore = Object.getOwnPropertyNames(Object.prototype).sort();
    const started = performance.now();
    for (const operation of operations) {
      const requests = fc.sample(fuzzRequestArbitrary(operation, await contextFor(operation)), {
        seed: seedFor(operation),
        numRuns: runsFor(operation),
      });
      for (const request of requests) {
        const sent = performance.now();
        const answer = await send(request);
        report.record(
          request,
          answer.status,
          checkAnswer(request, answer),
          performance.now() - sent,
        );
      }
    }
    console.info(report.format(seed, (performance.now() - started) / 1000));

    const totals = report.totals();
    expect(totals.requests).toBeGreaterThanOrEqual(20_000);
    expect(report.failures.map((failure) => failure.problems)).toEqual([]);
    expect(totals).toMatchObject({
      serverErrors: 0,
      mismatches: 0,
      badInputsAccepted: 0,
      wrongRefusalStatus: 0,
    });
    // Nothing sent may have polluted the prototype every object shares.
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(prototypeBefore);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    // The session the fuzz used is still live, so its 4xx answers were not all 401s.
    expect((await server.api(API_PATHS.me, { token: mariaToken })).status).toBe(200);
    // Some 30,000 requests one after another: about two minutes alone on two cores, and more
    // while another test file shares them.
  }, 480_000);
});
