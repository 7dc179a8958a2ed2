import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_KEY_HEADER,
  API_PATHS,
  SERVICE_BASE_PATH,
  XHR_MARKER_HEADER,
  XHR_MARKER_VALUE,
} from '@webpay/contracts/api';
import { errorObjectSchema, type ErrorObject } from '@webpay/contracts/errors';
import { OFFICE_API_BASE_PATH } from '@webpay/contracts/office';
import { PAYMENT_METHOD_PATHS } from '@webpay/contracts/payment-methods';
import { PAYMENT_PLAN_PATHS } from '@webpay/contracts/payment-plans';
import { ASSISTANCE_APPLICATION_PATHS } from '@webpay/contracts/assistance-application';
import { FINANCIAL_ASSISTANCE_PATHS } from '@webpay/contracts/financial-assistance';
import { createTestDatabase, testDatabaseKinds } from '../test/support/database.ts';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Reads a response that must be the SPEC error object and checks its ids match the headers. */
async function errorOf(response: Response): Promise<ErrorObject> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = errorObjectSchema.strict().parse(await response.json());
  expect(body.status).toBe(response.status);
  expect(body.requestId).toBe(response.headers.get('x-request-id'));
  expect(body.correlationId).toBe(response.headers.get('x-correlation-id'));
  return body;
}

function logCapture() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      done();
    },
  });
  return { stream, lines };
}

