import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHOD_PATHS, paymentMethodListSchema } from '@webpay/contracts/payment-methods';
import { auditEvents } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { expectEndedAndUnknownRefused } from '../../../test/support/refused-reads.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

const { maria } = DEMO_GUARANTORS;

describe.each(testDatabaseKinds)('saved methods listed in one trip (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers a live session and, as before, leaves no audit row', async () => {
    const token = await server.login(maria.accountNumber, maria.pin);
    const response = await server.api(PAYMENT_METHOD_PATHS.list, {
      token,
      headers: { 'X-Request-Id': 'methods-live' },
    });
    expect(response.status).toBe(200);
    expect(paymentMethodListSchema.parse(await response.json())).toEqual({ methods: [] });
    const audited = await server.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.requestId, 'methods-live'));
    expect(audited).toEqual([]);
  });

  it('refuses an ended or unknown session as the authenticate hook did, reading nothing', async () => {
    await expectEndedAndUnknownRefused(server, PAYMENT_METHOD_PATHS.list, maria, 'methods');
  });
});
