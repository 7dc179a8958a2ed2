import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../../../test/support/database.ts';
import { cliRunner } from '../../../test/support/cli.ts';
import {
  echeckPurchase,
  sandboxConvergeEnv,
  uniqueInvoice,
} from '../../../test/support/converge-sandbox.ts';
import { startTestServer, type TestServer } from '../../../test/support/test-server.ts';
import { ConvergeClient } from '../../modules/payments/index.ts';
import type { Env } from '../../env.ts';

describe.each(testDatabaseKinds)('webpay sandbox-settle (%s)', (kind) => {
  let server: TestServer;
  let env: Env;
  const run = cliRunner(() => ({ ...server, env }));

  beforeAll(async () => {
    server = await startTestServer(kind, { env: { SANDBOX_SETTLEMENT_TIME: 'off' } });
    env = server.env;
  });

  afterAll(async () => {
    await server?.close();
  });

  it('settles the open batch, so the sale is settled for the processor', async () => {
    const client = new ConvergeClient(sandboxConvergeEnv(server.baseUrl, server.env));
    const purchase = await echeckPurchase(client, uniqueInvoice('WP-CLI'), 12_345);

    const settled = await run('sandbox-settle');
    expect(settled.err).toEqual([]);
    expect(settled.code).toBe(0);
    expect(settled.out).toEqual([
      expect.stringMatching(
        /^sandbox-settle: batch \d{6}-[A-Z0-9]{6} settled at \d{2}\/\d{2}\/\d{4} .* UTC: 1 transaction, net \$123\.45$/,
      ),
    ]);
    const [txn] = await client.queryTransaction({ txnId: purchase.ssl_txn_id ?? '' });
    expect(txn?.ssl_trans_status).toBe('STL');
    expect(settled.out[0]).toContain(`batch ${txn?.ssl_batch_no} `);

    expect(await run('sandbox-settle')).toEqual({
      code: 0,
      out: ['sandbox-settle: nothing to settle; the open batch is empty.'],
      err: [],
    });
  });

  it('refuses to run without the sandbox processor or in production', async () => {
    const cases: Partial<Env>[] = [
      { SANDBOX_PROCESSOR: false },
      { NODE_ENV: 'production' },
      { CONVERGE_XML_URL: 'https://api.demo.convergepay.com/VirtualMerchantDemo/processxml.do' },
    ];
    try {
      for (const change of cases) {
        env = { ...server.env, ...change };
        const refused = await run('sandbox-settle');
        expect(refused.code, JSON.stringify(change)).toBe(1);
        expect(refused.out).toEqual([]);
        expect(refused.err[0]).toMatch(/^sandbox-settle: the sandbox processor is not in use/);
      }
    } finally {
      env = server.env;
    }
  });
});