describe.each(testDatabaseKinds)('the service over HTTP (%s)', (kind) => {
  let server: TestServer;
  const logs = logCapture();

  beforeAll(async () => {
    server = await startTestServer(kind, {
      logStream: logs.stream,
      beforeListen: (app) => {
        app.get('/test-only/boom', { schema: { hide: true } }, async () => {
          throw new Error('secret internals: connection string postgres://user:pw@db');
        });
      },
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  describe('error objects', () => {
    it('answers an unknown service route with 404 ROUTE_NOT_FOUND', async () => {
      const response = await server.api('/no-such-route?token=abc');
      expect(response.status).toBe(404);
      const error = await errorOf(response);
      expect(error).toMatchObject({ code: 'ROUTE_NOT_FOUND', title: 'Not found' });
      expect(error.details[0]).toContain(`GET ${SERVICE_BASE_PATH}/no-such-route`);
      expect(error.details[0]).not.toContain('abc');
    });

    it('answers any unknown path and method with the error object', async () => {
      expect((await errorOf(await fetch(`${server.baseUrl}/nope`))).code).toBe('ROUTE_NOT_FOUND');
      const wrongMethod = await server.api(API_PATHS.encounters, { method: 'DELETE' });
      expect(wrongMethod.status).toBe(404);
      expect((await errorOf(wrongMethod)).code).toBe('ROUTE_NOT_FOUND');
    });

    it('answers an undecodable URL with 400 before routing', async () => {
      const response = await fetch(`${server.baseUrl}${SERVICE_BASE_PATH}/%E0%A4%A`);
      expect(response.status).toBe(400);
      expect((await errorOf(response)).code).toBe('VALIDATION_ERROR');
    });

    it('names each bad field of a request body', async () => {
      const response = await server.api(API_PATHS.login, {
        body: { accountNumber: '12', pin: 'abcd', remember: true },
      });
      expect(response.status).toBe(400);
      const error = await errorOf(response);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.details).toEqual([
        'body.accountNumber: Account number must be 6 to 12 digits',
        'body.pin: PIN must be 4 to 12 digits',
        'body: Unrecognized key: "remember"',
      ]);
    });

    it('asks for a body when there is none', async () => {
      const response = await server.api(API_PATHS.login, { method: 'POST' });
      expect(response.status).toBe(400);
      expect((await errorOf(response)).details).toEqual(['body: A JSON request body is required.']);
    });

    it('answers malformed JSON with 400, not 500', async () => {
      const response = await fetch(server.apiUrl(API_PATHS.login), {
        method: 'POST',
        headers: { ...server.apiHeaders(), 'Content-Type': 'application/json' },
        body: '{"accountNumber": "100200300",',
      });
      expect(response.status).toBe(400);
      expect(await errorOf(response)).toMatchObject({
        code: 'VALIDATION_ERROR',
        title: 'Malformed JSON',
      });
    });

    it('answers a body that is not JSON with 415', async () => {
      for (const contentType of ['text/plain', 'application/x-www-form-urlencoded']) {
        const response = await fetch(server.apiUrl(API_PATHS.login), {
          method: 'POST',
          headers: { ...server.apiHeaders(), 'Content-Type': contentType },
          body: 'accountNumber=100200300&pin=48271936',
        });
        expect(response.status, contentType).toBe(415);
        expect((await errorOf(response)).code).toBe('UNSUPPORTED_MEDIA_TYPE');
      }
    });

    it('answers a too large body with 413', async () => {
      const response = await server.api(API_PATHS.login, {
        body: { accountNumber: '100200300', pin: '1'.repeat(100_000) },
      });
      expect(response.status).toBe(413);
      expect((await errorOf(response)).code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('answers an unexpected failure with a bare 500 and logs the stack', async () => {
      const response = await fetch(`${server.baseUrl}/test-only/boom`, {
        headers: { 'X-Request-Id': 'boom-request-1' },
      });
      expect(response.status).toBe(500);
      const text = await response.clone().text();
      expect(text).not.toContain('secret internals');
      expect(text).not.toContain('postgres://');
      expect(await errorOf(response)).toMatchObject({
        code: 'INTERNAL_ERROR',
        title: 'An unexpected error occurred',
        details: ['An error occurred while processing your request. Please try again later.'],
        requestId: 'boom-request-1',
      });
      const logged = logs.lines.find(
        (line) => line.requestId === 'boom-request-1' && line.level === 50,
      ) as { err?: { stack?: string } } | undefined;
      expect(logged?.err?.stack).toContain('secret internals');
    });
  });

  describe('API guard', () => {
    it('requires the API key (401)', async () => {
      const response = await fetch(server.apiUrl(API_PATHS.configApp), {
        headers: { [XHR_MARKER_HEADER]: XHR_MARKER_VALUE },
      });
      expect(response.status).toBe(401);
      expect(await errorOf(response)).toMatchObject({
        code: 'API_KEY_REQUIRED',
        details: ['Send the X-API-Key header with the key configured for this service.'],
      });
    });

    it('refuses a wrong API key (403)', async () => {
      const response = await fetch(server.apiUrl(API_PATHS.configApp), {
        headers: { [API_KEY_HEADER]: 'wrong-key', [XHR_MARKER_HEADER]: XHR_MARKER_VALUE },
      });
      expect(response.status).toBe(403);
      expect((await errorOf(response)).code).toBe('API_KEY_INVALID');
    });

    it('requires the XHR marker (403)', async () => {
      for (const marker of [undefined, 'fetch']) {
        const response = await fetch(server.apiUrl(API_PATHS.configApp), {
          headers: {
            [API_KEY_HEADER]: server.env.WEBPAY_API_KEY,
            ...(marker ? { [XHR_MARKER_HEADER]: marker } : {}),
          },
        });
        expect(response.status).toBe(403);
        expect(await errorOf(response)).toMatchObject({
          code: 'XHR_MARKER_REQUIRED',
          details: [
            'Send the header X-Requested-With: XMLHttpRequest with every call to this service.',
          ],
        });
      }
    });

    it('lets a call with both headers through', async () => {
      expect((await server.api(API_PATHS.configApp)).status).toBe(200);
    });
  });

  describe('request and correlation ids', () => {
    it('returns a fresh request id on every response', async () => {
      const first = await fetch(`${server.baseUrl}/healthz`);
      const second = await fetch(`${server.baseUrl}/healthz`);
      expect(first.headers.get('x-request-id')).toMatch(UUID);
      expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
      expect(first.headers.get('x-correlation-id')).toBe(first.headers.get('x-request-id'));
    });

    it('keeps sane incoming ids and replaces others', async () => {
      const kept = await server.api('/missing', {
        headers: { 'X-Request-Id': 'client-req-42', 'X-Correlation-Id': 'checkout-7' },
      });
      expect(await errorOf(kept)).toMatchObject({
        requestId: 'client-req-42',
        correlationId: 'checkout-7',
      });

      const replaced = await server.api('/missing', {
        headers: { 'X-Request-Id': 'bad id with spaces', 'X-Correlation-Id': '"quoted"' },
      });
      const error = await errorOf(replaced);
      expect(error.requestId).toMatch(UUID);
      expect(error.correlationId).toBe(error.requestId);
    });

    it('writes JSON log lines that all carry the request id, and never the PIN or token', async () => {
      const requestId = 'log-check-1';
      const response = await server.api(API_PATHS.login, {
        body: { accountNumber: '100200300', pin: '48271936' },
        headers: { 'X-Request-Id': requestId, 'X-Correlation-Id': 'log-flow-1' },
      });
      const { access_token: token } = (await response.json()) as { access_token: string };
      await server.api(API_PATHS.me, { token, headers: { 'X-Request-Id': 'log-check-2' } });
      await (
        await fetch(`${server.baseUrl}/webpay/login/magic?abracadabra=magic-secret-123`)
      ).text();

      const lines = logs.lines.filter((line) => line.requestId === requestId);
      expect(lines.length).toBeGreaterThanOrEqual(2);
      for (const line of lines) expect(line.correlationId).toBe('log-flow-1');
      const text = JSON.stringify(logs.lines);
      expect(text).not.toContain('48271936');
      expect(text).not.toContain(token);
      expect(text).not.toContain(server.env.WEBPAY_API_KEY);
      expect(text).not.toContain('magic-secret-123');
      expect(text).toContain('/webpay/login/magic?abracadabra=[REDACTED]');
    });
  });

  describe('security headers', () => {
    it('sends a strict CSP, HSTS, nosniff and the referrer policy on every kind of answer', async () => {
      const answers = [
        await fetch(`${server.baseUrl}/healthz`),
        await server.api(API_PATHS.configApp),
        await server.api('/missing'),
        await fetch(server.apiUrl(API_PATHS.configApp)),
      ];
      for (const response of answers) {
        const csp = response.headers.get('content-security-policy') ?? '';
        const processor = new URL(server.env.CONVERGE_HOSTED_URL).origin;
        expect(csp).toContain("default-src 'self'");
        expect(csp).toContain(`script-src 'self' ${processor}`);
        expect(csp).toContain("style-src 'self';");
        const scriptSrc = csp
          .split(';')
          .find((directive) => directive.trim().startsWith('script-src'));
        expect(scriptSrc).not.toContain('unsafe-inline');
        expect(scriptSrc).not.toContain('unsafe-eval');
        expect(csp).toContain("img-src 'self' data:");
        expect(csp).toContain(`connect-src 'self' ${processor}`);
        expect(csp).toContain(`frame-src ${processor}`);
        expect(csp).toContain("object-src 'none'");
        expect(csp).toContain("base-uri 'none'");
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toContain("form-action 'self'");
        expect(response.headers.get('strict-transport-security')).toBe(
          'max-age=31536000; includeSubDomains',
        );
        expect(response.headers.get('x-content-type-options')).toBe('nosniff');
        expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
        expect(response.headers.get('x-frame-options')).toBe('DENY');
      }
    });

    it('forbids caching every service answer, refusals included', async () => {
      const answers = [
        await server.api(API_PATHS.configApp),
        await server.api(API_PATHS.encounters),
        await server.api('/missing'),
        await fetch(server.apiUrl(API_PATHS.configApp)),
      ];
      for (const response of answers) {
        expect(response.headers.get('cache-control')).toBe('no-store');
      }
    });
  });

  describe('OpenAPI', () => {
    it('publishes an OpenAPI 3.1 document listing every route with its errors', async () => {
      const response = await fetch(`${server.baseUrl}/api/openapi.json`);
      expect(response.status).toBe(200);
      const document = (await response.json()) as {
        openapi: string;
        info: { title: string };
        paths: Record<
          string,
          Record<string, { responses: Record<string, unknown>; security?: unknown[] }>
        >;
        components: { schemas: Record<string, unknown>; securitySchemes: Record<string, unknown> };
      };
      expect(document.openapi).toBe('3.1.0');
      expect(document.info.title).toBe('WebPay billing service');

      // The billing office's operations are listed by its own tests (modules/staff).
      const operations = Object.entries(document.paths)
        .filter(([path]) => !path.startsWith(OFFICE_API_BASE_PATH))
        .flatMap(([path, methods]) =>
          Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
        );
      const service = (path: string) => `${SERVICE_BASE_PATH}${path}`;
      expect(operations.sort()).toEqual(
        [
          'GET /healthz',
          'GET /readyz',
          `GET ${service(API_PATHS.configApp)}`,
          `GET ${service(API_PATHS.configContactInfo)}`,
          `GET ${service(FINANCIAL_ASSISTANCE_PATHS.policy)}`,
          `POST ${service(FINANCIAL_ASSISTANCE_PATHS.estimate)}`,
          `POST ${service(API_PATHS.login)}`,
          `POST ${service(API_PATHS.loginMagic)}`,
          `POST ${service(API_PATHS.loginMagicRequest)}`,
          `POST ${service(API_PATHS.loginEmail)}`,
          `POST ${service(API_PATHS.loginCode)}`,
          `POST ${service(API_PATHS.signupEmail)}`,
          `POST ${service(API_PATHS.signupSendCode)}`,
          `POST ${service(API_PATHS.mfaEmail)}`,
          `GET ${service(API_PATHS.me)}`,
          `PUT ${service(API_PATHS.meLanguage)}`,
          `POST ${service(API_PATHS.logout)}`,
          `GET ${service(API_PATHS.encounters)}`,
          `POST ${service(API_PATHS.paymentsInit)}`,
          `POST ${service(API_PATHS.paymentsAch)}`,
          `PUT ${service('/payments/{id}/card')}`,
          `DELETE ${service('/payments/{id}')}`,
          `GET ${service(API_PATHS.payments)}`,
          `GET ${service('/receipts/{receiptId}')}`,
          `GET ${service(PAYMENT_PLAN_PATHS.options)}`,
          `POST ${service(PAYMENT_PLAN_PATHS.create)}`,
          `GET ${service(API_PATHS.statements)}`,
          `GET ${service('/statements/{id}')}`,
          `GET ${service('/statements/{id}/pdf')}`,
          `GET ${service(PAYMENT_METHOD_PATHS.list)}`,
          `POST ${service(PAYMENT_METHOD_PATHS.cardSetup)}`,
          `PUT ${service('/payment-methods/card/{id}')}`,
          `POST ${service(PAYMENT_METHOD_PATHS.bank)}`,
          `PUT ${service('/payment-methods/{id}/default')}`,
          `DELETE ${service('/payment-methods/{id}')}`,
          `PUT ${service('/payment-plans/{planNumber}/autopay')}`,
          `DELETE ${service('/payment-plans/{planNumber}/autopay')}`,
          `GET ${service(PAYMENT_PLAN_PATHS.autopay)}`,
          `PUT ${service(PAYMENT_PLAN_PATHS.statementAutopay)}`,
          `DELETE ${service(PAYMENT_PLAN_PATHS.statementAutopay)}`,
          `POST ${service(PAYMENT_PLAN_PATHS.skip)}`,
          `GET ${service(ASSISTANCE_APPLICATION_PATHS.applications)}`,
          `POST ${service(ASSISTANCE_APPLICATION_PATHS.applications)}`,
          `GET ${service('/financial-assistance/applications/{reference}')}`,
          `POST ${service('/financial-assistance/applications/{reference}/documents')}`,
          `POST ${service('/financial-assistance/applications/{reference}/messages')}`,
          `POST ${service('/financial-assistance/applications/{reference}/reply')}`,
        ].sort(),
      );

      for (const [path, methods] of Object.entries(document.paths)) {
        for (const operation of Object.values(methods)) {
          expect(operation.responses['500'], path).toMatchObject({
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/ErrorObject' } },
            },
          });
          if (path.startsWith(SERVICE_BASE_PATH)) {
            expect(Object.keys(operation.responses), path).toEqual(
              expect.arrayContaining(['401', '403', '503']),
            );
            expect(operation.security?.length, path).toBeGreaterThan(0);
          }
        }
      }
      const login = document.paths[service(API_PATHS.login)]?.post;
      expect(Object.keys(login?.responses ?? {})).toEqual(
        expect.arrayContaining(['200', '400', '423', '429']),
      );
      expect(document.components.schemas).toHaveProperty('ErrorObject');
      expect(document.components.schemas).toHaveProperty('EncountersResponse');
      expect(document.components.schemas).toHaveProperty('CardStartRequest');
      expect(document.components.schemas).toHaveProperty('PaymentReceipt');
      const achPayment = document.paths[service(API_PATHS.paymentsAch)]?.post;
      expect(Object.keys(achPayment?.responses ?? {})).toEqual(
        expect.arrayContaining(['200', '400', '402', '404', '408', '409']),
      );
      expect(document.components.schemas).toHaveProperty('PinLoginRequestInput');
      expect(document.components.schemas).toHaveProperty('StatementDetail');
      expect(document.components.schemas).toHaveProperty('PaymentHistory');
      const statementPdf = document.paths[service('/statements/{id}/pdf')]?.get;
      expect(statementPdf?.responses['200']).toMatchObject({
        content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } },
      });
      expect(Object.keys(statementPdf?.responses ?? {})).toEqual(
        expect.arrayContaining(['400', '401', '403', '404']),
      );
      expect(document.components.securitySchemes).toEqual({
        apiKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'X-API-Key' }),
        xhrMarker: expect.objectContaining({
          type: 'apiKey',
          in: 'header',
          name: 'X-Requested-With',
        }),
        bearerAuth: expect.objectContaining({
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
        }),
        staffBearerAuth: expect.objectContaining({
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
        }),
      });
    });

    it('serves the browsable docs with a CSP that lets their own assets load', async () => {
      const page = await fetch(`${server.baseUrl}/api/docs/`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('swagger-ui-bundle.js');
      const csp = page.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'swagger-initializer.js']) {
        const response = await fetch(`${server.baseUrl}/api/docs/static/${asset}`);
        expect(response.status, asset).toBe(200);
        expect((await response.arrayBuffer()).byteLength, asset).toBeGreaterThan(0);
      }
    });
  });

  describe('health', () => {
    it('reports liveness and readiness without the API key', async () => {
      for (const path of ['/healthz', '/readyz']) {
        const response = await fetch(`${server.baseUrl}${path}`);
        expect(response.status, path).toBe(200);
        expect(await response.json()).toEqual({ status: 'ok' });
      }
    });

    it('is not ready from the moment shutdown begins, while still alive and serving', async () => {
      const stopping = await startTestServer(kind);
      try {
        expect((await fetch(`${stopping.baseUrl}/readyz`)).status).toBe(200);
        stopping.app.beginShutdown();
        const ready = await fetch(`${stopping.baseUrl}/readyz`);
        expect(ready.status).toBe(503);
        expect((await errorOf(ready)).code).toBe('SHUTTING_DOWN');
        expect((await fetch(`${stopping.baseUrl}/healthz`)).status).toBe(200);
        expect((await stopping.api(API_PATHS.configApp)).status).toBe(200);
      } finally {
        await stopping.close();
      }
    });
  });
});

describe.each(testDatabaseKinds)('when the database is down (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    const database = await createTestDatabase(kind);
    server = await startTestServer(kind, { database });
    await database.close();
  });

  afterAll(async () => {
    await server?.close();
  });

  it('stays alive but not ready', async () => {
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
    const response = await fetch(`${server.baseUrl}/readyz`);
    expect(response.status).toBe(503);
    expect((await errorOf(response)).code).toBe('DATABASE_UNAVAILABLE');
  });

  it('answers service calls with 503 DATABASE_UNAVAILABLE', async () => {
    const config = await server.api(API_PATHS.configApp);
    expect(config.status).toBe(503);
    expect(await errorOf(config)).toMatchObject({
      code: 'DATABASE_UNAVAILABLE',
      title: 'Service unavailable',
    });
    const login = await server.api(API_PATHS.login, {
      body: { accountNumber: '100200300', pin: '48271936' },
    });
    expect(login.status).toBe(503);
  });
});
