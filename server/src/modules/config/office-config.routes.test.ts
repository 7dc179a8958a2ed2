import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_API_PATHS, officeConfigSchema } from '@webpay/contracts/office';
import { officeCall } from '../../../test/support/office.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';

describe('the billing office console configuration (pglite)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer('pglite', { env: { WEBPAY_TIME_ZONE: 'America/Chicago' } });
  });

  afterAll(async () => {
    await server?.close();
  });

  it("GET /config gives the hospital's time zone without a session or the portal's API key", async () => {
    const response = await officeCall(server, OFFICE_API_PATHS.config);
    expect(response.status).toBe(200);
    expect(officeConfigSchema.parse(await response.json())).toEqual({
      timeZone: 'America/Chicago',
    });
  });
});
