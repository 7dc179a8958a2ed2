import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { userSchema } from '@webpay/contracts/auth';
import { paymentHistorySchema } from '@webpay/contracts/payment-history';
import { statementListSchema } from '@webpay/contracts/statements';
import { errorObjectSchema } from '@webpay/contracts/errors';
import { DEMO_GUARANTORS } from '../demo/demo-guarantors.ts';
import type { Services } from '../plugins/services.ts';
import { testDatabaseKinds } from '../../test/support/database.ts';
import { startTestServer, type TestServer } from '../../test/support/test-server.ts';
import { compiledSerializer } from './compiled-serializer.ts';

/** What the zod serializer wrote before, and what the compiled one writes now. */
function bothWritten(schema: ZodType, answer: unknown) {
  const checked = serializerCompiler({ schema, method: 'GET', url: '/' })(answer);
  const compiled = compiledSerializer({ schema, method: 'GET', url: '/' })(answer);
  return { checked: JSON.parse(checked) as unknown, compiled: JSON.parse(compiled) as unknown };
}

const context = { requestId: 'serializer', correlationId: 'serializer', ipAddress: '127.0.0.1' };

type Read = (services: Services, token: string) => Promise<{ payload: unknown }>;

const READS: [string, ZodType, Read][] = [
  ['GET /auth/me', userSchema, (services, token) => services.auth.currentUser(token, context)],
  [
    'GET /statements',
    statementListSchema,
    (services, token) =>
      services.statements.list(token, context, { route: 'GET /statements', values: {} }),
  ],
  [
    'GET /payments',
    paymentHistorySchema,
    (services, token) =>
      services.paymentHistory.history(token, context, {
        route: 'GET /payments',
        values: { from: null, to: null },
      }),
  ],
];

describe.each(testDatabaseKinds)('the compiled serializer of the busiest reads (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });

  afterAll(async () => {
    await server?.close();
  });

  describe.each(['maria', 'robert'] as const)('%s', (key) => {
    it.each(READS)('%s: writes what the zod serializer wrote', async (_route, schema, read) => {
      const { accountNumber, pin } = DEMO_GUARANTORS[key];
      const token = await server.login(accountNumber, pin);
      const { payload } = await read(server.app.services, token);
      const { checked, compiled } = bothWritten(schema, payload);
      expect(compiled).toEqual(checked);
    });
  });
});

describe('the compiled serializer', () => {
  it('writes only what the schema declares, so nothing else can leak', () => {
    const answer = {
      code: 'NOT_FOUND',
      status: 404,
      title: 'Not found',
      details: ['Nothing here.'],
      pinHash: 'scrypt$secret',
    };
    const written = JSON.parse(
      compiledSerializer({ schema: errorObjectSchema, method: 'GET', url: '/' })(answer),
    ) as Record<string, unknown>;
    expect(written).not.toHaveProperty('pinHash');
    expect(written).toEqual(bothWritten(errorObjectSchema, answer).checked);
  });
});
