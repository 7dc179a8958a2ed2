import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_PLAN_PATHS } from '@webpay/contracts/payment-plans';
import { DEMO_GUARANTORS } from '../../demo/demo-guarantors.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

const { maria } = DEMO_GUARANTORS;

describe('autopay routes', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer('pglite');
    token = await server.login(maria.accountNumber, maria.pin);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('needs a signed-in guarantor', async () => {
    const response = await server.api(PAYMENT_PLAN_PATHS.statementAutopay, { method: 'DELETE' });
    expect(response.status).toBe(401);
  });

  it('turning off autopay on statements that is not on answers that nothing still runs', async () => {
    const response = await server.api(PAYMENT_PLAN_PATHS.statementAutopay, {
      method: 'DELETE',
      token,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ stillCharging: null });
  });

  it('a plan of the billing office or of nobody is not found; a bad skip is refused', async () => {
    const plan = await server.api(PAYMENT_PLAN_PATHS.planAutopay('PP-7001'), {
      method: 'DELETE',
      token,
    });
    expect(plan.status).toBe(404);
    const skip = await server.api(PAYMENT_PLAN_PATHS.skip, {
      method: 'POST',
      token,
      body: { kind: 'instalment', planNumber: 'PP-NOPE', instalmentNumber: 1 },
    });
    expect(skip.status).toBe(404);
    const invalid = await server.api(PAYMENT_PLAN_PATHS.skip, {
      method: 'POST',
      token,
      body: { kind: 'instalment' },
    });
    expect(invalid.status).toBe(400);
  });
});
