import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, IDEMPOTENCY_KEY_HEADER, SERVICE_BASE_PATH } from '@webpay/contracts/api';
import { errorObjectSchema } from '@webpay/contracts/errors';
import { DEMO_GUARANTORS } from '../../src/demo/demo-guarantors.ts';
import { MARIA_LINES, MARIA_PAYER } from '../support/payments.ts';
import { startTestServer, type TestServer } from '../support/test-server.ts';
import { fetchOpenApiDocument, operationsOf } from './openapi-document.ts';

/*
 * What the API fuzzer found, each kept as a plain regression test
 * (Schemathesis checks: not_a_server_error, status_code_conformance).
 */

const { maria } = DEMO_GUARANTORS;

describe('regressions found by fuzzing (pglite)', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    token = await server.login(maria.accountNumber, maria.pin);
  });

  afterAll(async () => {
    await server?.close();
  });

  async function refusal(response: Response, status: number) {
    const body = errorObjectSchema.strict().parse(await response.json());
    expect(response.status).toBe(status);
    expect(body.status).toBe(status);
    return body;
  }

  it('refuses a NUL character anywhere in the input with 400, where the database made it a 500 (Schemathesis not_a_server_error)', async () => {
    for (const path of ['/statements/a%00b', '/statements/a%00b/pdf', '/receipts/a%00b']) {
      const body = await refusal(await server.api(path, { token }), 400);
      expect(body.details.join()).toContain('NUL');
    }
    const code = await server.api(API_PATHS.loginCode, {
      body: { guarantorId: 'g', verificationId: 'a\u0000b', code: '123456' },
    });
    expect((await refusal(code, 400)).details).toEqual([
      'body.verificationId: must not contain the NUL character',
    ]);
    const history = await server.api(`${API_PATHS.payments}?from=2026-01-01%00`, { token });
    await refusal(history, 400);
  });

  it('reads a body nested thousands of levels deep without running out of stack (Schemathesis not_a_server_error)', async () => {
    const response = await fetch(server.apiUrl(API_PATHS.loginCode), {
      method: 'POST',
      headers: { ...server.apiHeaders(), 'Content-Type': 'application/json' },
      // The JSON escape of NUL, so the guard walks all the way down to it.
      body: `${'['.repeat(5000)}"\\u0000"${']'.repeat(5000)}`,
    });
    await refusal(response, 400);
  });

  it('documents the 414 the router answers for a path parameter over its length (Schemathesis status_code_conformance)', async () => {
    const operations = operationsOf(await fetchOpenApiDocument(server.app), SERVICE_BASE_PATH);
    const withPathParameters = operations.filter((operation) =>
      operation.parameters.some((parameter) => parameter.in === 'path'),
    );
    expect(withPathParameters.length).toBeGreaterThanOrEqual(5);
    for (const operation of withPathParameters) {
      expect(Object.keys(operation.responses), operation.key).toContain('414');
    }
    await refusal(await server.api(`/statements/${'x'.repeat(101)}`, { token }), 414);
  });

  it('starts a card payment whose receipt address the processor would refuse, without it (Schemathesis not_a_server_error)', async () => {
    // Converge takes 100 characters of e-mail, the portal 256; the processor used to answer 500.
    const email = `maria.garcia@${'billing-office.'.repeat(6)}example.com`;
    expect(email.length).toBeGreaterThan(100);
    const response = await server.api(API_PATHS.paymentsInit, {
      token,
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
      body: {
        accounts: [MARIA_LINES.surgery(1.5)],
        payer: { ...MARIA_PAYER, email },
        saveEmailAsGuarantor: false,
      },
    });
    expect(response.status).toBe(200);
  });
});
