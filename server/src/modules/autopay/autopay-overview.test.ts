import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_PLAN_PATHS, autopayOverviewSchema } from '@webpay/contracts/payment-plans';
import { auditEvents } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { expectEndedAndUnknownRefused } from '../../../test/support/refused-reads.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

const { maria } = DEMO_GUARANTORS;

describe.each(testDatabaseKinds)('autopay overview in one trip (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers a live session and, as before, leaves no audit row', async () => {
    const token = await server.login(maria.accountNumber, maria.pin);
    const response = await server.api(PAYMENT_PLAN_PATHS.autopay, {
      token,
      headers: { 'X-Request-Id': 'autopay-live' },
    });
    expect(response.status).toBe(200);
    const overview = autopayOverviewSchema.parse(await response.json());
    expect(overview.statement).toBeNull();
    expect(overview.plans.map((plan) => plan.planNumber)).toEqual(['PP-7001', 'PP-7002']);
    const audited = await server.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.requestId, 'autopay-live'));
    expect(audited).toEqual([]);
  });

  it('refuses an ended or unknown session as the authenticate hook did, reading nothing', async () => {
    await expectEndedAndUnknownRefused(server, PAYMENT_PLAN_PATHS.autopay, maria, 'autopay');
  });
});
