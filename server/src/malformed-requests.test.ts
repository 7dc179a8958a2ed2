import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorObjectSchema } from '@webpay/contracts/errors';
import { SERVICE_BASE_PATH } from '@webpay/contracts/api';
import { testDatabaseKinds } from '../test/support/database.ts';
import { startTestServer, type TestServer } from '../test/support/test-server.ts';

/*
 * Whatever arrives at any documented endpoint — wrong types, junk, hostile
 * tokens, missing headers — the answer is the SPEC error object and never a
 * 5xx. The endpoint list comes from the OpenAPI document, so a new route is
 * covered the day it is added.
 */

interface Operation {
  method: string;
  path: string;
}

const hostileBodies: { label: string; body: string; contentType?: string }[] = [
  { label: 'malformed JSON', body: '{"accountNumber": ' },
  { label: 'a JSON array', body: '[1,2,3]' },
  { label: 'a JSON string', body: '"hello"' },
  { label: 'null', body: 'null' },
  { label: 'wrong types', body: '{"accountNumber": 100200300, "pin": ["4827"]}' },
  { label: 'huge numbers', body: '{"accountNumber": "1e309", "pin": 1e309}' },
  {
    label: 'prototype pollution',
    body: '{"__proto__": {"admin": true}, "constructor": {"prototype": {}}}',
  },
  {
    label: 'extra fields',
    body: '{"accountNumber": "100200300", "pin": "48271936", "role": "admin"}',
  },
  { label: 'unicode junk', body: '{"accountNumber": "\\u0000\\ud800", "pin": "٤٨٢٧١٩٣٦"}' },
  {
    label: 'form body',
    body: 'accountNumber=1&pin=2',
    contentType: 'application/x-www-form-urlencoded',
  },
  { label: 'text body', body: 'hello', contentType: 'text/plain' },
];

const hostileTokens = [
  'not-a-token',
  'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.',
  'a.b.c',
  `${'x'.repeat(4000)}`,
];

describe.each(testDatabaseKinds)('malformed requests to every endpoint (%s)', (kind) => {
  let server: TestServer;
  let operations: Operation[];

  beforeAll(async () => {
    server = await startTestServer(kind);
    const document = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods)
        .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => ({ method: method.toUpperCase(), path })),
    );
  });

  afterAll(async () => {
    await server?.close();
  });

  async function expectErrorObjectOrSuccess(response: Response, what: string) {
    expect(response.status, what).toBeLessThan(500);
    if (response.status >= 400) {
      const body: unknown = await response.json();
      expect(errorObjectSchema.safeParse(body).success, `${what}: ${JSON.stringify(body)}`).toBe(
        true,
      );
    } else {
      await response.arrayBuffer();
    }
  }

  it('finds the service endpoints in the OpenAPI document', () => {
    const servicePaths = operations.filter((operation) =>
      operation.path.startsWith(SERVICE_BASE_PATH),
    );
    expect(servicePaths.length).toBeGreaterThanOrEqual(6);
  });

  it('answers hostile bodies with error objects, never 5xx', async () => {
    for (const operation of operations) {
      for (const hostile of hostileBodies) {
        const response = await fetch(`${server.baseUrl}${operation.path}`, {
          method: operation.method === 'GET' ? 'POST' : operation.method,
          headers: {
            ...server.apiHeaders(),
            'Content-Type': hostile.contentType ?? 'application/json',
          },
          body: hostile.body,
        });
        await expectErrorObjectOrSuccess(
          response,
          `${operation.method} ${operation.path} with ${hostile.label}`,
        );
      }
    }
  });

  it('answers hostile tokens and missing headers with error objects, never 5xx', async () => {
    for (const operation of operations) {
      const url = `${server.baseUrl}${operation.path}`;
      const attempts: { label: string; headers: Record<string, string> }[] = [
        ...hostileTokens.map((token) => ({
          label: `token ${token.slice(0, 20)}`,
          headers: { ...server.apiHeaders(), Authorization: `Bearer ${token}` },
        })),
        {
          label: 'a non-bearer scheme',
          headers: { ...server.apiHeaders(), Authorization: 'Basic Zm9vOmJhcg==' },
        },
        { label: 'no headers', headers: {} },
        { label: 'junk query', headers: server.apiHeaders() },
      ];
      for (const attempt of attempts) {
        const query = attempt.label === 'junk query' ? '?a[b][c]=1&%zz&next=//evil' : '';
        const response = await fetch(`${url}${query}`, {
          method: operation.method,
          headers: {
            ...attempt.headers,
            ...(operation.method === 'GET' ? {} : { 'Content-Type': 'application/json' }),
          },
          body: operation.method === 'GET' ? undefined : '{}',
        });
        await expectErrorObjectOrSuccess(
          response,
          `${operation.method} ${operation.path} with ${attempt.label}`,
        );
      }
    }
  });
});
