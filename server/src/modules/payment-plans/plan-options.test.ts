import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_PLAN_PATHS, planOptionsSchema } from '@webpay/contracts/payment-plans';
import { auditEvents } from '../../db/schema.ts';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { expectEndedAndUnknownRefused } from '../../../test/support/refused-reads.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

const { maria } = DEMO_GUARANTORS;

describe.each(testDatabaseKinds)('plan options in one trip (%s)', (kind) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(kind);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('answers a live session and, as before, leaves no audit row', async () => {
    const token = await server.login(maria.accountNumber, maria.pin);
    const response = await server.api(PAYMENT_PLAN_PATHS.options, {
      token,
      headers: { 'X-Request-Id': 'plan-options-live' },
    });
    expect(response.status).toBe(200);
    expect(planOptionsSchema.parse(await response.json()).eligible.length).toBeGreaterThan(0);
    const audited = await server.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.requestId, 'plan-options-live'));
    expect(audited).toEqual([]);
  });

  it('refuses an ended or unknown session as the authenticate hook did, reading nothing', async () => {
    await expectEndedAndUnknownRefused(server, PAYMENT_PLAN_PATHS.options, maria, 'plan-options');
  });
});
